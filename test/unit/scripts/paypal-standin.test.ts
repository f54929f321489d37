import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/dev/stack/ports.js';
import {
  startPaypal,
  webhookSignature,
  type PaypalStandin,
  type PaypalStandinOptions,
} from '../../../scripts/dev/stand-ins/paypal/server.js';
import { sleep, waitFor } from '../../support/wait.js';
import { filesLeft } from '../../support/files-left.js';
import { startWebhookReceiver } from '../../support/webhook-receiver.js';

const CLIENT_ID = 'snip-local-client';
const CLIENT_SECRET = 'snip-local-secret';
const WEBHOOK_ID = '8PT597110X687430LKGECATA';
const RETURN_URL = 'http://localhost:5173/paypal/return?from=checkout';
const CANCEL_URL = 'http://localhost:5173/paypal/cancel';

type PaypalEvent = { id: string; event_type: string; resource: Record<string, any> } & Record<string, any>;

/** The product's webhook endpoint: records every delivery; answers 500 while `failNext` is above 0. */
const startReceiver = () => startWebhookReceiver<PaypalEvent>('/webhooks/paypal');
const until = <T>(probe: () => T | undefined | false, what: string) => waitFor(probe, what, 5000);

describe('local PayPal stand-in', () => {
  let dir: string;
  let port: number;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let paypal: PaypalStandin;
  let webhookUrl: string | undefined;
  let token: string;

  const options = (): PaypalStandinOptions => ({
    port,
    dataDir: dir,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    webhookId: WEBHOOK_ID,
    webhookUrl: () => webhookUrl,
  });

  async function getToken(id = CLIENT_ID, secret = CLIENT_SECRET) {
    return fetch(`${paypal.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
  }

  async function api(
    method: string,
    p: string,
    opts: { body?: unknown; raw?: string; headers?: Record<string, string>; auth?: string | null } = {},
  ) {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
    if (opts.auth !== null) headers.authorization = `Bearer ${opts.auth ?? token}`;
    const res = await fetch(`${paypal.url}${p}`, {
      method,
      headers,
      body: opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
  }

  const orderBody = (invoiceId: string, extra: Record<string, unknown> = {}) => ({
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: 'req-1',
        invoice_id: invoiceId,
        custom_id: `cust-${invoiceId}`,
        description: 'Feedback from Paul Pro on "Track title"',
        amount: { currency_code: 'USD', value: '30.00' },
      },
    ],
    payment_source: {
      paypal: { experience_context: { return_url: RETURN_URL, cancel_url: CANCEL_URL, brand_name: 'Snip', user_action: 'PAY_NOW' } },
    },
    ...extra,
  });

  async function createOrder(invoiceId: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    const res = await api('POST', '/v2/checkout/orders', { body: orderBody(invoiceId, extra), headers });
    expect(res.status).toBe(201);
    return res.json as { id: string; status: string; links: { href: string; rel: string; method: string }[] };
  }

  /** As a browser submits the approval page's forms. */
  const submit = (action: 'approve' | 'decline' | 'cancel', orderId: string) =>
    fetch(`${paypal.url}/checkoutnow/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: orderId }).toString(),
      redirect: 'manual',
    });

  async function capturedOrder(invoiceId: string) {
    const order = await createOrder(invoiceId);
    expect((await submit('approve', order.id)).status).toBe(303);
    const capture = await api('POST', `/v2/checkout/orders/${order.id}/capture`, { headers: { 'PayPal-Request-Id': `cap-${invoiceId}` } });
    expect(capture.status).toBe(201);
    return { orderId: order.id, captureId: capture.json.purchase_units[0].payments.captures[0].id as string };
  }

  /** The delivery of an event about a resource, named by its `id` (or, for v1 resources, by the member `key`). */
  const delivered = (type: string, resourceId: string, key = 'id') =>
    until(
      () => receiver.received.find((d) => d.event.event_type === type && d.event.resource[key] === resourceId),
      `${type} for ${resourceId}`,
    );

  /** A local control (no token). */
  const local = (p: string, body: unknown = {}) => api('POST', p, { body, auth: null });

  const payoutBody = (senderBatchId: string, receiverEmail: string, value = '12.34') => ({
    sender_batch_header: { sender_batch_id: senderBatchId, email_subject: 'You have a payout from Snip', recipient_type: 'EMAIL' },
    items: [
      {
        recipient_type: 'EMAIL',
        amount: { value, currency: 'USD' },
        receiver: receiverEmail,
        note: 'Your earnings from feedback on Snip',
        sender_item_id: `item-${senderBatchId}`,
      },
    ],
  });

  /** Sends a payout of one item; its batch id. */
  async function createPayout(senderBatchId: string, receiverEmail: string, value?: string) {
    const res = await api('POST', '/v1/payments/payouts', { body: payoutBody(senderBatchId, receiverEmail, value) });
    expect(res.status).toBe(201);
    return res.json.batch_header.payout_batch_id as string;
  }

  const batchOf = async (batchId: string) => (await api('GET', `/v1/payments/payouts/${batchId}`)).json;
  const itemEvent = (type: string, itemId: string) => delivered(`PAYMENT.PAYOUTS-ITEM.${type}`, itemId, 'payout_item_id');
  const eventsAbout = (key: string, value: string) => receiver.received.filter((d) => d.event.resource[key] === value);

  const verify = (d: { headers: http.IncomingHttpHeaders; event: unknown }, overrides: Record<string, unknown> = {}) =>
    api('POST', '/v1/notifications/verify-webhook-signature', {
      body: {
        auth_algo: d.headers['paypal-auth-algo'],
        cert_url: d.headers['paypal-cert-url'],
        transmission_id: d.headers['paypal-transmission-id'],
        transmission_sig: d.headers['paypal-transmission-sig'],
        transmission_time: d.headers['paypal-transmission-time'],
        webhook_id: WEBHOOK_ID,
        webhook_event: d.event,
        ...overrides,
      },
    });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'snip-paypal-'));
    receiver = await startReceiver();
    webhookUrl = receiver.url;
    port = await freePort();
    paypal = await startPaypal(options());
    token = (await (await getToken()).json()).access_token;
  });

  afterAll(async () => {
    await paypal?.close();
    await receiver?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('issues OAuth tokens for the right client credentials only, and requires one on the API', async () => {
    const good = await getToken();
    expect(good.status).toBe(200);
    const body = await good.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 32400 });
    expect(body.access_token).toEqual(expect.any(String));
    expect(body.app_id).toMatch(/^APP-/);
    expect(body.scope).toContain('https://uri.paypal.com/services/payments/payment');

    const bad = await getToken(CLIENT_ID, 'wrong');
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ error: 'invalid_client', name: 'AUTHENTICATION_FAILURE', debug_id: expect.any(String) });

    for (const auth of [null, 'not-a-token']) {
      const res = await api('GET', '/v2/checkout/orders/5O190127TN364715T', { auth });
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ name: 'AUTHENTICATION_FAILURE', details: [expect.objectContaining({ issue: expect.any(String) })] });
    }
  });

  it('takes an order through approval and capture, and signs the webhooks it sends', async () => {
    const order = await createOrder('inv-happy');
    expect(order.id).toMatch(/^[A-Z0-9]{17}$/);
    // payment_source.paypal: PayPal answers PAYER_ACTION_REQUIRED with a payer-action link.
    expect(order.status).toBe('PAYER_ACTION_REQUIRED');
    const payerAction = order.links.find((l) => l.rel === 'payer-action')!;
    expect(payerAction).toEqual({ href: `${paypal.url}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' });
    expect(order.links.find((l) => l.rel === 'self')).toMatchObject({
      href: `${paypal.url}/v2/checkout/orders/${order.id}`,
      method: 'GET',
    });

    const page = await fetch(payerAction.href);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Pay $30.00 to Snip with PayPal');
    expect(html).toContain('Feedback from Paul Pro on &quot;Track title&quot;');
    for (const [action, label] of [
      ['approve', 'Approve'],
      ['decline', 'Approve with a declined card'],
      ['cancel', 'Cancel'],
    ]) {
      expect(html).toContain(`action="/checkoutnow/${action}"`);
      expect(html).toContain(`>${label}</button>`);
    }
    expect(html).toContain(`name="token" value="${order.id}"`);
    expect(html).not.toMatch(/<script|https?:\/\/(?!localhost)/);

    const approved = await submit('approve', order.id);
    expect(approved.status).toBe(303);
    const location = new URL(approved.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:5173/paypal/return');
    expect(location.searchParams.get('from')).toBe('checkout');
    expect(location.searchParams.get('token')).toBe(order.id);
    const payerId = location.searchParams.get('PayerID');
    expect(payerId).toMatch(/^[A-Z0-9]{13}$/);

    const shown = await api('GET', `/v2/checkout/orders/${order.id}`);
    expect(shown.json).toMatchObject({
      id: order.id,
      intent: 'CAPTURE',
      status: 'APPROVED',
      payer: {
        payer_id: payerId,
        email_address: 'buyer@example.com',
        name: { given_name: expect.any(String), surname: expect.any(String) },
      },
      purchase_units: [{ reference_id: 'req-1', invoice_id: 'inv-happy', amount: { currency_code: 'USD', value: '30.00' } }],
    });
    expect(shown.json.links.map((l: { rel: string }) => l.rel)).toContain('capture');

    const capture = await api('POST', `/v2/checkout/orders/${order.id}/capture`, { headers: { 'PayPal-Request-Id': 'capture-happy' } });
    expect(capture.status).toBe(201);
    expect(capture.json).toMatchObject({
      id: order.id,
      status: 'COMPLETED',
      payer: { payer_id: payerId, email_address: 'buyer@example.com' },
    });
    const c = capture.json.purchase_units[0].payments.captures[0];
    expect(c).toMatchObject({
      id: expect.stringMatching(/^[A-Z0-9]{17}$/),
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '30.00' },
      final_capture: true,
      invoice_id: 'inv-happy',
      custom_id: 'cust-inv-happy',
      seller_receivable_breakdown: {
        gross_amount: { currency_code: 'USD', value: '30.00' },
        paypal_fee: { currency_code: 'USD', value: '1.54' },
        net_amount: { currency_code: 'USD', value: '28.46' },
      },
      create_time: expect.any(String),
      update_time: expect.any(String),
    });
    expect(c.links).toEqual([
      { href: `${paypal.url}/v2/payments/captures/${c.id}`, rel: 'self', method: 'GET' },
      { href: `${paypal.url}/v2/payments/captures/${c.id}/refund`, rel: 'refund', method: 'POST' },
      { href: `${paypal.url}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
    ]);

    // The same request id gets the same answer; another one is a second capture, which PayPal refuses.
    const replay = await api('POST', `/v2/checkout/orders/${order.id}/capture`, { headers: { 'PayPal-Request-Id': 'capture-happy' } });
    expect(replay.status).toBe(201);
    expect(replay.json).toEqual(capture.json);
    const again = await api('POST', `/v2/checkout/orders/${order.id}/capture`, { headers: { 'PayPal-Request-Id': 'capture-happy-2' } });
    expect(again.status).toBe(422);
    expect(again.json).toMatchObject({
      name: 'UNPROCESSABLE_ENTITY',
      debug_id: expect.any(String),
      details: [{ issue: 'ORDER_ALREADY_CAPTURED' }],
    });

    const fetched = await api('GET', `/v2/payments/captures/${c.id}`);
    expect(fetched.json).toMatchObject({ id: c.id, status: 'COMPLETED', supplementary_data: { related_ids: { order_id: order.id } } });

    const approval = await delivered('CHECKOUT.ORDER.APPROVED', order.id);
    expect(approval.event).toMatchObject({
      resource_type: 'checkout-order',
      resource: { status: 'APPROVED', payer: { payer_id: payerId } },
    });
    const completed = await delivered('PAYMENT.CAPTURE.COMPLETED', c.id);
    expect(completed.event).toMatchObject({
      id: expect.stringMatching(/^WH-/),
      event_version: '1.0',
      resource_type: 'capture',
      summary: expect.any(String),
      create_time: expect.any(String),
      resource: {
        id: c.id,
        status: 'COMPLETED',
        invoice_id: 'inv-happy',
        custom_id: 'cust-inv-happy',
        supplementary_data: { related_ids: { order_id: order.id } },
      },
    });
    expect(completed.headers).toMatchObject({
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-transmission-id': expect.any(String),
      'paypal-transmission-time': expect.any(String),
      'paypal-transmission-sig': expect.any(String),
      'paypal-cert-url': expect.stringMatching(/^https:\/\/api\.sandbox\.paypal\.com\/v1\/notifications\/certs\//),
    });
    // Sent now: the product refuses a transmission time minutes away from its own.
    expect(Math.abs(Date.parse(completed.headers['paypal-transmission-time'] as string) - Date.now())).toBeLessThan(60_000);
    expect(completed.body).toBe(JSON.stringify(completed.event));

    expect((await verify(completed)).json).toEqual({ verification_status: 'SUCCESS' });
    const tampered = structuredClone(completed.event);
    tampered.resource.amount.value = '3000.00';
    expect((await verify({ ...completed, event: tampered })).json).toEqual({ verification_status: 'FAILURE' });
    expect((await verify(completed, { webhook_id: 'ANOTHERWEBHOOK' })).json).toEqual({ verification_status: 'FAILURE' });
    expect((await verify(completed, { transmission_time: new Date().toISOString() })).json).toEqual({ verification_status: 'FAILURE' });
    expect((await api('GET', `/_local/verifications?event_id=${completed.event.id}`, { auth: null })).json).toEqual({
      event_id: completed.event.id,
      calls: 4,
    });
  });

  it('verifies a signature over the bytes of the event in the request, as PayPal does', async () => {
    const transmission = {
      transmissionId: 'a7f1c3e0-1d2b-11ef-9c41-1f2e3d4c5b6a',
      transmissionTime: new Date().toISOString(),
      webhookId: WEBHOOK_ID,
      clientSecret: CLIENT_SECRET,
    };
    // Bytes that a parse and stringify would change: a 1.0, an escaped character, spacing.
    const body = '{ "id": "WH-BYTES-1", "event_type": "PAYMENT.CAPTURE.COMPLETED", "resource": { "amount": 1.0, "note": "caf\\u00e9" } }';
    const fields = {
      auth_algo: 'SHA256withRSA',
      cert_url: 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1',
      transmission_id: transmission.transmissionId,
      transmission_sig: webhookSignature(body, transmission),
      transmission_time: transmission.transmissionTime,
      webhook_id: WEBHOOK_ID,
    };
    const spliced = (event: string) =>
      api('POST', '/v1/notifications/verify-webhook-signature', {
        raw: `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${event}}`,
      });
    expect((await spliced(body)).json).toEqual({ verification_status: 'SUCCESS' });
    expect((await spliced(JSON.stringify(JSON.parse(body)))).json).toEqual({ verification_status: 'FAILURE' });
    expect(
      (await api('POST', '/v1/notifications/verify-webhook-signature', { body: { ...fields, webhook_event: JSON.parse(body) } })).json,
    ).toEqual({ verification_status: 'FAILURE' });
    expect((await api('GET', '/_local/verifications?event_id=WH-BYTES-1', { auth: null })).json).toEqual({
      event_id: 'WH-BYTES-1',
      calls: 3,
    });
  });

  it('refuses to capture an order the buyer has not approved, or one that does not exist', async () => {
    const order = await createOrder('inv-unapproved');
    const res = await api('POST', `/v2/checkout/orders/${order.id}/capture`, { headers: { 'PayPal-Request-Id': 'cap-unapproved' } });
    expect(res.status).toBe(422);
    expect(res.json.details[0].issue).toBe('ORDER_NOT_APPROVED');
    // Errors are not kept for the request id: after approval the same id captures.
    await submit('approve', order.id);
    expect(
      (await api('POST', `/v2/checkout/orders/${order.id}/capture`, { headers: { 'PayPal-Request-Id': 'cap-unapproved' } })).status,
    ).toBe(201);

    const missing = await api('GET', '/v2/checkout/orders/0000000000000000X');
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
  });

  it('declines a capture after "Approve with a declined card" and lets the buyer approve again', async () => {
    const order = await createOrder('inv-decline');
    const declined = await submit('decline', order.id);
    expect(declined.status).toBe(303);
    expect(new URL(declined.headers.get('location')!).searchParams.get('token')).toBe(order.id);

    const res = await api('POST', `/v2/checkout/orders/${order.id}/capture`);
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] });
    expect(res.json.links).toContainEqual({ href: `${paypal.url}/checkoutnow?token=${order.id}`, rel: 'redirect', method: 'GET' });
    expect((await api('GET', `/v2/checkout/orders/${order.id}`)).json.status).toBe('PAYER_ACTION_REQUIRED');
    expect((await api('POST', `/v2/checkout/orders/${order.id}/capture`)).json.details[0].issue).toBe('ORDER_NOT_APPROVED');

    await submit('approve', order.id);
    expect((await api('POST', `/v2/checkout/orders/${order.id}/capture`)).status).toBe(201);
  });

  it('sends a cancelled buyer to the cancel URL and leaves the order as it was', async () => {
    const res = await api('POST', '/v2/checkout/orders', {
      body: {
        intent: 'CAPTURE',
        purchase_units: [{ invoice_id: 'inv-cancel', amount: { currency_code: 'USD', value: '30.00' } }],
        application_context: { return_url: RETURN_URL, cancel_url: CANCEL_URL, brand_name: 'Snip' },
      },
      headers: { Prefer: 'return=representation' },
    });
    expect(res.status).toBe(201);
    // application_context: PayPal answers CREATED with an approve link.
    expect(res.json).toMatchObject({
      status: 'CREATED',
      intent: 'CAPTURE',
      purchase_units: [{ reference_id: 'default', invoice_id: 'inv-cancel' }],
    });
    expect(res.json.links.find((l: { rel: string }) => l.rel === 'approve').href).toBe(`${paypal.url}/checkoutnow?token=${res.json.id}`);

    const cancelled = await submit('cancel', res.json.id);
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`${CANCEL_URL}?token=${res.json.id}`);
    expect((await api('GET', `/v2/checkout/orders/${res.json.id}`)).json.status).toBe('CREATED');
  });

  it('answers stale approval links with a page, not a crash', async () => {
    const unknown = await fetch(`${paypal.url}/checkoutnow?token=NOSUCHORDER000000`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('This checkout link is not valid');
    const { orderId } = await capturedOrder('inv-stale');
    const paid = await fetch(`${paypal.url}/checkoutnow?token=${orderId}`);
    expect(paid.status).toBe(409);
    expect((await submit('approve', orderId)).status).toBe(409);
  });

  it('refunds a capture once, replays the refund for its request id, and reports the refund by webhook', async () => {
    const { orderId, captureId } = await capturedOrder('inv-refund');
    const refund = await api('POST', `/v2/payments/captures/${captureId}/refund`, {
      body: { note_to_payer: 'Sorry: no feedback was given' },
      headers: { 'PayPal-Request-Id': 'refund-1', Prefer: 'return=representation' },
    });
    expect(refund.status).toBe(201);
    expect(refund.json).toMatchObject({
      id: expect.stringMatching(/^[A-Z0-9]{17}$/),
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '30.00' },
    });
    expect(refund.json.links).toContainEqual({ href: `${paypal.url}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' });
    expect((await api('GET', `/v2/payments/captures/${captureId}`)).json.status).toBe('REFUNDED');

    const replay = await api('POST', `/v2/payments/captures/${captureId}/refund`, {
      body: {},
      headers: { 'PayPal-Request-Id': 'refund-1', Prefer: 'return=representation' },
    });
    expect(replay.status).toBe(201);
    expect(replay.json).toEqual(refund.json);
    const second = await api('POST', `/v2/payments/captures/${captureId}/refund`, { headers: { 'PayPal-Request-Id': 'refund-2' } });
    expect(second.status).toBe(422);
    expect(second.json.details[0].issue).toBe('CAPTURE_FULLY_REFUNDED');

    const event = await delivered('PAYMENT.CAPTURE.REFUNDED', refund.json.id);
    expect(event.event).toMatchObject({
      resource_type: 'refund',
      resource: { status: 'COMPLETED', invoice_id: 'inv-refund', custom_id: 'cust-inv-refund' },
    });
    expect(event.event.resource.links).toContainEqual({
      href: `${paypal.url}/v2/payments/captures/${captureId}`,
      rel: 'up',
      method: 'GET',
    });
    expect((await verify(event)).json.verification_status).toBe('SUCCESS');

    const order = await api('GET', `/v2/checkout/orders/${orderId}`);
    expect(order.json.purchase_units[0].payments.refunds).toHaveLength(1);
    expect(order.json.purchase_units[0].payments.captures[0].status).toBe('REFUNDED');
  });

  it('refunds part of a capture, then the rest', async () => {
    const { captureId } = await capturedOrder('inv-partial');
    const part = await api('POST', `/v2/payments/captures/${captureId}/refund`, {
      body: { amount: { currency_code: 'USD', value: '10.00' } },
    });
    expect(part.status).toBe(201);
    // Prefer defaults to return=minimal, as on PayPal.
    expect(Object.keys(part.json).sort()).toEqual(['id', 'links', 'status']);
    expect((await api('GET', `/v2/payments/captures/${captureId}`)).json.status).toBe('PARTIALLY_REFUNDED');
    const tooMuch = await api('POST', `/v2/payments/captures/${captureId}/refund`, {
      body: { amount: { currency_code: 'USD', value: '25.00' } },
    });
    expect(tooMuch.json.details[0].issue).toBe('REFUND_AMOUNT_EXCEEDED');
    const rest = await api('GET', `/v2/payments/refunds/${part.json.id}`);
    expect(rest.json.seller_payable_breakdown.total_refunded_amount.value).toBe('10.00');
    expect((await api('POST', `/v2/payments/captures/${captureId}/refund`)).status).toBe(201);
    expect((await api('GET', `/v2/payments/captures/${captureId}`)).json.status).toBe('REFUNDED');
  });

  it('refuses an invoice id that an earlier order has already been paid with', async () => {
    await capturedOrder('inv-once');
    const res = await api('POST', '/v2/checkout/orders', { body: orderBody('inv-once') });
    expect(res.status).toBe(422);
    expect(res.json.details[0].issue).toBe('DUPLICATE_INVOICE_ID');
  });

  it('returns the same order for a repeated PayPal-Request-Id', async () => {
    const first = await createOrder('inv-idem', {}, { 'PayPal-Request-Id': 'create-idem' });
    const second = await createOrder('inv-idem', {}, { 'PayPal-Request-Id': 'create-idem' });
    expect(second).toEqual(first);
    const third = await createOrder('inv-idem', {}, { 'PayPal-Request-Id': 'create-idem-2' });
    expect(third.id).not.toBe(first.id);
  });

  it('answers bad requests with PayPal errors and stays up', async () => {
    const malformed = await api('POST', '/v2/checkout/orders', { raw: '{"intent": "CAPTURE", ' });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ name: 'INVALID_REQUEST', details: [{ issue: 'MALFORMED_REQUEST_JSON' }] });

    const units = orderBody('inv-bad').purchase_units;
    const cases: [unknown, number, string][] = [
      [{ ...orderBody('inv-bad'), intent: 'AUTHORIZE' }, 400, 'INVALID_PARAMETER_VALUE'],
      [{ ...orderBody('inv-bad'), purchase_units: [...units, ...units] }, 400, 'INVALID_ARRAY_MAX_ITEMS'],
      [{ ...orderBody('inv-bad'), purchase_units: [{ amount: { currency_code: 'EUR', value: '30.00' } }] }, 422, 'CURRENCY_NOT_SUPPORTED'],
      [{ ...orderBody('inv-bad'), purchase_units: [{ amount: { currency_code: 'USD', value: '30' } }] }, 422, 'DECIMAL_PRECISION'],
      [
        { ...orderBody('inv-bad'), purchase_units: [{ amount: { currency_code: 'USD', value: '0.00' } }] },
        422,
        'CANNOT_BE_ZERO_OR_NEGATIVE',
      ],
      [
        { ...orderBody('inv-bad'), purchase_units: [{ amount: { currency_code: 'USD', value: 'thirty' } }] },
        400,
        'INVALID_PARAMETER_SYNTAX',
      ],
      [{ intent: 'CAPTURE' }, 400, 'MISSING_REQUIRED_PARAMETER'],
      [[1, 2], 400, 'MALFORMED_REQUEST_JSON'],
    ];
    for (const [body, status, issue] of cases) {
      const res = await api('POST', '/v2/checkout/orders', { body });
      expect({ status: res.status, issue: res.json.details[0].issue }).toEqual({ status, issue });
    }

    const unknownRoute = await api('GET', '/v2/nothing/here');
    expect(unknownRoute.status).toBe(404);
    expect(unknownRoute.json).toMatchObject({ name: 'RESOURCE_NOT_FOUND', debug_id: expect.any(String) });
    const wrongMethod = await api('DELETE', '/v2/checkout/orders');
    expect(wrongMethod.status).toBe(405);
    const badVerify = await api('POST', '/v1/notifications/verify-webhook-signature', { body: { webhook_id: WEBHOOK_ID } });
    expect(badVerify.status).toBe(400);

    expect((await fetch(`${paypal.url}/_local/health`)).status).toBe(200);
  });

  it('lists events newest first, shows one, and resends it with fresh transmission headers', async () => {
    const { captureId } = await capturedOrder('inv-events');
    const original = await delivered('PAYMENT.CAPTURE.COMPLETED', captureId);

    const list = await api('GET', '/v1/notifications/webhooks-events?page_size=300');
    expect(list.status).toBe(200);
    const events = list.json.events as { id: string; create_time: string; event_type: string; status: string }[];
    expect(events[0]).toMatchObject({ id: original.event.id, event_type: 'PAYMENT.CAPTURE.COMPLETED', status: 'SUCCESS' });
    const times = events.map((e) => e.create_time);
    expect([...times].sort().reverse()).toEqual(times);

    const shown = await api('GET', `/v1/notifications/webhooks-events/${original.event.id}`);
    expect(shown.json).toMatchObject({
      ...original.event,
      status: 'SUCCESS',
      transmissions: [expect.objectContaining({ http_status: 200 })],
    });
    expect((await api('GET', '/v1/notifications/webhooks-events/WH-NOPE')).status).toBe(404);

    const before = receiver.received.length;
    const resent = await api('POST', `/v1/notifications/webhooks-events/${original.event.id}/resend`, { body: {} });
    expect(resent.status).toBe(202);
    const again = await until(() => receiver.received.slice(before).find((d) => d.event.id === original.event.id), 'the resent event');
    expect(again.body).toBe(original.body);
    expect(again.headers['paypal-transmission-id']).not.toBe(original.headers['paypal-transmission-id']);
    expect((await verify(again)).json.verification_status).toBe('SUCCESS');
  });

  it('holds events while delivery is paused, for tests to resend in the order they choose', async () => {
    expect((await api('POST', '/_local/webhooks', { body: { paused: true }, auth: null })).json).toEqual({
      paused: true,
      url: receiver.url,
    });
    try {
      const before = receiver.received.length;
      const { captureId } = await capturedOrder('inv-paused');
      await api('POST', `/v2/payments/captures/${captureId}/refund`);
      await sleep(400);
      expect(receiver.received.length).toBe(before);

      const list = (await api('GET', '/v1/notifications/webhooks-events?page_size=3')).json.events as {
        id: string;
        event_type: string;
        status: string;
      }[];
      expect(list.map((e) => e.event_type)).toEqual(['PAYMENT.CAPTURE.REFUNDED', 'PAYMENT.CAPTURE.COMPLETED', 'CHECKOUT.ORDER.APPROVED']);
      expect(list.every((e) => e.status === 'PENDING')).toBe(true);

      // Refund first, then the capture: the product must cope with webhooks out of order.
      for (const e of list.slice(0, 2)) {
        await api('POST', `/v1/notifications/webhooks-events/${e.id}/resend`);
        await until(() => receiver.received.some((d) => d.event.id === e.id), e.event_type);
      }
      expect(receiver.received.slice(before).map((d) => d.event.event_type)).toEqual([
        'PAYMENT.CAPTURE.REFUNDED',
        'PAYMENT.CAPTURE.COMPLETED',
      ]);
    } finally {
      await api('POST', '/_local/webhooks', { body: { paused: false }, auth: null });
    }
  });

  it('retries a delivery the receiver refused', async () => {
    receiver.state.failNext = 1;
    const order = await createOrder('inv-retry');
    await submit('approve', order.id);
    const d = await delivered('CHECKOUT.ORDER.APPROVED', order.id);
    const shown = await api('GET', `/v1/notifications/webhooks-events/${d.event.id}`);
    expect(shown.json.status).toBe('SUCCESS');
    expect(shown.json.transmissions.map((t: { status: string; http_status: number }) => [t.status, t.http_status])).toEqual([
      ['FAILURE', 500],
      ['SUCCESS', 200],
    ]);
  });

  it('lets a delivery under way wait while paused, and sends it on resuming', async () => {
    receiver.state.failNext = 1;
    const order = await createOrder('inv-wait');
    await submit('approve', order.id);
    await api('POST', '/_local/webhooks', { body: { paused: true }, auth: null });
    try {
      await sleep(800);
      expect(receiver.received.some((d) => d.event.resource.id === order.id)).toBe(false);
    } finally {
      await api('POST', '/_local/webhooks', { body: { paused: false }, auth: null });
    }
    await delivered('CHECKOUT.ORDER.APPROVED', order.id);
  });

  it('pays a payout: PENDING in the answer, SUCCESS just after, with the webhook PayPal sends', async () => {
    const res = await api('POST', '/v1/payments/payouts', { body: payoutBody('snip-payout-1', 'pro1@example.com') });
    expect(res.status).toBe(201);
    const batchId = res.json.batch_header.payout_batch_id;
    expect(batchId).toMatch(/^[A-Z0-9]{13}$/);
    expect(res.json).toEqual({
      batch_header: {
        payout_batch_id: batchId,
        batch_status: 'PENDING',
        sender_batch_header: { sender_batch_id: 'snip-payout-1', email_subject: 'You have a payout from Snip', recipient_type: 'EMAIL' },
      },
      links: [{ href: `${paypal.url}/v1/payments/payouts/${batchId}`, rel: 'self', method: 'GET' }],
    });

    const batch = await batchOf(batchId);
    expect(batch.batch_header).toMatchObject({
      payout_batch_id: batchId,
      batch_status: 'SUCCESS',
      time_created: expect.any(String),
      time_completed: expect.any(String),
      amount: { currency: 'USD', value: '12.34' },
      fees: { currency: 'USD', value: '0.25' },
    });
    expect(batch.items).toHaveLength(1);
    const item = batch.items[0];
    expect(item).toMatchObject({
      payout_item_id: expect.stringMatching(/^[A-Z0-9]{13}$/),
      transaction_id: expect.stringMatching(/^[A-Z0-9]{17}$/),
      transaction_status: 'SUCCESS',
      payout_item_fee: { currency: 'USD', value: '0.25' },
      payout_batch_id: batchId,
      sender_batch_id: 'snip-payout-1',
      payout_item: {
        recipient_type: 'EMAIL',
        amount: { currency: 'USD', value: '12.34' },
        receiver: 'pro1@example.com',
        note: 'Your earnings from feedback on Snip',
        sender_item_id: 'item-snip-payout-1',
      },
      time_processed: expect.any(String),
    });
    expect(item).not.toHaveProperty('errors');
    expect(item.links).toEqual([
      { href: `${paypal.url}/v1/payments/payouts-item/${item.payout_item_id}`, rel: 'self', method: 'GET' },
      { href: `${paypal.url}/v1/payments/payouts/${batchId}`, rel: 'batch', method: 'GET' },
    ]);
    const shown = await api('GET', `/v1/payments/payouts-item/${item.payout_item_id}`);
    expect(shown.json).toEqual(item);

    const event = await itemEvent('SUCCEEDED', item.payout_item_id);
    expect(event.event).toMatchObject({
      resource_type: 'payouts_item',
      resource_version: '1.0',
      event_version: '1.0',
      summary: expect.any(String),
    });
    expect(event.event.resource).toEqual(item);
    expect((await verify(event)).json.verification_status).toBe('SUCCESS');
  });

  it('refuses a sender_batch_id used before, linking to the payout that used it', async () => {
    const batchId = await createPayout('snip-payout-dup', 'pro-dup@example.com');
    await itemEvent('SUCCEEDED', (await batchOf(batchId)).items[0].payout_item_id);
    const again = await api('POST', '/v1/payments/payouts', { body: payoutBody('snip-payout-dup', 'pro-dup@example.com', '99.00') });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({
      name: 'USER_BUSINESS_ERROR',
      debug_id: expect.any(String),
      information_link: expect.stringContaining('payouts'),
      details: [
        {
          field: 'SENDER_BATCH_ID',
          location: 'body',
          issue: 'Batch with given sender_batch_id already exists',
          link: [{ href: `${paypal.url}/v1/payments/payouts/${batchId}`, rel: 'self', method: 'GET' }],
        },
      ],
    });
    // Nothing paid twice: the one item, for the first amount, and its one event.
    await sleep(200);
    expect(eventsAbout('sender_batch_id', 'snip-payout-dup')).toHaveLength(1);
    expect((await batchOf(batchId)).batch_header.amount.value).toBe('12.34');

    // PayPal-Request-Id gets the first answer again, rather than the refusal.
    const headers = { 'PayPal-Request-Id': 'payout-idem' };
    const first = await api('POST', '/v1/payments/payouts', { body: payoutBody('snip-payout-idem', 'pro-dup@example.com'), headers });
    const replay = await api('POST', '/v1/payments/payouts', { body: payoutBody('snip-payout-idem', 'pro-dup@example.com'), headers });
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.json).toEqual(first.json);
  });

  it.each([
    ['FAILED', 'FAILED', { name: 'RECEIVER_ACCOUNT_LOCKED', message: 'Receiver account is locked or inactive' }],
    ['UNCLAIMED', 'UNCLAIMED', { name: 'RECEIVER_UNREGISTERED', message: 'Receiver is unregistered' }],
    ['RETURNED', 'RETURNED', undefined],
  ])('gives the items paid to a receiver set to %s that outcome, until set again', async (outcome, event, errors) => {
    const to = `pro-${outcome.toLowerCase()}@example.com`;
    expect((await local('/_local/payouts/outcomes', { receiver: to, outcome })).json).toEqual({ receiver: to, outcome });
    for (const n of [1, 2]) {
      const batch = await batchOf(await createPayout(`snip-${outcome}-${n}`, to));
      expect(batch.batch_header.batch_status).toBe('SUCCESS');
      expect(batch.items[0].transaction_status).toBe(outcome);
      expect(batch.items[0].errors).toEqual(errors && { ...errors, information_link: expect.any(String) });
      const d = await itemEvent(event, batch.items[0].payout_item_id);
      expect(d.event.resource).toEqual(batch.items[0]);
    }
    await local('/_local/payouts/outcomes', { receiver: to.toUpperCase(), outcome: 'SUCCESS' });
    expect((await batchOf(await createPayout(`snip-${outcome}-3`, to))).items[0].transaction_status).toBe('SUCCESS');
  });

  it('leaves items pending when told, and moves them by the local control with their webhooks', async () => {
    const to = 'pro-pending@example.com';
    await local('/_local/payouts/outcomes', { receiver: to, outcome: 'PENDING' });
    const batchId = await createPayout('snip-pending-1', to);
    const pending = await batchOf(batchId);
    expect(pending.batch_header.batch_status).toBe('PROCESSING');
    expect(pending.batch_header).not.toHaveProperty('time_completed');
    const itemId = pending.items[0].payout_item_id;
    expect(pending.items[0]).toMatchObject({ transaction_status: 'PENDING' });
    expect(pending.items[0]).not.toHaveProperty('time_processed');
    await sleep(200);
    expect(eventsAbout('payout_item_id', itemId)).toHaveLength(0);

    const unclaimed = await local(`/_local/payouts-item/${itemId}/outcome`, { outcome: 'UNCLAIMED' });
    expect(unclaimed.status).toBe(200);
    expect(unclaimed.json).toMatchObject({ payout_item_id: itemId, transaction_status: 'UNCLAIMED' });
    expect((await itemEvent('UNCLAIMED', itemId)).event.resource.transaction_status).toBe('UNCLAIMED');
    expect((await batchOf(batchId)).batch_header.batch_status).toBe('SUCCESS');
    // PayPal returns unclaimed money.
    await local(`/_local/payouts-item/${itemId}/outcome`, { outcome: 'RETURNED' });
    expect((await itemEvent('RETURNED', itemId)).event.resource.transaction_status).toBe('RETURNED');
    const refused = await local(`/_local/payouts-item/${itemId}/outcome`, { outcome: 'SUCCESS' });
    expect(refused.status).toBe(422);
    expect(refused.json.details[0].issue).toBe('ITEM_INCORRECT_STATUS');

    // Paid, then the money comes back.
    const paidId = (await batchOf(await createPayout('snip-pending-2', to))).items[0].payout_item_id;
    await local(`/_local/payouts-item/${paidId}/outcome`, { outcome: 'SUCCESS' });
    await itemEvent('SUCCEEDED', paidId);
    expect((await local(`/_local/payouts-item/${paidId}/outcome`, { outcome: 'FAILED' })).status).toBe(422);
    expect((await local(`/_local/payouts-item/${paidId}/outcome`, { outcome: 'RETURNED' })).json.transaction_status).toBe('RETURNED');
    await itemEvent('RETURNED', paidId);

    expect((await local('/_local/payouts-item/NOSUCHITEM000/outcome', { outcome: 'SUCCESS' })).status).toBe(404);
    expect((await local(`/_local/payouts-item/${paidId}/outcome`, { outcome: 'LOST' })).json.details[0].issue).toBe(
      'INVALID_PARAMETER_VALUE',
    );
    expect((await local('/_local/payouts/outcomes', { receiver: 'nobody', outcome: 'SUCCESS' })).status).toBe(400);
    expect((await local('/_local/payouts/outcomes', { receiver: to, outcome: 'MAYBE' })).status).toBe(400);
  });

  it('cancels an unclaimed item, returning its money, and no other', async () => {
    const to = 'pro-cancel@example.com';
    await local('/_local/payouts/outcomes', { receiver: to, outcome: 'UNCLAIMED' });
    const itemId = (await batchOf(await createPayout('snip-cancel-1', to))).items[0].payout_item_id;
    const cancelled = await api('POST', `/v1/payments/payouts-item/${itemId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ payout_item_id: itemId, transaction_status: 'RETURNED' });
    expect((await itemEvent('CANCELED', itemId)).event.resource.transaction_status).toBe('RETURNED');
    const again = await api('POST', `/v1/payments/payouts-item/${itemId}/cancel`);
    expect(again.status).toBe(400);
    expect(again.json.name).toBe('ITEM_ALREADY_CANCELLED');

    await local('/_local/payouts/outcomes', { receiver: to, outcome: 'SUCCESS' });
    const paidId = (await batchOf(await createPayout('snip-cancel-2', to))).items[0].payout_item_id;
    const refused = await api('POST', `/v1/payments/payouts-item/${paidId}/cancel`);
    expect(refused.status).toBe(400);
    expect(refused.json.name).toBe('ITEM_INCORRECT_STATUS');
    expect((await api('GET', `/v1/payments/payouts-item/${paidId}`)).json.transaction_status).toBe('SUCCESS');
  });

  it('refuses bad payouts with PayPal validation errors, and answers 404 for unknown ones', async () => {
    const good = payoutBody('snip-bad', 'pro-bad@example.com');
    const item = good.items[0];
    const withItem = (patch: Record<string, unknown>) => ({ ...good, items: [{ ...item, ...patch }] });
    const cases: [unknown, string][] = [
      [{ items: good.items }, 'sender_batch_header'],
      [{ ...good, sender_batch_header: { email_subject: 'Hi' } }, 'sender_batch_header.sender_batch_id'],
      [{ ...good, sender_batch_header: { sender_batch_id: 'x'.repeat(257) } }, 'sender_batch_header.sender_batch_id'],
      [{ ...good, items: [] }, 'items'],
      [{ ...good, items: Array.from({ length: 15_001 }, () => ({})) }, 'items'],
      [{ sender_batch_header: good.sender_batch_header }, 'items'],
      [withItem({ amount: { value: '12.3', currency: 'USD' } }), 'items[0].amount.value'],
      [withItem({ amount: { value: '0.00', currency: 'USD' } }), 'items[0].amount.value'],
      [withItem({ amount: { value: '-5.00', currency: 'USD' } }), 'items[0].amount.value'],
      [withItem({ amount: { value: 12.34, currency: 'USD' } }), 'items[0].amount.value'],
      [withItem({ amount: { value: '20000.01', currency: 'USD' } }), 'items[0].amount.value'],
      [withItem({ amount: { value: '12.34', currency: 'EUR' } }), 'items[0].amount.currency'],
      [withItem({ amount: undefined }), 'items[0].amount'],
      [withItem({ receiver: 'not-an-address' }), 'items[0].receiver'],
      [withItem({ receiver: undefined }), 'items[0].receiver'],
      [withItem({ recipient_type: 'PHONE' }), 'items[0].recipient_type'],
    ];
    for (const [body, field] of cases) {
      const res = await api('POST', '/v1/payments/payouts', { body });
      expect({ status: res.status, name: res.json.name, field: res.json.details[0].field }).toEqual({
        status: 400,
        name: 'VALIDATION_ERROR',
        field,
      });
    }
    // None of them was taken: the id is free.
    expect((await api('POST', '/v1/payments/payouts', { body: good })).status).toBe(201);
    expect((await api('POST', '/v1/payments/payouts', { body: good, auth: null })).status).toBe(401);
    for (const p of ['/v1/payments/payouts/NOSUCHBATCH00', '/v1/payments/payouts-item/NOSUCHITEM000']) {
      const res = await api('GET', p);
      expect(res.status).toBe(404);
      expect(res.json.name).toBe('RESOURCE_NOT_FOUND');
    }
  });

  it('opens a dispute on a capture, shows it, and resolves it for the seller', async () => {
    const { captureId } = await capturedOrder('inv-dispute-seller');
    const opened = await local(`/_local/captures/${captureId}/dispute`, { reason: 'MERCHANDISE_OR_SERVICE_NOT_AS_DESCRIBED' });
    expect(opened.status).toBe(201);
    const id = opened.json.dispute_id;
    expect(id).toMatch(/^PP-D-\d+$/);
    expect(opened.json).toMatchObject({
      reason: 'MERCHANDISE_OR_SERVICE_NOT_AS_DESCRIBED',
      status: 'OPEN',
      dispute_amount: { currency_code: 'USD', value: '30.00' },
      create_time: expect.any(String),
      update_time: expect.any(String),
      disputed_transactions: [
        {
          seller_transaction_id: captureId,
          seller: { merchant_id: expect.stringMatching(/^[A-Z0-9]{13}$/) },
          invoice_number: 'inv-dispute-seller',
        },
      ],
      links: [{ href: `${paypal.url}/v1/customer/disputes/${id}`, rel: 'self', method: 'GET' }],
    });
    expect(opened.json).not.toHaveProperty('dispute_outcome');
    const created = await delivered('CUSTOMER.DISPUTE.CREATED', id, 'dispute_id');
    expect(created.event).toMatchObject({ resource_type: 'dispute', resource_version: '1.0', resource: opened.json });
    expect((await api('GET', `/v1/customer/disputes/${id}`)).json).toEqual(opened.json);

    const resolved = await local(`/_local/disputes/${id}/resolve`, { outcome: 'RESOLVED_SELLER_FAVOUR' });
    expect(resolved.status).toBe(200);
    expect(resolved.json).toMatchObject({ status: 'RESOLVED', dispute_outcome: { outcome_code: 'RESOLVED_SELLER_FAVOUR' } });
    expect(resolved.json.dispute_outcome).not.toHaveProperty('amount_refunded');
    expect((await delivered('CUSTOMER.DISPUTE.RESOLVED', id, 'dispute_id')).event.resource).toEqual(resolved.json);
    expect((await api('GET', `/v2/payments/captures/${captureId}`)).json.status).toBe('COMPLETED');
    expect(eventsAbout('id', captureId).some((d) => d.event.event_type === 'PAYMENT.CAPTURE.REVERSED')).toBe(false);
    expect((await local(`/_local/disputes/${id}/resolve`, { outcome: 'RESOLVED_BUYER_FAVOUR' })).status).toBe(422);

    expect((await local('/_local/captures/NOSUCHCAPTURE0000/dispute')).status).toBe(404);
    expect((await local(`/_local/captures/${captureId}/dispute`, { reason: 'BORED' })).status).toBe(400);
    expect((await local('/_local/disputes/PP-D-0/resolve', { outcome: 'RESOLVED_SELLER_FAVOUR' })).status).toBe(404);
    expect((await api('GET', '/v1/customer/disputes/PP-D-0')).status).toBe(404);
    expect((await api('GET', `/v1/customer/disputes/${id}`, { auth: null })).status).toBe(401);
  });

  it('resolves a dispute for the buyer by reversing the capture, as PayPal reports a refund', async () => {
    const { orderId, captureId } = await capturedOrder('inv-dispute-buyer');
    const id = (await local(`/_local/captures/${captureId}/dispute`)).json.dispute_id;
    expect((await api('GET', `/v1/customer/disputes/${id}`)).json.reason).toBe('MERCHANDISE_OR_SERVICE_NOT_RECEIVED');
    const resolved = await local(`/_local/disputes/${id}/resolve`, { outcome: 'RESOLVED_BUYER_FAVOUR' });
    expect(resolved.json).toMatchObject({
      status: 'RESOLVED',
      dispute_outcome: { outcome_code: 'RESOLVED_BUYER_FAVOUR', amount_refunded: { currency_code: 'USD', value: '30.00' } },
    });

    const reversed = await until(
      () =>
        receiver.received.find(
          (d) => d.event.event_type === 'PAYMENT.CAPTURE.REVERSED' && d.event.resource.invoice_id === 'inv-dispute-buyer',
        ),
      'the reversal',
    );
    expect(reversed.event).toMatchObject({ resource_type: 'refund', resource: { status: 'COMPLETED', amount: { value: '30.00' } } });
    expect(reversed.event.resource.links).toContainEqual({
      href: `${paypal.url}/v2/payments/captures/${captureId}`,
      rel: 'up',
      method: 'GET',
    });
    const resolvedEvent = await delivered('CUSTOMER.DISPUTE.RESOLVED', id, 'dispute_id');
    // The money went back before the dispute was closed.
    expect(receiver.received.indexOf(reversed)).toBeLessThan(receiver.received.indexOf(resolvedEvent));

    expect((await api('GET', `/v2/payments/captures/${captureId}`)).json.status).toBe('REFUNDED');
    expect((await api('GET', `/v2/checkout/orders/${orderId}`)).json.purchase_units[0].payments.captures[0].status).toBe('REFUNDED');
    expect((await api('GET', `/v2/payments/refunds/${reversed.event.resource.id}`)).json).toEqual(reversed.event.resource);
    expect((await api('POST', `/v2/payments/captures/${captureId}/refund`)).json.details[0].issue).toBe('CAPTURE_FULLY_REFUNDED');
  });

  it('reverses what is left of a capture by the local control', async () => {
    const { captureId } = await capturedOrder('inv-reverse');
    await api('POST', `/v2/payments/captures/${captureId}/refund`, { body: { amount: { currency_code: 'USD', value: '10.00' } } });
    const reversal = await local(`/_local/captures/${captureId}/reverse`);
    expect(reversal.status).toBe(201);
    expect(reversal.json).toMatchObject({
      amount: { currency_code: 'USD', value: '20.00' },
      invoice_id: 'inv-reverse',
      seller_payable_breakdown: { paypal_fee: { value: '0.00' }, total_refunded_amount: { value: '30.00' } },
    });
    expect((await delivered('PAYMENT.CAPTURE.REVERSED', reversal.json.id)).event.resource).toEqual(reversal.json);
    expect((await api('GET', `/v2/payments/captures/${captureId}`)).json.status).toBe('REFUNDED');
    const again = await local(`/_local/captures/${captureId}/reverse`);
    expect(again.status).toBe(422);
    expect(again.json.details[0].issue).toBe('CAPTURE_FULLY_REFUNDED');
    expect((await local(`/_local/captures/${captureId}/dispute`)).status).toBe(422);
    expect((await local('/_local/captures/NOSUCHCAPTURE0000/reverse')).status).toBe(404);
  });

  it("holds a reversal's webhook, and only it, when asked, until it is resent", async () => {
    const { captureId } = await capturedOrder('inv-held');
    const reversal = await local(`/_local/captures/${captureId}/reverse`, { hold: true });
    expect(reversal.status).toBe(201);
    // An event raised after it is delivered as usual.
    const later = await capturedOrder('inv-after-held');
    await delivered('PAYMENT.CAPTURE.COMPLETED', later.captureId);
    const isHeld = (d: (typeof receiver.received)[number]) =>
      d.event.event_type === 'PAYMENT.CAPTURE.REVERSED' && d.event.resource.id === reversal.json.id;
    expect(receiver.received.some(isHeld)).toBe(false);
    const list = (await api('GET', '/v1/notifications/webhooks-events?page_size=10')).json.events as {
      id: string;
      event_type: string;
      status: string;
    }[];
    const held = list.find((e) => e.event_type === 'PAYMENT.CAPTURE.REVERSED')!;
    expect(held.status).toBe('PENDING');
    await api('POST', `/v1/notifications/webhooks-events/${held.id}/resend`, { body: {} });
    expect((await delivered('PAYMENT.CAPTURE.REVERSED', reversal.json.id)).event.id).toBe(held.id);
  });

  it('searches the transactions of a range, a page at a time, with their event codes', async () => {
    const from = new Date(Date.now() - 60_000).toISOString();
    const { captureId } = await capturedOrder('inv-search');
    const refund = await api('POST', `/v2/payments/captures/${captureId}/refund`, {
      body: { amount: { currency_code: 'USD', value: '10.00' } },
    });
    const reversal = await local(`/_local/captures/${captureId}/reverse`);
    const paid = (await batchOf(await createPayout('snip-search-paid', 'pro-search@example.com', '7.50'))).items[0];
    await local('/_local/payouts/outcomes', { receiver: 'pro-search-later@example.com', outcome: 'PENDING' });
    const waiting = (await batchOf(await createPayout('snip-search-pending', 'pro-search-later@example.com'))).items[0];
    const planted = await local('/_local/transactions', {
      transaction_event_code: 'T1201',
      amount: { value: '-5.00', currency_code: 'USD' },
      invoice_id: 'inv-planted',
      paypal_reference_id: captureId,
    });
    expect(planted.status).toBe(201);
    const to = new Date(Date.now() + 60_000).toISOString();

    const search = (q: Record<string, string>) => api('GET', `/v1/reporting/transactions?${new URLSearchParams({ fields: 'all', ...q })}`);
    const all = await search({ start_date: from, end_date: to, page_size: '500' });
    expect(all.status).toBe(200);
    expect(all.json).toMatchObject({
      account_number: expect.stringMatching(/^[A-Z0-9]{13}$/),
      start_date: from,
      end_date: to,
      page: 1,
      total_pages: 1,
    });
    const infos = all.json.transaction_details.map((d: { transaction_info: Record<string, unknown> }) => d.transaction_info);
    expect(all.json.total_items).toBe(infos.length);
    const byId = (id: string) => infos.find((t: { transaction_id: string }) => t.transaction_id === id);
    const usd = (value: string) => ({ currency_code: 'USD', value });
    expect(byId(captureId)).toMatchObject({
      transaction_event_code: 'T0006',
      transaction_amount: usd('30.00'),
      transaction_status: 'S',
      invoice_id: 'inv-search',
    });
    expect(byId(refund.json.id)).toMatchObject({
      transaction_event_code: 'T1107',
      transaction_amount: usd('-10.00'),
      invoice_id: 'inv-search',
      paypal_reference_id: captureId,
      paypal_reference_id_type: 'TXN',
    });
    expect(byId(reversal.json.id)).toMatchObject({
      transaction_event_code: 'T1106',
      transaction_amount: usd('-20.00'),
      paypal_reference_id: captureId,
    });
    expect(byId(paid.transaction_id)).toMatchObject({ transaction_event_code: 'T0001', transaction_amount: usd('-7.50') });
    expect(byId(waiting.transaction_id)).toBeUndefined();
    expect(byId(planted.json.transaction_info.transaction_id)).toEqual({
      transaction_id: expect.stringMatching(/^[A-Z0-9]{17}$/),
      transaction_event_code: 'T1201',
      transaction_initiation_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0000$/),
      transaction_updated_date: expect.any(String),
      transaction_amount: usd('-5.00'),
      transaction_status: 'S',
      invoice_id: 'inv-planted',
      paypal_reference_id: captureId,
      paypal_reference_id_type: 'TXN',
    });
    const times = infos.map((t: { transaction_initiation_date: string }) => Date.parse(t.transaction_initiation_date));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    // The pending item, once paid, is listed.
    await local(`/_local/payouts-item/${waiting.payout_item_id}/outcome`, { outcome: 'SUCCESS' });
    const later = await search({ start_date: from, end_date: to, page_size: '500' });
    expect(later.json.total_items).toBe(infos.length + 1);

    // Page by page, following `next`: the same transactions.
    const paged: string[] = [];
    let href: string | undefined = `/v1/reporting/transactions?${new URLSearchParams({ start_date: from, end_date: to, page_size: '2' })}`;
    for (let page = 1; href; page++) {
      const res = await api('GET', href.replace(paypal.url, ''));
      expect(res.json).toMatchObject({ page, total_items: later.json.total_items, total_pages: Math.ceil(later.json.total_items / 2) });
      paged.push(
        ...res.json.transaction_details.map((d: { transaction_info: { transaction_id: string } }) => d.transaction_info.transaction_id),
      );
      href = res.json.links.find((l: { rel: string }) => l.rel === 'next')?.href;
    }
    expect(paged).toEqual(
      later.json.transaction_details.map((d: { transaction_info: { transaction_id: string } }) => d.transaction_info.transaction_id),
    );
  });

  it('lists a planted transaction in its own range only, and refuses ranges PayPal refuses', async () => {
    const day = 86_400_000;
    const when = new Date(Date.now() - 40 * day);
    const planted = await local('/_local/transactions', {
      transaction_event_code: 'T0006',
      amount: { value: '30.00', currency_code: 'USD' },
      transaction_initiation_date: when.toISOString().replace(/\.\d{3}Z$/, '-0000'),
    });
    expect(planted.status).toBe(201);
    const id = planted.json.transaction_info.transaction_id;
    const ids = async (start: number, end: number) => {
      const q = new URLSearchParams({ start_date: new Date(start).toISOString(), end_date: new Date(end).toISOString() });
      const res = await api('GET', `/v1/reporting/transactions?${q}`);
      expect(res.status).toBe(200);
      return res.json.transaction_details.map((d: { transaction_info: { transaction_id: string } }) => d.transaction_info.transaction_id);
    };
    expect(await ids(when.getTime() - day, when.getTime() + day)).toEqual([id]);
    expect(await ids(Date.now() - 2 * day, Date.now())).not.toContain(id);

    const refusals: [Record<string, string>, string][] = [
      [
        { start_date: new Date(Date.now() - 32 * day).toISOString(), end_date: new Date().toISOString() },
        'Date range is greater than 31 days',
      ],
      [{ end_date: new Date().toISOString() }, 'A required field / parameter is missing.'],
      [{ start_date: '2024-05-01T00:00:00', end_date: '2024-05-02T00:00:00-0700' }, expect.stringContaining('offset') as never],
      [{ start_date: '2024-05-02T00:00:00Z', end_date: '2024-05-01T00:00:00Z' }, expect.stringContaining('before') as never],
      [
        { start_date: '2024-05-01T00:00:00Z', end_date: '2024-05-02T00:00:00Z', page_size: '501' },
        expect.stringContaining('page_size') as never,
      ],
    ];
    for (const [q, description] of refusals) {
      const res = await api('GET', `/v1/reporting/transactions?${new URLSearchParams(q)}`);
      expect({ status: res.status, name: res.json.name, description: res.json.details[0].description }).toEqual({
        status: 400,
        name: 'INVALID_REQUEST',
        description,
      });
    }
    expect((await api('GET', '/v1/reporting/transactions', { auth: null })).status).toBe(401);
    expect(
      (await local('/_local/transactions', { transaction_event_code: 'sale', amount: { value: '1.00', currency_code: 'USD' } })).status,
    ).toBe(400);
    expect(
      (await local('/_local/transactions', { transaction_event_code: 'T0006', amount: { value: '1', currency_code: 'USD' } })).status,
    ).toBe(400);
  });

  it('loads a state file written before payouts, disputes and planted transactions', async () => {
    const oldDir = fs.mkdtempSync(path.join(os.tmpdir(), 'snip-paypal-old-'));
    fs.writeFileSync(
      path.join(oldDir, 'state.json'),
      JSON.stringify({ version: 1, tokens: {}, orders: {}, captures: {}, refunds: {}, idempotency: {}, events: [] }),
    );
    const old = await startPaypal({ ...options(), port: await freePort(), dataDir: oldDir, webhookUrl: () => undefined });
    try {
      const auth = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
      const tokenRes = await fetch(`${old.url}/v1/oauth2/token`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
      const headers = { authorization: `Bearer ${(await tokenRes.json()).access_token}`, 'content-type': 'application/json' };
      const created = await fetch(`${old.url}/v1/payments/payouts`, {
        method: 'POST',
        headers,
        body: JSON.stringify(payoutBody('snip-old-state', 'pro-old@example.com')),
      });
      expect(created.status).toBe(201);
      const q = new URLSearchParams({
        start_date: new Date(Date.now() - 60_000).toISOString(),
        end_date: new Date(Date.now() + 60_000).toISOString(),
      });
      const search = await fetch(`${old.url}/v1/reporting/transactions?${q}`, { headers });
      expect((await search.json()).total_items).toBe(1);
      const saved = JSON.parse(fs.readFileSync(path.join(oldDir, 'state.json'), 'utf8'));
      expect(Object.keys(saved.payouts.batches)).toHaveLength(1);
      expect(saved).toMatchObject({ disputes: {}, plantedTransactions: [] });
    } finally {
      await old.close();
      fs.rmSync(oldDir, { recursive: true, force: true });
    }
  });

  it('writes nothing to disk when its data is not kept (keepData: false), and answers as ever', async () => {
    const start = async (dataDir: string) => startPaypal({ ...options(), port: await freePort(), dataDir, keepData: false });
    const left = await filesLeft('snip-paypal-memory', start, async (inMemory) => {
      const tokenRes = await fetch(`${inMemory.url}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
      const headers = { authorization: `Bearer ${(await tokenRes.json()).access_token}`, 'content-type': 'application/json' };
      const created = await fetch(`${inMemory.url}/v2/checkout/orders`, {
        method: 'POST',
        headers,
        body: JSON.stringify(orderBody('inv-memory')),
      });
      expect(created.status).toBe(201);
      const order = await created.json();
      const read = await fetch(`${inMemory.url}/v2/checkout/orders/${order.id}`, { headers });
      expect(await read.json()).toMatchObject({ id: order.id, status: order.status });
    });
    expect(left).toEqual([]);
  });

  it('keeps its state across a restart, and waits for a webhook URL before delivering', async () => {
    const { orderId, captureId } = await capturedOrder('inv-restart');
    await delivered('PAYMENT.CAPTURE.COMPLETED', captureId);
    await paypal.close();
    // Let fetch see its pooled keep-alive sockets closed, or it reuses one and fails.
    await sleep(100);

    webhookUrl = undefined;
    paypal = await startPaypal(options());
    // The token from before the restart is still good, as PayPal's last 9 hours.
    const order = await api('GET', `/v2/checkout/orders/${orderId}`);
    expect(order.status).toBe(200);
    expect(order.json.status).toBe('COMPLETED');
    expect((await api('GET', `/v2/payments/captures/${captureId}`)).json.status).toBe('COMPLETED');
    expect((await api('POST', '/v2/checkout/orders', { body: orderBody('inv-restart') })).json.details[0].issue).toBe(
      'DUPLICATE_INVOICE_ID',
    );

    const refund = await api('POST', `/v2/payments/captures/${captureId}/refund`);
    expect(refund.status).toBe(201);
    await sleep(400);
    expect(receiver.received.some((d) => d.event.resource.id === refund.json.id)).toBe(false);
    webhookUrl = receiver.url;
    await delivered('PAYMENT.CAPTURE.REFUNDED', refund.json.id);
    expect(fs.existsSync(path.join(dir, 'state.json'))).toBe(true);
  });
});
