/** Checkout Sessions, and their line items, rendered in Stripe's shapes. */
import { get, type CheckoutRec, type Json } from '../records.js';
import type { StandinContext } from '../store.js';
import { renderPrice } from './catalog.js';

export function renderCheckout(standin: StandinContext, s: CheckoutRec): Json {
  const price = get(standin.state.prices, s.price);
  const amount = price ? price.unitAmount * s.quantity : null;
  return {
    id: s.id,
    object: 'checkout.session',
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: amount,
    amount_total: amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: s.cancelUrl,
    client_reference_id: s.clientReferenceId,
    client_secret: null,
    consent: null,
    consent_collection: null,
    created: s.created,
    currency: price?.currency ?? null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: s.customer,
    customer_creation: s.customerGiven ? null : 'always',
    customer_details: s.details
      ? { address: null, email: s.details.email, name: s.details.name, phone: null, tax_exempt: 'none', tax_ids: [] }
      : null,
    customer_email: s.customerEmail,
    discounts: [],
    expires_at: s.expiresAt,
    invoice: s.invoice,
    invoice_creation: null,
    livemode: false,
    locale: null,
    metadata: s.metadata,
    mode: 'subscription',
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_types: ['card'],
    payment_status: s.status === 'complete' ? 'paid' : 'unpaid',
    phone_number_collection: { enabled: false },
    recovered_from: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: s.status,
    submit_type: null,
    subscription: s.subscription,
    success_url: s.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: s.status === 'open' ? `${standin.url}/checkout/${s.id}` : null,
  };
}

export function checkoutLineItems(standin: StandinContext, s: CheckoutRec): Json {
  const price = get(standin.state.prices, s.price);
  const product = price && get(standin.state.products, price.product);
  const amount = price ? price.unitAmount * s.quantity : 0;
  const item = {
    id: `li_${s.id.slice(-24)}`,
    object: 'item',
    amount_discount: 0,
    amount_subtotal: amount,
    amount_tax: 0,
    amount_total: amount,
    currency: price?.currency ?? 'usd',
    description: product?.name ?? '',
    price: price ? renderPrice(price) : null,
    quantity: s.quantity,
  };
  return { object: 'list', data: [item], has_more: false, url: `/v1/checkout/sessions/${s.id}/line_items` };
}
