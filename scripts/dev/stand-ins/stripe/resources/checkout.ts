/** The Checkout Sessions API (subscription mode, one line item): create, list, expire. */
import { ApiError, missing } from '../errors.js';
import { expand, list } from '../expand.js';
import { renderCheckout } from '../objects/checkout.js';
import { checkEmail, checkUrl, mergeMetadata, type Params } from '../params.js';
import type { CheckoutRec, Json } from '../records.js';
import { expireIfDue, findCheckout, findCustomer, findPrice, newId, nowS, type StandinContext } from '../store.js';

const CHECKOUT_TTL_S = 24 * 3600;

export function createCheckout(standin: StandinContext, p: Params): Json {
  const mode = p.req('mode');
  if (mode !== 'subscription')
    throw new ApiError(400, `The local Stripe stand-in supports mode=subscription only, not ${mode}.`, { param: 'mode' });
  const customer = p.str('customer') || null;
  const customerEmail = checkEmail(p, 'customer_email') ?? null;
  if (customer && customerEmail)
    throw new ApiError(400, 'You may only specify one of these parameters: customer, customer_email.', { param: 'customer_email' });
  if (customer) findCustomer(standin, customer, 'customer');
  const items = p.list('line_items');
  if (!items.length) throw missing('line_items');
  if (items.length > 1)
    throw new ApiError(400, 'The local Stripe stand-in supports one line item per Checkout Session.', { param: 'line_items' });
  const priceId = items[0].req('price');
  const price = findPrice(standin, priceId, 'line_items[0][price]');
  if (!price.active)
    throw new ApiError(400, 'The price specified is inactive. This field only accepts active prices.', { param: 'line_items[0][price]' });
  if (!price.interval)
    throw new ApiError(400, 'You must provide at least one recurring price in `subscription` mode when using prices.', {
      param: 'line_items[0][price]',
    });
  const quantity = items[0].int('quantity', 1);
  if (quantity === undefined)
    throw new ApiError(400, 'Quantity is required. Add `quantity` to `line_items[0]`', {
      code: 'parameter_missing',
      param: 'line_items[0][quantity]',
    });
  const t = nowS();
  const expiresAt = p.int('expires_at') ?? t + CHECKOUT_TTL_S;
  if (expiresAt < t + 30 * 60 - 60 || expiresAt > t + CHECKOUT_TTL_S + 60) {
    throw new ApiError(400, 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', {
      param: 'expires_at',
    });
  }
  const session: CheckoutRec = {
    id: newId('cs_test', 58),
    seq: ++standin.state.seq,
    created: t,
    expiresAt,
    customer,
    customerGiven: !!customer,
    customerEmail,
    clientReferenceId: p.nullable('client_reference_id') ?? null,
    metadata: mergeMetadata({}, p.metadata()),
    subscriptionMetadata: mergeMetadata({}, p.sub('subscription_data')?.metadata()),
    price: price.id,
    quantity,
    successUrl: checkUrl(p, 'success_url') ?? null,
    cancelUrl: checkUrl(p, 'cancel_url') ?? null,
    status: 'open',
    subscription: null,
    invoice: null,
    details: null,
  };
  standin.state.checkoutSessions[session.id] = session;
  return expand(standin, renderCheckout(standin, session), p);
}

export function listCheckouts(standin: StandinContext, p: Params): Json {
  const customer = p.str('customer');
  const subscription = p.str('subscription');
  const status = p.str('status');
  const items = Object.values(standin.state.checkoutSessions).filter((s) => {
    expireIfDue(standin, s);
    return (!customer || s.customer === customer) && (!subscription || s.subscription === subscription) && (!status || s.status === status);
  });
  return list(standin, items, p, '/v1/checkout/sessions', 'checkout.session', (s) => renderCheckout(standin, s));
}

export function expireCheckout(standin: StandinContext, id: string, p: Params): Json {
  const s = findCheckout(standin, id, 'id', 404);
  if (s.status !== 'open')
    throw new ApiError(
      400,
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status}".`,
    );
  s.status = 'expired';
  return expand(standin, renderCheckout(standin, s), p);
}
