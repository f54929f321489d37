/** Customers rendered in Stripe's shape. */
import type { CustomerRec, Json } from '../records.js';
import type { StandinContext } from '../store.js';

export function renderCustomer(standin: StandinContext, c: CustomerRec): Json {
  return {
    id: c.id,
    object: 'customer',
    address: null,
    balance: 0,
    created: c.created,
    currency: null,
    default_source: null,
    delinquent: Object.values(standin.state.subscriptions).some((s) => s.customer === c.id && s.status === 'past_due'),
    description: c.description,
    discount: null,
    email: c.email,
    invoice_prefix: c.invoicePrefix,
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: c.metadata,
    name: c.name,
    next_invoice_sequence: c.invoiceCount + 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}
