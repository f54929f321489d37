/**
 * PayPal's webhook events, once its gate admitted them (paypal-webhook-gate.ts: cheap checks, a limit per
 * address, then PayPal's verification): each is applied by reconciling the order it is about with the
 * order as it stands, whatever the event said, since events arrive late, twice and out of order.
 */
import * as data from './data/payments.js';
import { getSettings } from '../platform/data/index.js';
import { payments } from '../providers/payments.js';
import type { PaypalEventIds } from './paypal-webhook-gate.js';
import { applyProviderDispute, reconcilePayment, type Applying } from './payment-settlement.js';
import { applyPayoutEvent } from './payout-settlement.js';

export interface PaypalEvent {
  id?: unknown;
  event_type?: unknown;
  resource_type?: unknown;
  resource?: {
    id?: unknown;
    dispute_id?: unknown;
    disputed_transactions?: { seller_transaction_id?: unknown }[];
    supplementary_data?: { related_ids?: { order_id?: unknown } };
    links?: { rel?: unknown; href?: unknown }[];
  };
}

/** The order an event is about: named by the order itself, by a capture, or (refunds) by the capture it links up to, which PayPal is asked about. */
async function orderOfEvent(e: PaypalEvent): Promise<string | null> {
  const r = e.resource;
  if (!r) return null;
  if (e.resource_type === 'checkout-order' && typeof r.id === 'string') return r.id;
  const related = r.supplementary_data?.related_ids?.order_id;
  if (typeof related === 'string') return related;
  const up = r.links?.find((l) => l.rel === 'up' && typeof l.href === 'string');
  const captureId = typeof up?.href === 'string' ? /\/captures\/([^/?#]+)/.exec(up.href)?.[1] : undefined;
  return captureId ? payments().orderOfCapture(decodeURIComponent(captureId)) : null;
}

/**
 * A PayPal event the webhook's gate admitted (paypal-webhook-gate.ts: cheap checks, a limit per address,
 * then PayPal's verification; nothing changed when it is refused), applied once per event id by
 * reconciling the order it is about with the order as it stands.
 */
export async function applyPaypalEvent(event: PaypalEvent & PaypalEventIds): Promise<void> {
  if (event.event_type.startsWith('PAYMENT.PAYOUTS-ITEM.')) {
    const recorded = await applyPayoutEvent((event.resource ?? {}) as Parameters<typeof applyPayoutEvent>[0], {
      provider: 'paypal',
      eventId: event.id,
      type: event.event_type,
    });
    if (!recorded) await data.recordWebhook('paypal', event.id, event.event_type);
    return;
  }
  if (event.event_type.startsWith('CUSTOMER.DISPUTE.')) return applyDisputeEvent(event);
  const orderId = await orderOfEvent(event);
  // The gate found it not applied yet (a delivery racing its duplicate is applied twice, to the same end:
  // every move it makes is conditional on the payment's state). The payment and the margin are read at
  // once: a capture it brings then needs one write, which records the event with it.
  const [found, settings] = await Promise.all([orderId ? data.getPayment(orderId) : null, orderId ? getSettings() : null]);
  const applying: Applying = { margin: settings?.margin, event: { provider: 'paypal', eventId: event.id, type: event.event_type } };
  if (found) await reconcilePayment(found.record, applying);
  if (!applying.done) await data.recordWebhook('paypal', event.id, event.event_type);
}

/**
 * A payer's dispute of a capture (CUSTOMER.DISPUTE.CREATED, .UPDATED, .RESOLVED): the dispute as PayPal has
 * it now, applied to the payment of each capture it names.
 */
async function applyDisputeEvent(event: PaypalEvent & PaypalEventIds): Promise<void> {
  const disputeId = event.resource?.dispute_id;
  const dispute = typeof disputeId === 'string' ? await payments().getDispute(disputeId) : null;
  const orderId = dispute?.captureId ? await payments().orderOfCapture(dispute.captureId) : null;
  const found = orderId ? await data.getPayment(orderId) : null;
  const applying: Applying = { event: { provider: 'paypal', eventId: event.id, type: event.event_type } };
  if (found && dispute) await applyProviderDispute(found.record, dispute, applying);
  if (!applying.done) await data.recordWebhook('paypal', event.id, event.event_type);
}
