/** Events rendered in Stripe's shape: what the API lists and what a webhook delivers. */
import Stripe from 'stripe';
import type { EventRec, Json } from '../records.js';

export function renderEvent(e: EventRec): Json {
  return {
    id: e.id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: e.created,
    data: e.previous ? { object: e.object, previous_attributes: e.previous } : { object: e.object },
    livemode: false,
    pending_webhooks: e.pendingWebhooks,
    request: { id: e.requestId, idempotency_key: e.idempotencyKey },
    type: e.type,
  };
}
