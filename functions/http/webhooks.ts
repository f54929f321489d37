/**
 * HTTP handlers of the webhooks area: what PayPal and Stripe tell us, signed. Apart from the signed-in
 * areas (there is no caller, so nothing is done as anyone and nothing audited), so that its function
 * reaches only the partitions the events move: payments, payouts, the ledger, the users, requests and
 * tracks they concern, the events' own records, and what they read (infra/table-grants.ts).
 */
import { handleStripeWebhook, applyPaypalEvent, type PaypalEvent, admitPaypalWebhook } from '../money/index.js';
import { areaHandler, rawBody } from './area-handler.js';
import { webhooksSchemas } from '../../shared/api/route-schemas/webhooks.js';

// Each provider signs the body exactly as sent, so it is checked on the raw text, not the parsed input.
export const handler = areaHandler('webhooks', webhooksSchemas, {
  paypalWebhook: async ({ event }) => {
    const admitted = await admitPaypalWebhook<PaypalEvent>({
      headers: event.headers,
      body: rawBody(event),
      clientIp: event.requestContext.http.sourceIp,
    });
    // Null: an event applied before, answered as it is.
    if (admitted) await applyPaypalEvent(admitted);
    return { received: true as const };
  },
  stripeWebhook: async ({ event }) => {
    await handleStripeWebhook(rawBody(event), event.headers['stripe-signature']);
    return { received: true as const };
  },
});
