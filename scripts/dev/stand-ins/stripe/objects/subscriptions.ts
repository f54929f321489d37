/** Subscriptions rendered in Stripe's shape, with their one item. */
import { get, type Json, type SubscriptionRec } from '../records.js';
import type { StandinContext } from '../store.js';
import { renderPrice } from './catalog.js';

export function renderSubscription(standin: StandinContext, s: SubscriptionRec): Json {
  const price = get(standin.state.prices, s.price);
  const item = {
    id: s.itemId,
    object: 'subscription_item',
    created: s.created,
    current_period_end: s.periodEnd,
    current_period_start: s.periodStart,
    discounts: [],
    metadata: {},
    price: price ? renderPrice(price) : null,
    quantity: s.quantity,
    subscription: s.id,
    tax_rates: [],
  };
  const cancelAt = s.cancelAtPeriodEnd ? s.periodEnd : null;
  return {
    id: s.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: s.created,
    billing_cycle_anchor_config: null,
    cancel_at: cancelAt,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    canceled_at: s.canceledAt,
    cancellation_details: { comment: null, feedback: null, reason: s.cancellationReason },
    collection_method: 'charge_automatically',
    created: s.created,
    currency: price?.currency ?? 'usd',
    current_period_end: s.periodEnd,
    current_period_start: s.periodStart,
    customer: s.customer,
    days_until_due: null,
    default_payment_method: s.card?.id ?? null,
    default_source: null,
    description: null,
    discounts: [],
    ended_at: s.endedAt,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: { object: 'list', data: [item], has_more: false, total_count: 1, url: `/v1/subscription_items?subscription=${s.id}` },
    latest_invoice: s.latestInvoice,
    livemode: false,
    metadata: s.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: s.created,
    status: s.status,
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: null,
  };
}
