/**
 * The product's PayPal client against the local stand-in: payouts (a repeated sender batch id followed to the
 * batch it made), an unclaimed item cancelled, disputes, and the transaction search over all its pages.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderError, PayoutRefused } from '../../../functions/providers/payment-provider.js';
import { PaypalClient } from '../../../functions/providers/paypal.js';
import { startFaultProxy } from '../../../scripts/dev/faults/fault-proxy.js';
import { freePort } from '../../../scripts/dev/stack/ports.js';
import { startPaypal, type PaypalStandin } from '../../../scripts/dev/stand-ins/paypal/server.js';

const CREDENTIALS = { clientId: 'snip-client-test', clientSecret: 'snip-client-secret', webhookId: '1JE4291016473214C' };
const DAY = 86_400_000;

describe('PayPal client', () => {
  let dir: string;
  let paypal: PaypalStandin;
  let client: PaypalClient;

  /** A local control of the stand-in. */
  async function local(p: string, body: unknown = {}) {
    const res = await fetch(`${paypal.url}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBeLessThan(300);
    return res.json();
  }

  const payout = (senderBatchId: string, receiver: string, amountCents = 1234) =>
    client.createPayout({
      senderBatchId,
      receiver,
      amountCents,
      note: 'Your earnings from feedback on Snip',
      emailSubject: 'You have a payout from Snip',
    });

  /** An order paid through the client, as the product pays one; its capture's id. */
  async function capture(invoiceId: string) {
    const order = await client.createOrder(
      { invoiceId, amountCents: 3000, description: 'Feedback', returnUrl: 'http://localhost:5173/r', cancelUrl: 'http://localhost:5173/c' },
      `create-${invoiceId}`,
    );
    await fetch(`${paypal.url}/checkoutnow/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: order.orderId }).toString(),
      redirect: 'manual',
    });
    const outcome = await client.captureOrder(order.orderId, `capture-${invoiceId}`);
    if (outcome.kind !== 'captured') throw new Error(`not captured: ${outcome.kind}`);
    return outcome.capture.id;
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'snip-paypal-client-'));
    paypal = await startPaypal({ port: await freePort(), dataDir: dir, webhookUrl: () => undefined, ...CREDENTIALS });
    client = new PaypalClient({ baseUrl: paypal.url, credentials: async () => CREDENTIALS });
  });

  afterAll(async () => {
    await paypal?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends a payout and reads it back as it stands', async () => {
    const sent = await payout('payout-client-1', 'pro1@example.com');
    expect(sent).toEqual({
      batchId: expect.stringMatching(/^[A-Z0-9]{13}$/),
      itemId: expect.stringMatching(/^[A-Z0-9]{13}$/),
      state: 'SUCCESS',
      amountCents: 1234,
      receiver: 'pro1@example.com',
      senderItemId: 'payout-client-1',
      error: null,
      transactionId: expect.stringMatching(/^[A-Z0-9]{17}$/),
    });
    expect(await client.getPayout(sent.batchId)).toEqual(sent);
    expect(await client.getPayout('NOSUCHBATCH00')).toBeNull();
  });

  it('gives back the original batch for a sender batch id used before, paying nothing twice', async () => {
    await local('/_local/payouts/outcomes', { receiver: 'pro-dup@example.com', outcome: 'PENDING' });
    const first = await payout('payout-client-dup', 'pro-dup@example.com');
    expect(first.state).toBe('PENDING');
    const again = await payout('payout-client-dup', 'pro-dup@example.com', 9999);
    expect(again).toEqual(first);
    await local(`/_local/payouts-item/${first.itemId}/outcome`, { outcome: 'SUCCESS' });
    const third = await payout('payout-client-dup', 'pro-dup@example.com');
    expect(third).toMatchObject({ batchId: first.batchId, itemId: first.itemId, state: 'SUCCESS', amountCents: 1234 });
  });

  it("says when PayPal refuses a payout for good, in PayPal's words, and not when its trouble may pass", async () => {
    const long = `${'r'.repeat(115)}@example.test`;
    const refused = await payout('payout-client-long', long).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PayoutRefused);
    expect((refused as PayoutRefused).reason).toMatch(/^VALIDATION_ERROR, items\[0\]\.receiver: .*127/);
    // Nothing was made: the same sender batch id with a good address pays.
    expect(await payout('payout-client-long', 'pro-fixed@example.com')).toMatchObject({ state: 'SUCCESS' });
    // A refused amount is final too; an unreachable PayPal is not.
    const zero = await payout('payout-client-zero', 'pro-zero@example.com', 0).catch((e: unknown) => e);
    expect(zero).toBeInstanceOf(PayoutRefused);
    const away = new PaypalClient({ baseUrl: 'http://127.0.0.1:1', credentials: async () => CREDENTIALS });
    const unreachable = await away
      .createPayout({ senderBatchId: 'x', receiver: 'a@b.test', amountCents: 100, note: 'n', emailSubject: 's' })
      .catch((e: unknown) => e);
    expect(unreachable).toBeInstanceOf(PaymentProviderError);
    expect(unreachable).not.toBeInstanceOf(PayoutRefused);
  });

  it("asks again once, a moment later, when PayPal's trouble passes: an order made once, not twice", async () => {
    const proxy = await startFaultProxy({ service: 'paypal', target: paypal.url });
    const through = new PaypalClient({ baseUrl: proxy.url, credentials: async () => CREDENTIALS });
    const order = (invoiceId: string) =>
      through.createOrder(
        {
          invoiceId,
          amountCents: 1500,
          description: 'Feedback',
          returnUrl: 'http://localhost:5173/r',
          cancelUrl: 'http://localhost:5173/c',
        },
        `create-${invoiceId}`,
      );
    try {
      await through.getPayout('warm-the-token').catch(() => null);
      proxy.arm({ kind: 'unavailable', at: 0, times: 1, match: 'POST /v2/checkout/orders' });
      const made = await order('retried-once');
      expect(proxy.calls.map((c) => c.fault)).toEqual(['unavailable', null]);
      // The answer of the first try lost after PayPal made the order: the second gets the same order back.
      proxy.arm({ kind: 'lost_answer', at: 0, match: 'POST /v2/checkout/orders' });
      expect((await order('retried-once')).orderId).toBe(made.orderId);
      // Down for longer than that: said as PayPal's trouble.
      proxy.arm({ kind: 'throttled', at: 0, times: 2, match: 'POST /v2/checkout/orders' });
      await expect(order('throttled-twice')).rejects.toBeInstanceOf(PaymentProviderError);
    } finally {
      await proxy.close();
    }
  });

  it('says why an item failed', async () => {
    await local('/_local/payouts/outcomes', { receiver: 'pro-locked@example.com', outcome: 'FAILED' });
    expect(await payout('payout-client-failed', 'pro-locked@example.com')).toMatchObject({
      state: 'FAILED',
      error: 'RECEIVER_ACCOUNT_LOCKED: Receiver account is locked or inactive',
    });
  });

  it('cancels an unclaimed item once its money is back, and no paid one', async () => {
    await local('/_local/payouts/outcomes', { receiver: 'pro-unclaimed@example.com', outcome: 'UNCLAIMED' });
    const unclaimed = await payout('payout-client-unclaimed', 'pro-unclaimed@example.com');
    expect(unclaimed).toMatchObject({ state: 'UNCLAIMED', error: 'RECEIVER_UNREGISTERED: Receiver is unregistered' });
    expect(await client.cancelPayoutItem(unclaimed.itemId!)).toBe(true);
    expect(await client.getPayout(unclaimed.batchId)).toMatchObject({ state: 'RETURNED', error: null });
    // Asked again (a retry): its money is back all the same.
    expect(await client.cancelPayoutItem(unclaimed.itemId!)).toBe(true);

    const paid = await payout('payout-client-paid', 'pro1@example.com');
    expect(await client.cancelPayoutItem(paid.itemId!)).toBe(false);
    expect(await client.cancelPayoutItem('NOSUCHITEM000')).toBe(false);
  });

  it('reads a dispute as it opens and as it is resolved', async () => {
    const captureId = await capture('inv-client-dispute');
    const { dispute_id: id } = await local(`/_local/captures/${captureId}/dispute`);
    expect(await client.getDispute(id)).toEqual({ id, captureId, status: 'OPEN', outcome: null });
    await local(`/_local/disputes/${id}/resolve`, { outcome: 'RESOLVED_BUYER_FAVOUR' });
    expect(await client.getDispute(id)).toEqual({ id, captureId, status: 'RESOLVED', outcome: 'RESOLVED_BUYER_FAVOUR' });
    expect(await client.getDispute('PP-D-0')).toBeNull();
  });

  it('searches transactions, signed, oldest first', async () => {
    const from = new Date(Date.now() - 60_000);
    const captureId = await capture('inv-client-search');
    const reversal = await local(`/_local/captures/${captureId}/reverse`);
    const paid = await payout('payout-client-search', 'pro-search@example.com', 750);
    const planted = await local('/_local/transactions', {
      transaction_event_code: 'T1201',
      amount: { value: '-5.00', currency_code: 'USD' },
      invoice_id: 'inv-planted',
    });
    const found = await client.searchTransactions(from, new Date(Date.now() + 60_000));
    const byId = (id: string) => found.find((t) => t.id === id);
    expect(byId(captureId)).toEqual({
      id: captureId,
      eventCode: 'T0006',
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/),
      amountCents: 3000,
      status: 'S',
      invoiceId: 'inv-client-search',
      referenceId: null,
    });
    expect(byId(reversal.id)).toMatchObject({ eventCode: 'T1106', amountCents: -3000, referenceId: captureId });
    expect(byId(paid.transactionId!)).toMatchObject({ eventCode: 'T0001', amountCents: -750 });
    expect(byId(planted.transaction_info.transaction_id)).toMatchObject({
      eventCode: 'T1201',
      amountCents: -500,
      invoiceId: 'inv-planted',
    });
    const times = found.map((t) => Date.parse(t.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('reads every page of a long search, and searches 31 days at a time at most', async () => {
    const when = new Date(Date.now() - 20 * DAY);
    const time = when.toISOString().replace(/\.\d{3}Z$/, 'Z');
    const planted = new Set<string>();
    for (let n = 0; n < 501; n++) {
      const t = await local('/_local/transactions', {
        transaction_event_code: 'T0006',
        amount: { value: '1.00', currency_code: 'USD' },
        transaction_initiation_date: time,
      });
      planted.add(t.transaction_info.transaction_id);
    }
    const found = await client.searchTransactions(new Date(when.getTime() - 1000), new Date(when.getTime() + 1000));
    expect(new Set(found.map((t) => t.id))).toEqual(planted);

    await expect(client.searchTransactions(new Date(Date.now() - 32 * DAY), new Date())).rejects.toThrow(/31 days/);
  });
});
