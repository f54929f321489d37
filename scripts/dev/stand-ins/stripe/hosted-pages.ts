/** The hosted pages' routes (no key): Checkout starts a subscription, the portal changes or cancels it, the invoice page pays. */
import type http from 'node:http';
import { BRAND_NAMES, checkCard } from './cards.js';
import { readBody, redirect, sendHtml } from './http.js';
import { dateText, intervalText, money, addInterval } from './money-and-dates.js';
import { renderCheckout } from './objects/checkout.js';
import { renderInvoice } from './objects/invoices.js';
import { renderSubscription } from './objects/subscriptions.js';
import {
  checkoutPage,
  invoicePage,
  messagePage,
  portalPage,
  MERCHANT,
  type CardField,
  type CardFormValues,
  type PortalPlanView,
} from './pages.js';
import { EMAIL_RE } from './params.js';
import { get, LIVE_STATUSES, type PortalRec, type PriceRec, type SubscriptionRec } from './records.js';
import { newCustomer } from './resources/customers.js';
import { newInvoice, payInvoice } from './resources/invoices.js';
import { cancelNow, changeSubscription } from './resources/subscriptions.js';
import { expireIfDue, findCustomer, findPrice, newId, nowS, PAGE_CTX, type StandinContext } from './store.js';

function currentSubscription(standin: StandinContext, customer: string): SubscriptionRec | undefined {
  return Object.values(standin.state.subscriptions)
    .filter((s) => s.customer === customer && LIVE_STATUSES.includes(s.status))
    .sort((a, b) => b.seq - a.seq)[0];
}

function priceText(price: PriceRec, quantity = 1) {
  return `${money(price.unitAmount * quantity, price.currency)} ${intervalText(price)}`;
}

function portalView(standin: StandinContext, ps: PortalRec) {
  const customer = get(standin.state.customers, ps.customer);
  const sub = currentSubscription(standin, ps.customer);
  let current: PortalPlanView | null = null;
  let options: { price: string; label: string; priceText: string }[] = [];
  if (sub) {
    const price = get(standin.state.prices, sub.price);
    const product = price && get(standin.state.products, price.product);
    const open = sub.latestInvoice ? get(standin.state.invoices, sub.latestInvoice) : undefined;
    current = {
      subscription: sub.id,
      planName: product?.name ?? 'Plan',
      priceText: price ? priceText(price, sub.quantity) : '',
      renewalText: `${sub.cancelAtPeriodEnd ? 'Cancels' : 'Renews'} on ${dateText(sub.periodEnd)}`,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      pastDueInvoiceUrl: sub.status === 'past_due' && open?.status === 'open' ? `${standin.url}/invoices/${open.id}` : null,
      card: sub.card ? `${BRAND_NAMES[sub.card.brand] ?? sub.card.brand} •••• ${sub.card.last4}` : null,
    };
    options = Object.values(standin.state.prices)
      .filter((x) => x.active && x.interval && x.id !== sub.price && get(standin.state.products, x.product)?.active)
      .sort((a, b) => a.unitAmount - b.unitAmount || a.seq - b.seq)
      .map((x) => ({ price: x.id, label: `Switch to ${get(standin.state.products, x.product)!.name}`, priceText: priceText(x) }));
    // Two prices of one product would otherwise share a label.
    for (const o of options) if (options.filter((x) => x.label === o.label).length > 1) o.label = `${o.label} (${o.priceText})`;
  }
  return { actionBase: `/portal/${ps.id}`, customerEmail: customer?.email ?? null, current, options, returnUrl: ps.returnUrl };
}

export async function serveHostedPage(
  standin: StandinContext,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  method: string,
  kind: string,
  id: string,
  action?: string,
) {
  const body = await readBody(req, 64 * 1024);
  const form: Record<string, string> = {};
  if (method === 'POST' && body !== 'too-large') {
    for (const [k, v] of new URLSearchParams(body.toString('utf8'))) if (k !== '__proto__') form[k] = v;
  }
  if (kind === 'checkout') return serveCheckoutPage(standin, res, method, id, form);
  if (kind === 'portal') return servePortalPage(standin, res, method, id, action, form);
  return serveInvoicePage(standin, res, method, id, form);
}

function cardValues(form: Record<string, string>): Partial<CardFormValues> {
  return {
    email: form.email,
    cardNumber: form.cardNumber,
    cardExpiry: form.cardExpiry,
    cardCvc: form.cardCvc,
    billingName: form.billingName,
  };
}

