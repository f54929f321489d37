/** Stripe's webhooks: events recorded as raised, sent by the shared delivery loop signed as Stripe signs; each attempt recorded. */
import crypto from 'node:crypto';
import { WebhookDelivery, type Attempt } from '../webhook-delivery.js';
import { renderEvent } from './objects/events.js';
import type { EventRec, Json, State } from './records.js';
import { newId, nowS, type Ctx } from './store.js';

/** Stripe's signature scheme: `Stripe-Signature: t=<unix time>,v1=<HMAC-SHA256 of "t.body" keyed by the endpoint secret>`. */
export const stripeSignature =
  (webhookSecret: string) =>
  (body: string): Record<string, string> => {
    const t = Math.floor(Date.now() / 1000);
    const v1 = crypto.createHmac('sha256', webhookSecret).update(`${t}.${body}`, 'utf8').digest('hex');
    return { 'stripe-signature': `t=${t},v1=${v1}` };
  };

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
  private readonly delivery: WebhookDelivery<EventRec>;

  constructor(private readonly opts: StripeWebhooksOptions) {
    const { state } = opts;
    this.delivery = new WebhookDelivery<EventRec>({
      label: '[stripe]',
      events: () => Object.values(state.events).sort((a, b) => a.seq - b.seq),
      webhookUrl: opts.webhookUrl,
      paused: () => state.webhooksPaused,
      body: (e) => JSON.stringify(renderEvent(e), null, 2),
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        'cache-control': 'no-cache',
        accept: '*/*; q=0.5, application/xml',
      },
      sign: stripeSignature(opts.webhookSecret),
      record: (e, attempt) => this.record(e, attempt),
      log: opts.log,
    });
  }

  /** Picks up events held while no webhook URL was known, and those left pending by a restart. */
  start() {
    this.delivery.start();
  }

  close() {
    this.delivery.close();
  }

  /** Delivers what is due (after deliveries resume, say). */
  kick() {
    this.delivery.kick();
  }

  webhookUrl() {
    return this.delivery.webhookUrl();
  }

  /** One delivery now, freshly signed, even while deliveries are paused. */
  deliverNow(e: EventRec, target: string) {
    return this.delivery.deliverNow(e, target);
  }

  emit(type: string, object: Json, ctx: Ctx, previous?: Json) {
    const { state } = this.opts;
    const e: EventRec = {
      id: newId('evt'),
      seq: ++state.seq,
      created: nowS(),
      type,
      object,
      requestId: ctx.requestId,
      idempotencyKey: ctx.idempotencyKey,
      pendingWebhooks: 1,
      autoDeliver: !state.webhooksPaused,
      autoAttempts: 0,
      nextAttemptAt: 0,
    };
    if (previous) e.previous = previous;
    state.events[e.id] = e;
    // After the current handler has written its response: Stripe never delivers inside the request.
    this.delivery.kick();
  }

  private record(e: EventRec, a: Attempt) {
    const { log } = this.opts;
    if (a.ok) e.pendingWebhooks = 0;
    else log(`[stripe] webhook ${e.type} ${e.id} to ${a.url} failed: ${a.status ?? a.error}`);
    if (a.gaveUp) log(`[stripe] gave up delivering ${e.type} ${e.id} after ${e.autoAttempts} attempts`);
    const { at, url, manual, ok, status, error, response } = a;
    this.opts.state.deliveries.push({ event: e.id, type: e.type, at, url, manual, ok, status, error, response });
    this.opts.save();
  }
}
