import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/dev/stack/ports.js';
import { startStripe, type StripeStandin } from '../../../scripts/dev/stand-ins/stripe/server.js';
import { sleep, waitFor as waitUntil } from '../../support/wait.js';
import { filesLeft } from '../../support/files-left.js';
import { startWebhookReceiver, type Delivery } from '../../support/webhook-receiver.js';

const SECRET_KEY = 'sk_test_localstandin0123456789abcdef';
const WEBHOOK_SECRET = 'whsec_localstandintest0123456789';
const APP = 'http://localhost:5173';

const waitFor = <T>(probe: () => T | undefined | null | false, what: string, timeoutMs = 8000) => waitUntil(probe, what, timeoutMs);

/** A webhook endpoint that records what it is sent; `failNext` answers that many deliveries with a 500. */
const startReceiver = () =>
  startWebhookReceiver<Stripe.Event>('/webhooks/stripe', {
    accepted: { headers: { 'content-type': 'application/json' }, body: '{"received":true}' },
    refused: 'not now',
  });

describe('local Stripe stand-in', () => {
  let dir: string;
  let port: number;
  let hookUrl: string | undefined;
  let standin: StripeStandin;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let stripe: Stripe;
  let basicPrice: string;
  let proPrice: string;

  const start = () => startStripe({ port, dataDir: dir, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, webhookUrl: () => hookUrl });
  const local = (p: string, body?: unknown) =>
    fetch(`${standin.url}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  /** Submits a hosted page's form as a browser does. */
  const submit = (p: string, fields: Record<string, string>) =>
    fetch(`${standin.url}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
  const card = (cardNumber: string) => ({ cardNumber, cardExpiry: '12 / 34', cardCvc: '123', billingName: 'Ana Example' });
  const eventsFor = (id: string, type?: string) =>
    receiver.received.filter((d) => (d.event.data.object as { id?: string }).id === id && (!type || d.event.type === type));

  async function subscribe(email: string, price: string) {
    const customer = await stripe.customers.create({ email });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price, quantity: 1 }],
      success_url: `${APP}/billing/done?session={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP}/pricing`,
    });
    const res = await submit(`/checkout/${session.id}`, card('4242424242424242'));
    expect(res.status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    // Its webhooks are done once the last one is in, so later expectations see only their own.
    await waitFor(() => eventsFor(session.id, 'checkout.session.completed')[0], 'checkout.session.completed');
    return { customer, session: done, subscription: done.subscription as string };
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'snip-stripe-'));
    port = await freePort();
    receiver = await startReceiver();
    hookUrl = receiver.url;
    standin = await start();
    stripe = new Stripe(SECRET_KEY, { host: 'localhost', port, protocol: 'http', maxNetworkRetries: 0 });
  });

  afterAll(async () => {
    await standin?.close();
    await receiver?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates products with default prices and marketing features, listed with their prices expanded', async () => {
    const basic = await stripe.products.create({
      id: 'snip_basic',
      name: 'Basic',
      marketing_features: [{ name: '5 reviews a month' }],
      default_price_data: { currency: 'usd', unit_amount: 900, recurring: { interval: 'month' } },
      metadata: { tier: 'basic' },
    });
    const pro = await stripe.products.create({
      id: 'snip_pro',
      name: 'Pro',
      marketing_features: [{ name: 'Unlimited reviews' }, { name: 'Priority queue' }],
      default_price_data: { currency: 'usd', unit_amount: 1900, recurring: { interval: 'month' } },
    });
    expect(basic).toMatchObject({ id: 'snip_basic', object: 'product', active: true, livemode: false, metadata: { tier: 'basic' } });
    basicPrice = basic.default_price as string;
    proPrice = pro.default_price as string;
    expect(basicPrice).toMatch(/^price_/);

    const list = await stripe.products.list({ active: true, expand: ['data.default_price'] });
    expect(list).toMatchObject({ object: 'list', has_more: false, url: '/v1/products' });
    const listedPro = list.data.find((p) => p.id === 'snip_pro')!;
    expect(listedPro.marketing_features).toEqual([{ name: 'Unlimited reviews' }, { name: 'Priority queue' }]);
    expect(listedPro.default_price).toMatchObject({
      id: proPrice,
      object: 'price',
      unit_amount: 1900,
      currency: 'usd',
      type: 'recurring',
      recurring: { interval: 'month' },
    });

    await stripe.prices.update(basicPrice, { lookup_key: 'basic_monthly' });
    const byKey = await stripe.prices.list({ lookup_keys: ['basic_monthly'], expand: ['data.product'] });
    expect(byKey.data).toHaveLength(1);
    expect(byKey.data[0].product).toMatchObject({ id: 'snip_basic', name: 'Basic' });
    const recurring = await stripe.prices.list({ active: true, type: 'recurring', product: 'snip_pro' });
    expect(recurring.data.map((p) => p.id)).toEqual([proPrice]);
    expect(await stripe.products.retrieve('snip_basic', { expand: ['default_price'] })).toMatchObject({
      default_price: { unit_amount: 900 },
    });
  });

  it('serves Checkout: a declined card creates nothing, 4242 subscribes, redirects and sends signed webhooks', async () => {
    const customer = await stripe.customers.create({ email: 'ana@example.com', name: 'Ana', metadata: { userId: 'u1' } });
    expect(customer).toMatchObject({ object: 'customer', email: 'ana@example.com', metadata: { userId: 'u1' } });
    expect((await stripe.customers.list({ email: 'ana@example.com' })).data.map((c) => c.id)).toEqual([customer.id]);

    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: basicPrice, quantity: 1 }],
      success_url: `${APP}/billing/done?session={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP}/pricing`,
      client_reference_id: 'u1',
      metadata: { userId: 'u1' },
      subscription_data: { metadata: { userId: 'u1' } },
    });
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'u1',
      subscription: null,
      url: `${standin.url}/checkout/${session.id}`,
    });
    expect(session.id).toMatch(/^cs_test_/);

    const page = await (await fetch(session.url!)).text();
    for (const text of [
      'Subscribe to Basic',
      '$9.00 per month',
      '<label for="email">Email</label>',
      '<label for="cardNumber">Card number</label>',
      '<label for="cardExpiry">Expiry</label>',
      '<label for="cardCvc">CVC</label>',
      '<label for="billingName">Name on card</label>',
      '>Subscribe</button>',
      `href="${APP}/pricing"`,
    ]) {
      expect(page).toContain(text);
    }
    expect(page).toContain('value="ana@example.com"');

    const declined = await submit(`/checkout/${session.id}`, card('4000 0000 0000 0002'));
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    const invalid = await submit(`/checkout/${session.id}`, card('1234 5678 9012 3456'));
    expect(await invalid.text()).toContain('Your card number is invalid.');
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    const paid = await submit(`/checkout/${session.id}`, card('4242 4242 4242 4242'));
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${APP}/billing/done?session=${session.id}`);

    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    const sub = done.subscription as Stripe.Subscription;
    expect(sub).toMatchObject({
      object: 'subscription',
      status: 'active',
      customer: customer.id,
      metadata: { userId: 'u1' },
      cancel_at_period_end: false,
    });
    expect(sub.items.data[0].price.id).toBe(basicPrice);
    expect(sub.items.data[0].current_period_end - sub.items.data[0].current_period_start).toBeGreaterThanOrEqual(28 * 86400);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'active' })).data.map((s) => s.id)).toEqual([sub.id]);

    const sessionEvents = await waitFor(() => {
      const forSub = receiver.received.filter((d) => {
        const o = d.event.data.object as { id: string; subscription?: string };
        return o.id === sub.id || o.id === session.id || o.subscription === sub.id;
      });
      return forSub.length >= 3 && forSub;
    }, 'the checkout webhooks');
    expect(sessionEvents.map((d) => d.event.type)).toEqual(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed']);
    for (const d of sessionEvents) {
      expect(d.headers['content-type']).toBe('application/json; charset=utf-8');
      const event = stripe.webhooks.constructEvent(d.body, d.headers['stripe-signature'] as string, WEBHOOK_SECRET);
      expect(event).toMatchObject({ object: 'event', livemode: false, api_version: Stripe.API_VERSION, pending_webhooks: 1 });
      expect(event.id).toMatch(/^evt_/);
    }
    const completed = sessionEvents[2].event.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({ id: session.id, status: 'complete', subscription: sub.id, client_reference_id: 'u1' });

    const tampered = sessionEvents[0].body.replace('"status": "active"', '"status": "canceled"');
    expect(tampered).not.toBe(sessionEvents[0].body);
    expect(() => stripe.webhooks.constructEvent(tampered, sessionEvents[0].headers['stripe-signature'] as string, WEBHOOK_SECRET)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );

    const again = await fetch(session.url!);
    expect(await again.text()).toContain('This checkout is complete');
  });

  it('lets the portal switch and cancel the plan, each with its webhook', async () => {
    const { customer, subscription } = await subscribe('bo@example.com', basicPrice);
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: `${APP}/account` });
    expect(portal).toMatchObject({
      object: 'billing_portal.session',
      customer: customer.id,
      return_url: `${APP}/account`,
      url: `${standin.url}/portal/${portal.id}`,
    });

    const page = await (await fetch(portal.url)).text();
    for (const text of [
      'Basic',
      '$9.00 per month',
      'Renews on',
      '>Switch to Pro</button>',
      '>Cancel plan</button>',
      `href="${APP}/account">Return to Snip</a>`,
    ]) {
      expect(page).toContain(text);
    }

    const switched = await submit(`/portal/${portal.id}/switch`, { subscription, price: proPrice });
    expect(switched.status).toBe(303);
    expect(switched.headers.get('location')).toBe(`${APP}/account`);
    const updated = await waitFor(() => eventsFor(subscription, 'customer.subscription.updated')[0], 'customer.subscription.updated');
    const updatedSub = updated.event.data.object as Stripe.Subscription;
    expect(updatedSub.items.data[0].price.id).toBe(proPrice);
    const previous = updated.event.data.previous_attributes as { items: { data: { price: { id: string } }[] } };
    expect(previous.items.data[0].price.id).toBe(basicPrice);
    expect((await stripe.subscriptions.retrieve(subscription)).items.data[0].price.unit_amount).toBe(1900);

    const cancelled = await submit(`/portal/${portal.id}/cancel`, { subscription });
    expect(cancelled.headers.get('location')).toBe(`${APP}/account`);
    const deleted = await waitFor(() => eventsFor(subscription, 'customer.subscription.deleted')[0], 'customer.subscription.deleted');
    expect(deleted.event.data.object).toMatchObject({ id: subscription, status: 'canceled' });
    expect((await stripe.subscriptions.retrieve(subscription)).status).toBe('canceled');
    const after = await (await fetch(portal.url)).text();
    expect(after).toContain('You have no current plan.');
    expect(after).toContain('Return to Snip');
  });

  it('simulates a failed renewal (invoice.payment_failed, past_due) and a successful retry', async () => {
    const { customer, subscription } = await subscribe('cy@example.com', proPrice);
    const failed = await local(`/_local/subscriptions/${subscription}/renew`, { fail: true });
    expect(failed.status).toBe(200);
    const { subscription: sub, invoice } = (await failed.json()) as { subscription: Stripe.Subscription; invoice: Stripe.Invoice };
    expect(sub.status).toBe('past_due');
    const event = await waitFor(() => eventsFor(invoice.id, 'invoice.payment_failed')[0], 'invoice.payment_failed');
    expect(event.event.data.object).toMatchObject({
      id: invoice.id,
      object: 'invoice',
      customer: customer.id,
      customer_email: 'cy@example.com',
      subscription,
      parent: { subscription_details: { subscription } },
      amount_due: 1900,
      attempt_count: 1,
      status: 'open',
      hosted_invoice_url: `${standin.url}/invoices/${invoice.id}`,
    });
    const pastDue = await waitFor(
      () =>
        eventsFor(subscription, 'customer.subscription.updated').find(
          (d) => (d.event.data.object as Stripe.Subscription).status === 'past_due',
        ),
      'the past_due update',
    );
    expect(pastDue.event.data.previous_attributes).toMatchObject({ status: 'active' });

    const retried = (await (await local(`/_local/subscriptions/${subscription}/renew`, {})).json()) as {
      subscription: Stripe.Subscription;
      invoice: Stripe.Invoice;
    };
    expect(retried.invoice).toMatchObject({ id: invoice.id, status: 'paid', attempt_count: 2 });
    expect(retried.subscription.status).toBe('active');
    await waitFor(() => eventsFor(invoice.id, 'invoice.paid')[0], 'invoice.paid for the retry');
  });

  it('pauses deliveries, then delivers chosen events on demand, out of order and again', async () => {
    const { subscription } = await subscribe('di@example.com', basicPrice);
    expect(await (await local('/_local/webhooks', { paused: true })).json()).toMatchObject({ paused: true });
    try {
      await stripe.subscriptions.update(subscription, { metadata: { step: '1' } });
      await stripe.subscriptions.update(subscription, { metadata: { step: '2' } });
      await sleep(300);
      expect(eventsFor(subscription, 'customer.subscription.updated')).toEqual([]);

      const listed = await stripe.events.list({ type: 'customer.subscription.updated', limit: 2 });
      const [second, first] = listed.data;
      expect((second.data.object as Stripe.Subscription).metadata.step).toBe('2');
      expect((first.data.object as Stripe.Subscription).metadata.step).toBe('1');
      expect(second.request?.id).toMatch(/^req_/);
      expect((await stripe.events.retrieve(first.id)).id).toBe(first.id);

      for (const id of [second.id, first.id, first.id]) {
        const res = await local(`/_local/events/${id}/deliver`);
        expect(await res.json()).toMatchObject({ delivered: true, status: 200 });
      }
      const got = eventsFor(subscription, 'customer.subscription.updated');
      expect(got.map((d) => d.event.id)).toEqual([second.id, first.id, first.id]);
      for (const d of got)
        expect(stripe.webhooks.constructEvent(d.body, d.headers['stripe-signature'] as string, WEBHOOK_SECRET).id).toBe(d.event.id);
    } finally {
      await local('/_local/webhooks', { paused: false });
    }
    // Events raised while paused are not delivered again on their own once deliveries resume.
    await sleep(1200);
    expect(eventsFor(subscription, 'customer.subscription.updated')).toHaveLength(3);
  });

  it('retries a delivery the endpoint refused and records every attempt', async () => {
    const { subscription } = await subscribe('ed@example.com', basicPrice);
    receiver.state.failNext = 1;
    await stripe.subscriptions.update(subscription, { cancel_at_period_end: true });
    const d = await waitFor(() => eventsFor(subscription, 'customer.subscription.updated')[0], 'the retried delivery');
    expect(d.event.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
    const { data } = (await (await fetch(`${standin.url}/_local/deliveries?event=${d.event.id}`)).json()) as {
      data: { ok: boolean; status: number }[];
    };
    expect(data.map((x) => [x.ok, x.status])).toEqual([
      [true, 200],
      [false, 500],
    ]);
  });

  it('replays an idempotent request and refuses the key with other parameters', async () => {
    const first = await stripe.customers.create({ email: 'fay@example.com' }, { idempotencyKey: 'signup-fay' });
    const replay = await stripe.customers.create({ email: 'fay@example.com' }, { idempotencyKey: 'signup-fay' });
    expect(replay.id).toBe(first.id);
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await stripe.customers.list({ email: 'fay@example.com' })).data).toHaveLength(1);
    const err = await stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'signup-fay' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(err).toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
  });

  it('answers errors as Stripe does: wrong key, unknown id, missing and malformed parameters, unknown routes', async () => {
    const wrong = new Stripe('sk_test_not_the_right_key_000000', { host: 'localhost', port, protocol: 'http', maxNetworkRetries: 0 });
    const auth = await wrong.customers.list().catch((e: unknown) => e);
    expect(auth).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(auth).toMatchObject({ statusCode: 401 });

    const missingProduct = await stripe.products.retrieve('prod_nope').catch((e: unknown) => e);
    expect(missingProduct).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missingProduct).toMatchObject({
      code: 'resource_missing',
      param: 'id',
      statusCode: 404,
      message: "No such product: 'prod_nope'",
    });
    const missingCustomer = await stripe.checkout.sessions
      .create({ mode: 'subscription', customer: 'cus_nope', line_items: [{ price: basicPrice, quantity: 1 }], success_url: `${APP}/done` })
      .catch((e: unknown) => e);
    expect(missingCustomer).toMatchObject({ code: 'resource_missing', param: 'customer', statusCode: 400 });

    const noName = await stripe.products.create({} as Stripe.ProductCreateParams).catch((e: unknown) => e);
    expect(noName).toMatchObject({ code: 'parameter_missing', param: 'name', statusCode: 400 });

    const raw = (method: string, p: string, body?: string) =>
      fetch(`${standin.url}${p}`, {
        method,
        headers: { authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    for (const [method, p, body, status] of [
      ['POST', '/v1/products', 'name=x&metadata[a=1', 400],
      ['POST', '/v1/products', 'name=x&metadata=1&metadata[a]=2', 400],
      ['POST', '/v1/prices', 'product=snip_basic&currency=usd&unit_amount=abc', 400],
      ['POST', '/v1/subscriptions/sub_nope', 'cancel_at_period_end=maybe', 404],
      ['PUT', '/v1/products', 'name=x', 404],
      ['GET', '/v1/nothing-here', undefined, 404],
    ] as const) {
      const res = await raw(method, p, body);
      expect(res.status, `${method} ${p}`).toBe(status);
      expect(((await res.json()) as { error: { type: string; message: string } }).error).toMatchObject({
        type: 'invalid_request_error',
        message: expect.any(String),
      });
    }
    const badJson = await fetch(`${standin.url}/_local/webhooks`, { method: 'POST', body: '{paused' });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    const badForm = await submit('/checkout/cs_test_nope', { cardNumber: '%%%' });
    expect(badForm.status).toBe(404);
    expect((await fetch(`${standin.url}/_local/health`)).status).toBe(200);
  });

  it('writes nothing to disk when its data is not kept (keepData: false), and answers as ever', async () => {
    const memoryPort = await freePort();
    const start = (dataDir: string) =>
      startStripe({
        port: memoryPort,
        dataDir,
        keepData: false,
        secretKey: SECRET_KEY,
        webhookSecret: WEBHOOK_SECRET,
        webhookUrl: () => undefined,
      });
    const left = await filesLeft('snip-stripe-memory', start, async () => {
      const client = new Stripe(SECRET_KEY, { host: 'localhost', port: memoryPort, protocol: 'http', maxNetworkRetries: 0 });
      const product = await client.products.create({ name: 'Kept in memory' });
      expect((await client.products.retrieve(product.id)).name).toBe('Kept in memory');
    });
    expect(left).toEqual([]);
  });

  it('keeps its state across a restart and holds events until a webhook URL is known', async () => {
    await standin.close();
    expect(fs.existsSync(path.join(dir, 'state.json'))).toBe(true);
    hookUrl = undefined;
    standin = await start();
    expect((await stripe.products.retrieve('snip_pro')).marketing_features).toHaveLength(2);
    const subs = await stripe.subscriptions.list({ status: 'all', limit: 100 });
    expect(subs.data.length).toBeGreaterThanOrEqual(5);
    expect((await stripe.events.list({ limit: 100 })).data.length).toBeGreaterThan(10);

    const live = subs.data.find((s) => s.status === 'active')!;
    await stripe.subscriptions.update(live.id, { metadata: { after: 'restart' } });
    await sleep(300);
    const isIt = (d: Delivery<Stripe.Event>) => (d.event.data.object as Stripe.Subscription).metadata?.after === 'restart';
    expect(receiver.received.filter(isIt)).toEqual([]);
    hookUrl = receiver.url;
    await waitFor(() => receiver.received.find(isIt), 'the held event', 5000);
  });
});
