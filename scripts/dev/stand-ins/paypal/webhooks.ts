/** PayPal's webhooks: events recorded as raised, each POSTed with PayPal's transmission headers and signature, retried; every attempt recorded. */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { State, WebhookEvent } from './records.js';
import { AUTH_ALGO, WEBHOOK_CERT_URL, webhookSignature } from './signature.js';
import { now, paypalId } from './store.js';

/** Waits before the 2nd, 3rd and 4th delivery attempt of an event. */
const RETRY_DELAYS_MS = [500, 2000, 5000];
const DELIVERY_TIMEOUT_MS = 10_000;

export interface PaypalWebhooksOptions {
  url: string;
  state: State;
  save(): void;
  log(line: string): void;
  clientSecret: string;
  webhookId: string;
  webhookUrl: () => string | undefined;
}

export class PaypalWebhooks {
  private closed = false;
  private pausedNow = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inflight = new Set<http.ClientRequest>();
  /** Automatic deliveries stopped by a pause, by event id: the attempt each resumes at. */
  private readonly waiting = new Map<string, number>();

  constructor(private readonly opts: PaypalWebhooksOptions) {}

  get paused() {
    return this.pausedNow;
  }

  /**
   * While paused, events raised are recorded but only a resend delivers them; deliveries (and retries)
   * already under way wait, and go on when delivery resumes.
   */
  setPaused(paused: boolean) {
    this.pausedNow = paused;
    this.opts.log(`paypal: webhook delivery ${paused ? 'paused' : 'resumed'}`);
    if (!paused) {
      for (const [id, attempt] of this.waiting) this.later(0, () => this.deliver(id, attempt, false));
      this.waiting.clear();
    }
  }

  webhookUrl() {
    return this.opts.webhookUrl();
  }

  /** Events left undelivered by the last run go out now, as PayPal keeps retrying. */
  start() {
    for (const e of this.opts.state.events) if (e.status === 'PENDING' && !e.held) this.later(0, () => this.deliver(e.event.id, 0, false));
  }

  /** An explicit resend goes out even while delivery is paused. */
  resend(eventId: string) {
    this.later(0, () => this.deliver(eventId, 0, true));
  }

  close() {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const req of this.inflight) req.destroy();
  }

  private later(ms: number, fn: () => void) {
    if (this.closed) return;
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }

  emit(eventType: string, resourceType: WebhookEvent['resource_type'], summary: string, resource: unknown) {
    const id = `WH-${paypalId()}-${paypalId()}`;
    const eventHref = `${this.opts.url}/v1/notifications/webhooks-events/${id}`;
    const event: WebhookEvent = {
      id,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary,
      resource: structuredClone(resource),
      links: [
        { href: eventHref, rel: 'self', method: 'GET' },
        { href: `${eventHref}/resend`, rel: 'resend', method: 'POST' },
      ],
    };
    this.opts.state.events.push({ event, status: 'PENDING', held: this.paused, transmissions: [] });
    this.opts.save();
    this.opts.log(`paypal: ${eventType} ${id}${this.paused ? ' (held: delivery is paused)' : ''}`);
    // Never inside the request that caused it: PayPal sends webhooks after answering.
    if (!this.paused) this.later(0, () => this.deliver(id, 0, false));
  }

  /** `resend`: asked for through the API, so it goes out even while delivery is paused. */
  private deliver(eventId: string, attempt: number, resend: boolean) {
    if (this.closed) return;
    const stored = this.opts.state.events.find((e) => e.event.id === eventId);
    if (!stored) return;
    if (this.paused && !resend) return void this.waiting.set(eventId, attempt);
    const target = this.opts.webhookUrl();
    // Not yet known (the API starts after this): try again shortly, without spending an attempt.
    if (!target) return this.later(250, () => this.deliver(eventId, attempt, resend));
    const body = JSON.stringify(stored.event);
    const transmissionId = randomUUID();
    const transmissionTime = now();
    const headers = {
      'content-type': 'application/json',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': transmissionTime,
      'paypal-transmission-sig': webhookSignature(body, {
        transmissionId,
        transmissionTime,
        webhookId: this.opts.webhookId,
        clientSecret: this.opts.clientSecret,
      }),
      'paypal-cert-url': WEBHOOK_CERT_URL,
      'paypal-auth-algo': AUTH_ALGO,
      'user-agent': 'PayPal/AUHD-214.0-58277442',
    };
    void this.post(target, body, headers).then(({ status, reason }) => {
      if (this.closed) return;
      const ok = status >= 200 && status < 300;
      stored.transmissions.push({
        transmission_id: transmissionId,
        webhook_url: target,
        http_status: status,
        reason_phrase: reason,
        status: ok ? 'SUCCESS' : 'FAILURE',
        timestamp: now(),
      });
      const retry = !ok && attempt < RETRY_DELAYS_MS.length;
      stored.status = ok ? 'SUCCESS' : retry ? 'PENDING' : 'FAILURE';
      this.opts.save();
      if (!ok)
        this.opts.log(
          `paypal: delivering ${stored.event.event_type} ${eventId} to ${target} failed (${status || reason})${retry ? '; will retry' : '; giving up'}`,
        );
      if (retry) this.later(RETRY_DELAYS_MS[attempt], () => this.deliver(eventId, attempt + 1, resend));
    });
  }

  private post(target: string, body: string, headers: Record<string, string>): Promise<{ status: number; reason: string }> {
    return new Promise((resolve) => {
      let settled = false;
      const done = (status: number, reason: string) => {
        if (!settled) resolve({ status, reason });
        settled = true;
      };
      let parsed: URL;
      try {
        parsed = new URL(target);
      } catch {
        return done(0, `not a URL: ${target}`);
      }
      if (parsed.protocol !== 'http:') return done(0, 'only http:// webhook URLs are reachable locally');
      const req = http.request(
        parsed,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          agent: false,
          timeout: DELIVERY_TIMEOUT_MS,
        },
        (res) => {
          res.resume();
          res.on('end', () => done(res.statusCode ?? 0, res.statusMessage ?? ''));
          res.on('error', (e) => done(res.statusCode ?? 0, e.message));
        },
      );
      this.inflight.add(req);
      req.on('close', () => this.inflight.delete(req));
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', (e) => done(0, e.message));
      req.end(body);
    });
  }
}
