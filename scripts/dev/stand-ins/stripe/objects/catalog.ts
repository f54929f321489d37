/** Products and prices rendered in Stripe's shapes. */
import type { Json, PriceRec, ProductRec } from '../records.js';

export function renderProduct(p: ProductRec): Json {
  return {
    id: p.id,
    object: 'product',
    active: p.active,
    attributes: [],
    created: p.created,
    default_price: p.defaultPrice,
    description: p.description,
    images: [],
    livemode: false,
    marketing_features: p.features.map((name) => ({ name })),
    metadata: p.metadata,
    name: p.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    type: 'service',
    unit_label: null,
    updated: p.updated,
    url: null,
  };
}

export function renderPrice(p: PriceRec): Json {
  return {
    id: p.id,
    object: 'price',
    active: p.active,
    billing_scheme: 'per_unit',
    created: p.created,
    currency: p.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: p.lookupKey,
    metadata: p.metadata,
    nickname: p.nickname,
    product: p.product,
    recurring: p.interval
      ? { interval: p.interval, interval_count: p.intervalCount, meter: null, trial_period_days: null, usage_type: 'licensed' }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: p.interval ? 'recurring' : 'one_time',
    unit_amount: p.unitAmount,
    unit_amount_decimal: String(p.unitAmount),
  };
}
