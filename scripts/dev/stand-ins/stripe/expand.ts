/** Stripe's `expand[]` (ids become the objects they name) and its paginated lists. */
import { ApiError, noSuch } from './errors.js';
import { checkoutLineItems } from './objects/checkout.js';
import { renderPrice, renderProduct } from './objects/catalog.js';
import { renderCustomer } from './objects/customers.js';
import { renderInvoice } from './objects/invoices.js';
import { renderSubscription } from './objects/subscriptions.js';
import type { Params } from './params.js';
import { get, type Json } from './records.js';
import type { StandinContext } from './store.js';

/** Applies `expand[]`: ids become objects along each dotted path (`data.` walks a list). */
export function expand(standin: StandinContext, obj: Json, p: Params): Json {
  for (const path of p.strings('expand')) expandPath(standin, obj, path.split('.'), path);
  return obj;
}

function expandPath(standin: StandinContext, target: unknown, segs: string[], full: string): void {
  if (Array.isArray(target)) {
    for (const t of target) expandPath(standin, t, segs, full);
    return;
  }
  if (!target || typeof target !== 'object') return;
  const obj = target as Json;
  const [head, ...rest] = segs;
  const cannot = () => new ApiError(400, `This property cannot be expanded (${full}).`, { param: 'expand' });
  if (head === 'line_items' && obj.object === 'checkout.session') {
    const s = get(standin.state.checkoutSessions, String(obj.id));
    if (s) obj.line_items = checkoutLineItems(standin, s);
  }
  if (!Object.hasOwn(obj, head)) throw cannot();
  let value = obj[head];
  if (typeof value === 'string') {
    const expanded = resolve(standin, head, value);
    if (!expanded) throw cannot();
    value = obj[head] = expanded;
  }
  if (rest.length) expandPath(standin, value, rest, full);
}

function resolve(standin: StandinContext, field: string, id: string): Json | undefined {
  switch (field) {
    case 'default_price':
    case 'price': {
      const r = get(standin.state.prices, id);
      return r && renderPrice(r);
    }
    case 'product': {
      const r = get(standin.state.products, id);
      return r && renderProduct(r);
    }
    case 'customer': {
      const r = get(standin.state.customers, id);
      return r && renderCustomer(standin, r);
    }
    case 'subscription': {
      const r = get(standin.state.subscriptions, id);
      return r && renderSubscription(standin, r);
    }
    case 'invoice':
    case 'latest_invoice': {
      const r = get(standin.state.invoices, id);
      return r && renderInvoice(standin, r);
    }
    default:
      return undefined;
  }
}

export function list<T extends { id: string; seq: number }>(
  standin: StandinContext,
  items: T[],
  p: Params,
  url: string,
  kind: string,
  render: (x: T) => Json,
): Json {
  const limit = p.int('limit') ?? 10;
  if (limit < 1 || limit > 100) throw new ApiError(400, 'This value must be between 1 and 100.', { param: 'limit' });
  const sorted = items.sort((a, b) => b.seq - a.seq);
  const after = p.str('starting_after');
  const before = p.str('ending_before');
  let page: T[];
  let hasMore: boolean;
  if (after) {
    const i = sorted.findIndex((x) => x.id === after);
    if (i < 0) throw noSuch(kind, after, 'starting_after');
    page = sorted.slice(i + 1, i + 1 + limit);
    hasMore = i + 1 + limit < sorted.length;
  } else if (before) {
    const i = sorted.findIndex((x) => x.id === before);
    if (i < 0) throw noSuch(kind, before, 'ending_before');
    page = sorted.slice(Math.max(0, i - limit), i);
    hasMore = i - limit > 0;
  } else {
    page = sorted.slice(0, limit);
    hasMore = sorted.length > limit;
  }
  return expand(standin, { object: 'list', data: page.map(render), has_more: hasMore, url }, p);
}