function serveCheckoutPage(standin: StandinContext, res: http.ServerResponse, method: string, id: string, form: Record<string, string>) {
  const s = get(standin.state.checkoutSessions, id);
  if (!s) return sendHtml(res, 404, messagePage('Checkout not found', 'This checkout page does not exist.'));
  expireIfDue(standin, s);
  if (s.status === 'complete') {
    const next = s.successUrl
      ? { href: s.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', s.id), text: `Continue to ${MERCHANT}` }
      : undefined;
    return sendHtml(
      res,
      method === 'POST' ? 409 : 200,
      messagePage('Already paid', 'This checkout is complete: the subscription is active.', next),
    );
  }
  if (s.status === 'expired') {
    const back = s.cancelUrl ? { href: s.cancelUrl, text: `Back to ${MERCHANT}` } : undefined;
    return sendHtml(res, 410, messagePage('Checkout expired', 'This checkout has expired. Start again from the app.', back));
  }
  const price = findPrice(standin, s.price, 'price');
  const product = get(standin.state.products, price.product);
  const lockedEmail = s.customer ? (get(standin.state.customers, s.customer)?.email ?? null) : s.customerEmail;
  const render = (status: number, error?: string, invalidField?: CardField) =>
    sendHtml(
      res,
      status,
      checkoutPage({
        action: `/checkout/${s.id}`,
        planName: product?.name ?? 'Plan',
        priceText: priceText(price, s.quantity),
        quantity: s.quantity,
        email: lockedEmail ?? form.email ?? '',
        emailLocked: !!lockedEmail,
        values: cardValues(form),
        error,
        invalidField,
        cancelUrl: s.cancelUrl,
      }),
    );
  if (method === 'GET') return render(200);

  const email = lockedEmail ?? (form.email ?? '').trim();
  if (!EMAIL_RE.test(email)) return render(400, 'Your email address is invalid.', 'email');
  const check = checkCard(cardValues(form));
  if (!check.ok) return render(check.status, check.message, check.field);

  const name = form.billingName.trim();
  const customer = s.customer ? findCustomer(standin, s.customer, 'customer') : newCustomer(standin, email, name);
  const t = nowS();
  const sub: SubscriptionRec = {
    id: newId('sub'),
    seq: ++standin.state.seq,
    created: t,
    customer: customer.id,
    status: 'active',
    itemId: newId('si', 14),
    price: price.id,
    quantity: s.quantity,
    periodStart: t,
    periodEnd: addInterval(t, price.interval ?? 'month', price.intervalCount),
    cancelAtPeriodEnd: false,
    canceledAt: null,
    endedAt: null,
    cancellationReason: null,
    metadata: { ...s.subscriptionMetadata },
    latestInvoice: null,
    card: check.card,
  };
  standin.state.subscriptions[sub.id] = sub;
  const invoice = newInvoice(standin, sub, 'subscription_create', true);
  s.status = 'complete';
  s.customer = customer.id;
  s.subscription = sub.id;
  s.invoice = invoice.id;
  s.details = { email, name };
  standin.emit('customer.subscription.created', renderSubscription(standin, sub), PAGE_CTX);
  standin.emit('invoice.paid', renderInvoice(standin, invoice), PAGE_CTX);
  standin.emit('checkout.session.completed', renderCheckout(standin, s), PAGE_CTX);
  standin.save();
  if (s.successUrl) return redirect(res, s.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', s.id));
  sendHtml(res, 200, messagePage('Thank you', 'Your subscription is active.'));
}

function servePortalPage(
  standin: StandinContext,
  res: http.ServerResponse,
  method: string,
  id: string,
  action: string | undefined,
  form: Record<string, string>,
) {
  const ps = get(standin.state.portalSessions, id);
  if (!ps)
    return sendHtml(res, 404, messagePage('Billing page not found', 'This billing page does not exist. Open it again from the app.'));
  if (method === 'GET') return sendHtml(res, 200, portalPage(portalView(standin, ps)));

  const back = () => redirect(res, ps.returnUrl ?? `/portal/${ps.id}`);
  // The page names the plan it showed, so a stale page cannot act on a newer plan; without it, the current one.
  const sub = form.subscription ? get(standin.state.subscriptions, form.subscription) : currentSubscription(standin, ps.customer);
  if (!sub || sub.customer !== ps.customer || !LIVE_STATUSES.includes(sub.status)) {
    const link = { href: `/portal/${ps.id}`, text: 'Back to billing' };
    return sendHtml(res, 409, messagePage('Plan not changed', 'This plan can no longer be changed: reload the billing page.', link));
  }
  if (action === 'cancel') {
    cancelNow(standin, sub, PAGE_CTX);
  } else if (action === 'resume') {
    changeSubscription(standin, sub, PAGE_CTX, () => (sub.cancelAtPeriodEnd = false));
  } else {
    const price = get(standin.state.prices, form.price ?? '');
    if (!price || !price.active || !price.interval || !get(standin.state.products, price.product)?.active) {
      return sendHtml(
        res,
        400,
        messagePage('Plan not changed', 'That plan is not available.', { href: `/portal/${ps.id}`, text: 'Back to billing' }),
      );
    }
    changeSubscription(standin, sub, PAGE_CTX, () => (sub.price = price.id));
  }
  standin.save();
  back();
}

function serveInvoicePage(standin: StandinContext, res: http.ServerResponse, method: string, id: string, form: Record<string, string>) {
  const inv = get(standin.state.invoices, id);
  if (!inv) return sendHtml(res, 404, messagePage('Invoice not found', 'This invoice does not exist.'));
  const customer = get(standin.state.customers, inv.customer);
  const rendered = renderInvoice(standin, inv);
  const line = (rendered.lines as { data: { description: string }[] }).data[0];
  const render = (status: number, error?: string, invalidField?: CardField) =>
    sendHtml(
      res,
      status,
      invoicePage({
        action: `/invoices/${inv.id}`,
        number: inv.number,
        amountText: money(inv.amount, inv.currency),
        description: line.description,
        status: inv.status,
        customerEmail: customer?.email ?? null,
        values: cardValues(form),
        error,
        invalidField,
      }),
    );
  if (method === 'GET' || inv.status === 'paid') return render(200);
  const check = checkCard(cardValues(form));
  if (!check.ok) return render(check.status, check.message, check.field);
  payInvoice(standin, inv, PAGE_CTX, check.card);
  standin.save();
  redirect(res, `/invoices/${inv.id}`);
}
