/** Stripe's webhooks: events recorded as raised, POSTed oldest first, signed (Stripe-Signature), retried; each attempt recorded. */
import crypto from 'node:crypto';
import { renderEvent } from './objects/events.js';
import type { DeliveryRec, EventRec, Json, State } from './records.js';
import { newId, nowS, type Ctx } from './store.js';

/** The delays before the 2nd, 3rd and 4th attempt of a webhook delivery. */
const RETRY_DELAYS_MS = [500, 2000, 5000];
const DELIVERY_TIMEOUT_MS = 10_000;

export interface StripeWebhooksOptions {
  state: State;
  save(): void;
  log(line: string): void;
  /** Signs deliveries (whsec_...). */
  webhookSecret: string;
  /** Where events are POSTed; undefined: they wait until it is defined. */
  webhookUrl: () => string | undefined;
}

export class StripeWebhooks {
  private closed = false;
  private readonly abort = new AbortController();
  private readonly timers = new Set<NodeJS.Timeout>();
  private ticker: NodeJS.Timeout | undefined;
  private draining = false;
  private drainAgain = false;

  constructor(private readonly opts: StripeWebhooksOptions) {}

  private get state() {
    return this.opts.state;
  }

  /** Picks up events held while no webhook URL was known, and those left pending by a restart. */
  start() {
    this.ticker = setInterval(() => void this.drain(), 1000);
    this.ticker.unref();
    void this.drain();
  }

  close() {
    this.closed = true;
    clearInterval(this.ticker);
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.abort.abort();
  }

  emit(type: string, object: Json, ctx: Ctx, previous?: Json) {
    const e: EventRec = {
      id: newId('evt'),
      seq: ++this.state.seq,
      created: nowS(),
      type,
      object,
      requestId: ctx.requestId,
      idempotencyKey: ctx.idempotencyKey,
      pendingWebhooks: 1,
      autoDeliver: !this.state.webhooksPaused,
      autoAttempts: 0,
      nextAttemptAt: 0,
    };
    if (previous) e.previous = previous;
    this.state.events[e.id] = e;
    // After the current handler has written its response: Stripe never delivers inside the request.
    setImmediate(() => void this.drain());
  }

  /**
   * Delivers due events one at a time in the order they were raised (a failed one is retried later
   * without holding up the rest), so a receiver sees a checkout's events in their natural order.
   */
  async drain(): Promise<void> {
    if (this.draining) {
      this.drainAgain = true;
      return;
    }
    this.draining = true;
    try {
      do {
        this.drainAgain = false;
        for (;;) {
          if (this.closed || this.state.webhooksPaused) return;
          const target = this.webhookUrl();
          if (!target) return;
          const now = Date.now();
          const next = Object.values(this.state.events)
            .filter((e) => e.autoDeliver && e.nextAttemptAt <= now)
            .sort((a, b) => a.seq - b.seq)[0];
          if (!next) break;
          next.autoAttempts += 1;
          const d = await this.attempt(next, target, false);
          if (d.ok || !next.autoDeliver || this.closed) continue;
          const delay = RETRY_DELAYS_MS[next.autoAttempts - 1];
          if (delay === undefined) {
            next.autoDeliver = false;
            this.opts.log(`[stripe] gave up delivering ${next.type} ${next.id} after ${next.autoAttempts} attempts`);
          } else {
            next.nextAttemptAt = Date.now() + delay;
            this.later(delay, () => void this.drain());
          }
          this.opts.save();
        }
      } while (this.drainAgain);
    } finally {
      this.draining = false;
    }
  }

  webhookUrl(): string | undefined {
    try {
      return this.opts.webhookUrl();
    } catch (err) {
      this.opts.log(`[stripe] webhookUrl() failed: ${(err as Error).message}`);
      return undefined;
    }
  }

  private later(ms: number, fn: () => void) {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }

  /** One signed POST of an event; recorded whatever its outcome. */
  async attempt(e: EventRec, target: string, manual: boolean): Promise<DeliveryRec> {
    const payload = JSON.stringify(renderEvent(e), null, 2);
    const t = Math.floor(Date.now() / 1000);
    const signature = crypto.createHmac('sha256', this.opts.webhookSecret).update(`${t}.${payload}`, 'utf8').digest('hex');
    const d: DeliveryRec = {
      event: e.id,
      type: e.type,
      at: Date.now(),
      url: target,
      manual,
      ok: false,
      status: null,
      error: null,
      response: null,
    };
    try {
      const res = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': `t=${t},v1=${signature}`,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'cache-control': 'no-cache',
          accept: '*/*; q=0.5, application/xml',
        },
        body: payload,
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
      });
      d.status = res.status;
      d.ok = res.status >= 200 && res.status < 300;
      d.response = (await res.text()).slice(0, 1000);
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      d.error = cause?.code ?? cause?.message ?? (err as Error).message;
    }
    if (d.ok) {
      e.autoDeliver = false;
      e.pendingWebhooks = 0;
    } else if (!this.closed) {
      this.opts.log(`[stripe] webhook ${e.type} ${e.id} to ${target} failed: ${d.status ?? d.error}`);
    }
    this.state.deliveries.push(d);
    this.opts.save();
    return d;
  }
}
