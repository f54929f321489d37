/** PayPal's webhooks: events recorded as raised, sent by the shared loop with PayPal's transmission headers; each attempt recorded. */
import { WebhookDelivery, type Attempt } from '../webhook-delivery.js';
import type { State, StoredEvent, WebhookEvent } from './records.js';
import { AUTH_ALGO, paypalSignature, WEBHOOK_CERT_URL } from './signature.js';
import { now, paypalId } from './store.js';

/** The resources of PayPal's v1 APIs (Payouts, Disputes): their events say resource version 1.0. */
const V1_RESOURCES = new Set<WebhookEvent['resource_type']>(['payouts_item', 'dispute']);

export interface PaypalWebhooksOptions {
  /** The stand-in's own URL: the base of an event's links. */
  url: string;
  state: State;
  save(): void;
  log(line: string): void;
  /** Signs deliveries. */
  clientSecret: string;
  webhookId: string;
  /** Where events are POSTed; while undefined, events wait. */
  webhookUrl: () => string | undefined;
}

export class PaypalWebhooks {
  /** Not kept across a restart. */
  private pausedNow = false;
  /** Inside withheld(): the events raised wait for a resend, whatever the pause. */
  private holding = 0;
  private readonly delivery: WebhookDelivery<StoredEvent>;

  constructor(private readonly opts: PaypalWebhooksOptions) {
    this.delivery = new WebhookDelivery<StoredEvent>({
      label: 'paypal:',
      events: () => opts.state.events,
      webhookUrl: opts.webhookUrl,
      paused: () => this.pausedNow,
      body: (e) => JSON.stringify(e.event),
      headers: {
        'content-type': 'application/json',
        'paypal-cert-url': WEBHOOK_CERT_URL,
        'paypal-auth-algo': AUTH_ALGO,
        'user-agent': 'PayPal/AUHD-214.0-58277442',
      },
      sign: paypalSignature(opts.webhookId, opts.clientSecret),
      record: (e, attempt) => this.record(e, attempt),
      log: opts.log,
    });
  }

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
    if (!paused) this.delivery.kick();
  }

  webhookUrl() {
    return this.delivery.webhookUrl();
  }

  /** Events left undelivered by the last run go out now, as PayPal keeps retrying. */
  start() {
    this.delivery.start();
  }

  close() {
    this.delivery.close();
  }

  /** Asked for through the API: it goes out even while delivery is paused, with retries of its own. */
  resend(e: StoredEvent) {
    this.delivery.resend(e);
  }

  /** Runs `raise`; the events it raises are recorded but only a resend delivers them (one event held, not all). */
  withheld<T>(raise: () => T): T {
    this.holding++;
    try {
      return raise();
    } finally {
      this.holding--;
    }
  }

  emit(eventType: string, resourceType: WebhookEvent['resource_type'], summary: string, resource: unknown) {
    const id = `WH-${paypalId()}-${paypalId()}`;
    const eventHref = `${this.opts.url}/v1/notifications/webhooks-events/${id}`;
    const event: WebhookEvent = {
      id,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: resourceType,
      resource_version: V1_RESOURCES.has(resourceType) ? '1.0' : '2.0',
      event_type: eventType,
      summary,
      resource: structuredClone(resource),
      links: [
        { href: eventHref, rel: 'self', method: 'GET' },
        { href: `${eventHref}/resend`, rel: 'resend', method: 'POST' },
      ],
    };
    const paused = this.pausedNow || this.holding > 0;
    this.opts.state.events.push({ event, status: 'PENDING', transmissions: [], autoDeliver: !paused, autoAttempts: 0, nextAttemptAt: 0 });
    this.opts.save();
    this.opts.log(`paypal: ${eventType} ${id}${paused ? ' (held: delivery is paused)' : ''}`);
    // Never inside the request that caused it: PayPal sends webhooks after answering.
    this.delivery.kick();
  }

  private record(e: StoredEvent, a: Attempt) {
    e.transmissions.push({
      transmission_id: a.headers['paypal-transmission-id'],
      webhook_url: a.url,
      http_status: a.status ?? 0,
      reason_phrase: a.reason,
      status: a.ok ? 'SUCCESS' : 'FAILURE',
      timestamp: now(),
    });
    e.status = a.ok ? 'SUCCESS' : a.gaveUp ? 'FAILURE' : 'PENDING';
    this.opts.save();
    if (!a.ok) {
      this.opts.log(
        `paypal: delivering ${e.event.event_type} ${e.event.id} to ${a.url} failed (${a.status || a.reason})${a.gaveUp ? '; giving up' : '; will retry'}`,
      );
    }
  }
}
