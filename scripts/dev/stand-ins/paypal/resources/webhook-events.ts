/** The webhooks API: verify-webhook-signature, the events list, one event, a resend; and the (unused) certificate. */
import { timingSafeEqual } from 'node:crypto';
import { ApiError, badSyntax, missing, notFound } from '../errors.js';
import { isObject } from '../input.js';
import type { StoredEvent } from '../records.js';
import type { Handler } from '../requests.js';
import { AUTH_ALGO, rawMember, webhookSignature } from '../signature.js';
import type { StandinContext } from '../store.js';
import type { PaypalWebhooks } from '../webhooks.js';

export function eventJson(e: StoredEvent) {
  return { ...e.event, status: e.status, transmissions: e.transmissions };
}

/** The webhooks API's handlers. */
export function webhookEventRoutes(standin: StandinContext, webhooks: PaypalWebhooks) {
  const { state, save } = standin;

  const verifySignature: Handler = (ctx) => {
    const body = ctx.json();
    const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'] as const;
    for (const f of fields) {
      if (body[f] === undefined) throw missing(`/${f}`);
      if (typeof body[f] !== 'string') throw badSyntax(`/${f}`, body[f]);
    }
    if (body.webhook_event === undefined) throw missing('/webhook_event');
    if (!isObject(body.webhook_event)) throw badSyntax('/webhook_event', JSON.stringify(body.webhook_event));
    const { auth_algo, transmission_id, transmission_sig, transmission_time, webhook_id } = body as Record<(typeof fields)[number], string>;
    const eventId = String(body.webhook_event.id);
    standin.verifications.set(eventId, (standin.verifications.get(eventId) ?? 0) + 1);
    // Over the event's bytes as this request has them, as PayPal checks: not a serialisation of it.
    const event = rawMember(ctx.body, 'webhook_event')!;
    const expected = Buffer.from(
      webhookSignature(event, {
        transmissionId: transmission_id,
        transmissionTime: transmission_time,
        webhookId: webhook_id,
        clientSecret: standin.clientSecret,
      }),
    );
    const given = Buffer.from(transmission_sig);
    const ok =
      webhook_id === standin.webhookId && auth_algo === AUTH_ALGO && given.length === expected.length && timingSafeEqual(given, expected);
    return { status: 200, json: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
  };

  const listEvents: Handler = (ctx) => {
    const q = ctx.url.searchParams;
    const size = q.has('page_size') ? Number(q.get('page_size')) : 10;
    if (!Number.isInteger(size) || size < 1 || size > 300) {
      throw new ApiError(400, 'VALIDATION_ERROR', 'Invalid data provided', [
        { field: 'page_size', location: 'query', issue: 'INVALID_PARAMETER_VALUE', description: 'page_size must be from 1 to 300.' },
      ]);
    }
    const type = q.get('event_type');
    const transaction = q.get('transaction_id');
    const events = state.events
      .filter((e) => (!type || e.event.event_type === type) && (!transaction || (e.event.resource as { id?: string }).id === transaction))
      .reverse()
      .slice(0, size)
      .map(eventJson);
    return { status: 200, json: { events, count: events.length, links: [] } };
  };

  const findEvent = (id: string) => {
    const e = state.events.find((x) => x.event.id === id);
    if (!e) throw notFound('event_id', id);
    return e;
  };

  const showEvent: Handler = (_ctx, [id]) => ({ status: 200, json: eventJson(findEvent(id)) });

  const resendEvent: Handler = (ctx, [id]) => {
    ctx.json();
    const e = findEvent(id);
    // An explicit resend goes out even while delivery is paused: it is how tests choose the order.
    e.status = 'PENDING';
    webhooks.resend(e);
    save();
    return { status: 202, json: eventJson(e) };
  };

  const cert: Handler = () => ({
    status: 200,
    text: 'Local PayPal stand-in: webhooks are signed with HMAC-SHA256 (keyed by the client secret), not with a certificate. Verify them with POST /v1/notifications/verify-webhook-signature.\n',
  });

  return { verifySignature, listEvents, showEvent, resendEvent, cert };
}
