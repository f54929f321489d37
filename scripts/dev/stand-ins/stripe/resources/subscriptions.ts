/** The subscriptions API (update, cancel, list) and the changes to a subscription that raise its events. */
import { ApiError, noSuch } from '../errors.js';
import { expand, list } from '../expand.js';
import { renderSubscription } from '../objects/subscriptions.js';
import { mergeMetadata, type Params } from '../params.js';
import type { Json, PriceRec, SubscriptionRec } from '../records.js';
import { findPrice, findSubscription, nowS, type Ctx, type StandinContext } from '../store.js';

export function snapshotDiff(before: Json, after: Json): Json {
  const previous: Json = {};
  for (const [k, v] of Object.entries(before)) if (JSON.stringify(v) !== JSON.stringify(after[k])) previous[k] = v;
  return previous;
}

/** Applies a change to a subscription and raises customer.subscription.updated if anything changed. */
export function changeSubscription(standin: StandinContext, sub: SubscriptionRec, ctx: Ctx, change: () => void) {
  const before = renderSubscription(standin, sub);
  change();
  const after = renderSubscription(standin, sub);
  const previous = snapshotDiff(before, after);
  if (Object.keys(previous).length) standin.emit('customer.subscription.updated', after, ctx, previous);
}

export function cancelNow(standin: StandinContext, sub: SubscriptionRec, ctx: Ctx) {
  const t = nowS();
  sub.status = 'canceled';
  sub.canceledAt = t;
  sub.endedAt = t;
  sub.cancelAtPeriodEnd = false;
  sub.cancellationReason = 'cancellation_requested';
  standin.emit('customer.subscription.deleted', renderSubscription(standin, sub), ctx);
}

export function updateSubscription(standin: StandinContext, id: string, p: Params, ctx: Ctx): Json {
  const sub = findSubscription(standin, id, 'id', 404);
  const items = p.list('items');
  const cancelAtPeriodEnd = p.bool('cancel_at_period_end');
  const metadata = p.metadata();
  p.raw('proration_behavior');
  p.raw('payment_behavior');
  if (sub.status === 'canceled' && (items.length || cancelAtPeriodEnd !== undefined)) {
    throw new ApiError(400, 'A canceled subscription can only update its cancellation_details and metadata.');
  }
  if (items.length > 1) throw new ApiError(400, 'The local Stripe stand-in supports one item per subscription.', { param: 'items' });
  let newPrice: PriceRec | undefined;
  let newQuantity: number | undefined;
  if (items.length) {
    const item = items[0];
    const itemId = item.str('id');
    if (!itemId)
      throw new ApiError(400, 'The local Stripe stand-in supports one item per subscription: pass items[0][id] to change it.', {
        code: 'parameter_missing',
        param: 'items[0][id]',
      });
    if (itemId !== sub.itemId) throw noSuch('subscription item', itemId, 'items[0][id]');
    const priceId = item.str('price');
    if (priceId) {
      newPrice = findPrice(standin, priceId, 'items[0][price]');
      if (!newPrice.interval)
        throw new ApiError(400, 'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.', {
          param: 'items[0][price]',
        });
      if (!newPrice.active)
        throw new ApiError(400, 'The price specified is inactive. This field only accepts active prices.', { param: 'items[0][price]' });
    }
    newQuantity = item.int('quantity', 1);
  }
  changeSubscription(standin, sub, ctx, () => {
    if (newPrice) sub.price = newPrice.id;
    if (newQuantity !== undefined) sub.quantity = newQuantity;
    if (cancelAtPeriodEnd !== undefined) sub.cancelAtPeriodEnd = cancelAtPeriodEnd;
    sub.metadata = mergeMetadata(sub.metadata, metadata);
  });
  return expand(standin, renderSubscription(standin, sub), p);
}

export function deleteSubscription(standin: StandinContext, id: string, p: Params, ctx: Ctx): Json {
  const sub = findSubscription(standin, id, 'id', 404);
  p.raw('invoice_now');
  p.raw('prorate');
  if (sub.status === 'canceled') throw new ApiError(400, `The subscription ${sub.id} is already canceled.`);
  cancelNow(standin, sub, ctx);
  return expand(standin, renderSubscription(standin, sub), p);
}

export function listSubscriptions(standin: StandinContext, p: Params): Json {
  const customer = p.str('customer');
  const price = p.str('price');
  const status = p.str('status');
  const items = Object.values(standin.state.subscriptions).filter(
    (s) =>
      (!customer || s.customer === customer) &&
      (!price || s.price === price) &&
      (status === 'all' || (status === 'ended' ? s.status === 'canceled' : status ? s.status === status : s.status !== 'canceled')),
  );
  return list(standin, items, p, '/v1/subscriptions', 'subscription', (s) => renderSubscription(standin, s));
}
