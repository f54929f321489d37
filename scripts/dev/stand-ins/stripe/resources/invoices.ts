/** Invoices: one for each billing period (at checkout and on renewal), paid by a retry or the hosted page; the list API. */
import { ApiError } from '../errors.js';
import { list } from '../expand.js';
import { addInterval } from '../money-and-dates.js';
import { renderInvoice } from '../objects/invoices.js';
import { renderSubscription } from '../objects/subscriptions.js';
import type { Params } from '../params.js';
import { get, type CardRec, type InvoiceRec, type Json, type SubscriptionRec } from '../records.js';
import { findCustomer, findPrice, findSubscription, newId, nowS, PAGE_CTX, type Ctx, type StandinContext } from '../store.js';
import { changeSubscription, snapshotDiff } from './subscriptions.js';

export function newInvoice(standin: StandinContext, sub: SubscriptionRec, reason: InvoiceRec['billingReason'], paid: boolean): InvoiceRec {
  const customer = findCustomer(standin, sub.customer, 'customer');
  const price = findPrice(standin, sub.price, 'price');
  customer.invoiceCount += 1;
  const t = nowS();
  const inv: InvoiceRec = {
    id: newId('in'),
    seq: ++standin.state.seq,
    created: t,
    number: `${customer.invoicePrefix}-${String(customer.invoiceCount).padStart(4, '0')}`,
    customer: customer.id,
    subscription: sub.id,
    subscriptionItem: sub.itemId,
    subscriptionMetadata: { ...sub.metadata },
    price: price.id,
    quantity: sub.quantity,
    amount: price.unitAmount * sub.quantity,
    currency: price.currency,
    status: paid ? 'paid' : 'open',
    attemptCount: 1,
    billingReason: reason,
    periodStart: sub.periodStart,
    periodEnd: sub.periodEnd,
    paidAt: paid ? t : null,
    nextPaymentAttempt: paid ? null : t + 3 * 86400,
    lineId: newId('il'),
  };
  standin.state.invoices[inv.id] = inv;
  sub.latestInvoice = inv.id;
  return inv;
}

export function listInvoices(standin: StandinContext, p: Params): Json {
  const customer = p.str('customer');
  const subscription = p.str('subscription');
  const status = p.str('status');
  const items = Object.values(standin.state.invoices).filter(
    (i) => (!customer || i.customer === customer) && (!subscription || i.subscription === subscription) && (!status || i.status === status),
  );
  return list(standin, items, p, '/v1/invoices', 'invoice', (i) => renderInvoice(standin, i));
}

/** Pays an open invoice (a retry or the hosted invoice page): its subscription becomes active again. */
export function payInvoice(standin: StandinContext, inv: InvoiceRec, ctx: Ctx, card?: CardRec) {
  inv.status = 'paid';
  inv.paidAt = nowS();
  inv.nextPaymentAttempt = null;
  standin.emit('invoice.paid', renderInvoice(standin, inv), ctx);
  const sub = get(standin.state.subscriptions, inv.subscription);
  if (sub && sub.status === 'past_due' && sub.latestInvoice === inv.id) {
    changeSubscription(standin, sub, ctx, () => {
      sub.status = 'active';
      if (card) sub.card = card;
    });
  }
}

export function renew(standin: StandinContext, id: string, fail: boolean): Json {
  const sub = findSubscription(standin, id, 'id', 404);
  const ctx = PAGE_CTX;
  if (sub.status === 'canceled') throw new ApiError(400, `The subscription ${sub.id} is canceled.`);
  const open = sub.latestInvoice ? get(standin.state.invoices, sub.latestInvoice) : undefined;
  let invoice: InvoiceRec | undefined;
  if (sub.status === 'past_due' && open?.status === 'open') {
    invoice = open;
    invoice.attemptCount += 1;
    if (fail) {
      invoice.nextPaymentAttempt = nowS() + 3 * 86400;
      standin.emit('invoice.payment_failed', renderInvoice(standin, invoice), ctx);
    } else {
      payInvoice(standin, invoice, ctx);
    }
  } else if (sub.cancelAtPeriodEnd) {
    sub.status = 'canceled';
    sub.canceledAt = nowS();
    sub.endedAt = sub.periodEnd;
    sub.cancelAtPeriodEnd = false;
    sub.cancellationReason = 'cancellation_requested';
    standin.emit('customer.subscription.deleted', renderSubscription(standin, sub), ctx);
  } else {
    const price = findPrice(standin, sub.price, 'price');
    const before = renderSubscription(standin, sub);
    sub.periodStart = sub.periodEnd;
    sub.periodEnd = addInterval(sub.periodStart, price.interval ?? 'month', price.intervalCount);
    invoice = newInvoice(standin, sub, 'subscription_cycle', !fail);
    if (fail) sub.status = 'past_due';
    standin.emit(fail ? 'invoice.payment_failed' : 'invoice.paid', renderInvoice(standin, invoice), ctx);
    const after = renderSubscription(standin, sub);
    standin.emit('customer.subscription.updated', after, ctx, snapshotDiff(before, after));
  }
  standin.save();
  return { subscription: renderSubscription(standin, sub), invoice: invoice ? renderInvoice(standin, invoice) : null };
}
