/**
 * What a hostile user or a lagging job could do to paid requests, tried through the API on the local stack:
 * a capture that does not match its payment, one idempotency key sent with two requests, a flood of orders,
 * deadlines passed while the scheduled check has not run, and an impersonating admin moving money.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { IMPERSONATION_HEADER } from '../../shared/api/route.js';
import { TELEMETRY } from '../../shared/constants.js';
import {
  callRoute,
  createConfirmedUser,
  dynamo,
  flows,
  money,
  setAttributes,
  startOfAWindow,
  type TestUser,
  useStackEnvironment,
} from '../support/stack-kit.js';
import { metricsOf } from '../support/metrics.js';

const stack = inject('stack');
const PRICE = 3000;
const DAY_MS = 86_400_000;

let pro: TestUser;
let proId: string;
let cheapPro: TestUser;
let cheapProId: string;

const newMusician = (name = 'Gail Guarded') => flows.onboardedUser(stack, 'musician', { fullName: name });

/** Moves a share's stored times back, as if days had passed while the scheduled check did not run. */
const ageShare = (shareId: string, field: 'createdAt' | 'acceptedAt', days: number) =>
  setAttributes(stack, { PK: `SHARE#${shareId}`, SK: 'META' }, { [field]: new Date(Date.now() - days * DAY_MS).toISOString() });

beforeAll(async () => {
  useStackEnvironment(stack);
  [pro, cheapPro] = await Promise.all([
    createConfirmedUser(stack, { fullName: 'Gus Guardpro' }),
    createConfirmedUser(stack, { fullName: 'Cora Cheap' }),
  ]);
  [proId, cheapProId] = await Promise.all([flows.onboard(stack, pro, 'pro'), flows.onboard(stack, cheapPro, 'pro')]);
  await Promise.all([money.setPrice(stack, proId, PRICE), money.setPrice(stack, cheapProId, 100)]);
});

describe('a capture is applied only when it matches its payment', () => {
  it('a $30 payment record on an order PayPal holds for another amount is refunded in full, credits nobody and says why', async () => {
    const { user, id } = await newMusician();
    const track = await flows.uploadTrack(stack, user, 'Mismatched', { seconds: 1 });
    const order = await money.createOrder(stack, user, { proUserId: proId, trackId: track.id, feedbackPriceCents: PRICE });
    expect(order.status).toBe(200);
    // What a race between two create-orders, or a failed write and its retry, could leave: a record that
    // says $90 for an order PayPal holds at $30.
    await setAttributes(stack, { PK: `PAYMENT#${order.body.orderId}`, SK: 'PAYMENT' }, { amountCents: 9000 });
    const before = await money.balanceOf(proId);
    await money.onApprovalPage(stack, order.body.approveUrl, 'approve');
    const correlationId = randomUUID();
    const res = await callRoute(stack.apiUrl, 'captureOrder', { orderId: order.body.orderId }, user.idToken, undefined, {
      [TELEMETRY.correlationHeader]: correlationId,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'refunded', refundReason: 'mismatch', shareId: null });
    // Counted for the PaymentMismatches alarm.
    expect(await metricsOf(stack.logsUrl, correlationId, 'PaymentMismatches')).toMatchObject({ PaymentMismatches: 1 });

    const p = await money.payment(order.body.orderId);
    expect(p).toMatchObject({ status: 'refunded', refundReason: 'mismatch', credited: false, capturedCents: 3000 });
    expect(p.mismatch).toContain('amount 3000 for 9000');
    expect(await money.balanceOf(proId)).toBe(before);
    expect(await money.entriesOf(proId, order.body.orderId)).toHaveLength(0);
    // The ledger holds what PayPal actually took and gave back.
    expect((await money.entriesOf(id, order.body.orderId)).map((e) => [e.kind, e.amountCents]).sort()).toEqual([
      ['charge', -3000],
      ['refund', 3000],
    ]);
  });

  it('one idempotency key sent with two different requests at once opens one payment, and the other is refused', async () => {
    const { user } = await newMusician();
    const track = await flows.uploadTrack(stack, user, 'One key', { seconds: 1 });
    const key = randomUUID();
    const [cheap, dear] = await Promise.all([
      money.createOrder(stack, user, { proUserId: cheapProId, trackId: track.id, feedbackPriceCents: 100, idempotencyKey: key }),
      money.createOrder(stack, user, { proUserId: proId, trackId: track.id, feedbackPriceCents: PRICE, idempotencyKey: key }),
    ]);
    expect([cheap.status, dear.status].sort()).toEqual([200, 409]);
    const won = cheap.status === 200 ? cheap : dear;
    expect((cheap.status === 409 ? cheap : dear).body.error.code).toBe('idempotency_conflict');
    // The stored payment is for what PayPal's order is for.
    const stored = await money.payment(won.body.orderId);
    const { payments } = await import('../../functions/providers/payments.js');
    expect((await payments().getOrder(won.body.orderId))?.amountCents).toBe(stored.amountCents);
    // A retry of the winner gets its order back.
    const again = await money.createOrder(stack, user, {
      proUserId: stored.proUserId,
      trackId: track.id,
      feedbackPriceCents: stored.amountCents,
      idempotencyKey: key,
    });
    expect(again).toMatchObject({ status: 200, body: { orderId: won.body.orderId } });
  });

  it('a retry PayPal no longer recognises (its request ids last 6 hours) gets a new order, which the key refuses to store', async () => {
    const { user, id } = await newMusician();
    const track = await flows.uploadTrack(stack, user, 'Late retry', { seconds: 1 });
    const key = randomUUID();
    const first = await money.createOrder(stack, user, {
      proUserId: proId,
      trackId: track.id,
      feedbackPriceCents: PRICE,
      idempotencyKey: key,
    });
    expect(first.status).toBe(200);
    const data = await import('../../functions/money/data/payments.js');
    const { idFromKey } = await import('../../functions/lib/idempotency.js');
    const stored = (await data.getPayment(first.body.orderId))!;
    // The same request under the same key, answered by PayPal with an order of its own.
    const retry = await data.putPayment(
      { ...stored.record, orderId: `LATE-${randomUUID()}` },
      stored.requestHash!,
      idFromKey(id, 'payment', key),
    );
    expect(retry).toMatchObject({ created: false, keyTaken: true });
    // While the same order, retried, is the same payment.
    expect(await data.putPayment(stored.record, stored.requestHash!, idFromKey(id, 'payment', key))).toMatchObject({
      created: false,
      existing: { record: { orderId: first.body.orderId } },
    });
  });
});

describe('orders one payer may open', () => {
  it('five waiting for approval at once: the sixth is refused naming the oldest; cancelling one on PayPal frees its place', async () => {
    const { user } = await newMusician();
    const track = await flows.uploadTrack(stack, user, 'Many orders', { seconds: 1 });
    const orders = [];
    for (let i = 0; i < 5; i++) {
      const res = await money.createOrder(stack, user, { proUserId: proId, trackId: track.id, feedbackPriceCents: PRICE });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      orders.push(res.body.orderId as string);
    }
    // Not polled while it waits: one look at the give-up time, three hours on.
    const first = await money.payment(orders[0]);
    expect(Date.parse(first.checkAt!) - Date.parse(first.createdAt)).toBeGreaterThanOrEqual(3 * 3600_000);

    const sixth = await money.createOrder(stack, user, { proUserId: proId, trackId: track.id, feedbackPriceCents: PRICE });
    expect(sixth).toMatchObject({ status: 409, body: { error: { code: 'too_many_open_orders', oldestOrderId: orders[0] } } });
    expect(sixth.body.error.message).toContain('Many orders');

    // Cancelled on PayPal's page: the cancel page gives the order up, and a new one may be opened.
    const cancelled = await callRoute(stack.apiUrl, 'cancelOrder', { orderId: orders[0] }, user.idToken);
    expect(cancelled).toMatchObject({ status: 200, body: { status: 'failed' } });
    expect((await money.payment(orders[0])).failureReason).toBe('cancelled');
    expect((await money.createOrder(stack, user, { proUserId: proId, trackId: track.id, feedbackPriceCents: PRICE })).status).toBe(200);
    // Someone else's order is not theirs to cancel.
    const other = await newMusician('Otto Other');
    expect((await callRoute(stack.apiUrl, 'cancelOrder', { orderId: orders[1] }, other.user.idToken)).status).toBe(404);
  });

  it('eight sent at once: five opened and three refused, however they race; a capture frees its place', async () => {
    const { user, id } = await newMusician();
    const track = await flows.uploadTrack(stack, user, 'Burst of orders', { seconds: 1 });
    const all = await Promise.all(
      Array.from({ length: 8 }, () => money.createOrder(stack, user, { proUserId: proId, trackId: track.id, feedbackPriceCents: PRICE })),
    );
    const opened = all.filter((r) => r.status === 200);
    expect(opened).toHaveLength(5);
    for (const r of all.filter((r) => r.status !== 200)) expect(r.body.error.code).toBe('too_many_open_orders');
    const { openOrdersOf } = await import('../../functions/money/data/open-orders.js');
    const open = Object.values(await openOrdersOf(id)).map((o) => o.orderId);
    expect(open.sort()).toEqual(opened.map((r) => r.body.orderId as string).sort());

    // Paid for: no longer waiting for approval, so another may be opened.
    await money.onApprovalPage(stack, opened[0].body.approveUrl, 'approve');
    expect((await money.captureOrder(stack, user, opened[0].body.orderId)).body.status).toBe('captured');
    expect(Object.keys(await openOrdersOf(id))).toHaveLength(4);
    expect((await money.createOrder(stack, user, { proUserId: proId, trackId: track.id, feedbackPriceCents: PRICE })).status).toBe(200);
  });

  it('an order approved in another tab is not given up by a cancel: it is captured', async () => {
    const { user } = await newMusician();
    const track = await flows.uploadTrack(stack, user, 'Approved elsewhere', { seconds: 1 });
    const order = await money.createOrder(stack, user, { proUserId: proId, trackId: track.id, feedbackPriceCents: PRICE });
    await money.onApprovalPage(stack, order.body.approveUrl, 'approve');
    const res = await callRoute(stack.apiUrl, 'cancelOrder', { orderId: order.body.orderId }, user.idToken);
    expect(res.status).toBe(200);
    expect((await money.payment(order.body.orderId)).status).toBe('captured');
  });

  it("more than 10 in a minute: 429 with Retry-After, and nothing opened; the refused ones do not count towards the hour's 30", async () => {
    const { user, id } = await newMusician();
    const track = await flows.uploadTrack(stack, user, 'Order flood', { seconds: 1 });
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof money.createOrder>> | undefined;
    await startOfAWindow(40_000);
    for (let i = 0; i < 14; i++) {
      const res = await money.createOrder(stack, user, { proUserId: proId, trackId: track.id, feedbackPriceCents: PRICE });
      statuses.push(res.status);
      if (res.status === 200) await callRoute(stack.apiUrl, 'cancelOrder', { orderId: res.body.orderId }, user.idToken);
      else refused = res;
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(refused).toMatchObject({ status: 429, body: { error: { code: 'rate_limited' } } });
    const wait = Number(refused!.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    const hour = await (
      await dynamo()
    ).send(
      new QueryCommand({
        TableName: stack.tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
        ExpressionAttributeValues: { ':pk': `USER#${id}`, ':sk': 'LIMIT#createOrderHourly#' },
        ConsistentRead: true,
      }),
    );
    expect(hour.Items?.map((i) => i.uses)).toEqual([10]);
  }, 120_000);
});

describe('deadlines hold in the write, whatever the scheduled check has done', () => {
  it('a paid request accepted on day 9 is refused as expired, and stays for the check to refund', async () => {
    const { user } = await newMusician();
    const { view } = await money.paidRequest(stack, user, { id: proId, priceCents: PRICE }, 'Late accept');
    await ageShare(view.shareId, 'createdAt', 9);
    const res = await callRoute(stack.apiUrl, 'respondToShare', { id: view.shareId, status: 'accepted' }, pro.idToken);
    expect(res).toMatchObject({ status: 409, body: { error: { code: 'expired' } } });
    const { readShare } = await import('../../functions/feedback/data/shares.js');
    expect((await readShare(view.shareId))?.record.status).toBe('pending');
  });

  it('a paid review submitted on day 15 after acceptance is refused as expired, and the payment is not made final', async () => {
    const { user } = await newMusician();
    const { view, orderId } = await money.paidRequest(stack, user, { id: proId, priceCents: PRICE }, 'Late review');
    expect((await callRoute(stack.apiUrl, 'respondToShare', { id: view.shareId, status: 'accepted' }, pro.idToken)).status).toBe(200);
    await ageShare(view.shareId, 'acceptedAt', 15);
    const res = await callRoute(
      stack.apiUrl,
      'submitFeedback',
      { id: view.shareId, criteria: { mixingMastering: 4 }, comment: 'Late but good.' },
      pro.idToken,
    );
    expect(res).toMatchObject({ status: 409, body: { error: { code: 'expired' } } });
    expect((await money.payment(orderId)).fulfilledAt).toBeUndefined();
  });

  it('the conditions themselves refuse a late step (the checks before them aside)', async () => {
    const { user } = await newMusician();
    const { view } = await money.paidRequest(stack, user, { id: proId, priceCents: PRICE }, 'Late write');
    const shares = await import('../../functions/feedback/data/shares.js');
    const { deadlineCutoffs } = await import('../../functions/feedback/data/paid-deadlines.js');
    await ageShare(view.shareId, 'createdAt', 8);
    const share = (await shares.readShare(view.shareId))!.record;
    expect(await shares.setStatus(share, ['pending'], 'accepted', { createdAfter: deadlineCutoffs(share.payment!).createdAfter })).toBe(
      false,
    );
    await ageShare(view.shareId, 'createdAt', 1);
    expect(await shares.setStatus(share, ['pending'], 'accepted', { createdAfter: deadlineCutoffs(share.payment!).createdAfter })).toBe(
      true,
    );
    await ageShare(view.shareId, 'acceptedAt', 15);
    const feedback = { criteria: { mixingMastering: 3 }, comment: null, userId: proId, createdAt: new Date().toISOString() };
    expect(
      await shares.completeWithFeedback({ ...share, status: 'accepted' }, feedback, [], {
        acceptedAfter: deadlineCutoffs(share.payment!).acceptedAfter,
      }),
    ).toBe(false);
  });
});

describe('an impersonating admin moves no money', () => {
  it('accepting, declining and submitting a paid request are refused while impersonating; a free one may be accepted', async () => {
    const admin = await flows.testAdmin(stack);
    const { user } = await newMusician();
    const { view } = await money.paidRequest(stack, user, { id: proId, priceCents: PRICE }, 'Impersonated money');
    const started = await callRoute(stack.apiUrl, 'impersonate', { userId: proId }, admin.idToken);
    expect(started.status).toBe(200);
    const asPro = (name: 'respondToShare' | 'submitFeedback', input: Record<string, unknown>) =>
      callRoute(stack.apiUrl, name, input, admin.idToken, undefined, { [IMPERSONATION_HEADER]: started.body.token });
    for (const status of ['accepted', 'declined']) {
      expect(await asPro('respondToShare', { id: view.shareId, status })).toMatchObject({
        status: 403,
        body: { error: { code: 'impersonation_no_money' } },
      });
    }
    expect((await callRoute(stack.apiUrl, 'respondToShare', { id: view.shareId, status: 'accepted' }, pro.idToken)).status).toBe(200);
    expect(await asPro('submitFeedback', { id: view.shareId, criteria: { mixingMastering: 5 }, comment: 'Great' })).toMatchObject({
      status: 403,
      body: { error: { code: 'impersonation_no_money' } },
    });

    const free = await flows.uploadTrack(stack, user, 'Impersonated free', { seconds: 1 });
    const freePro = await createConfirmedUser(stack, { fullName: 'Fred Free' });
    const freeProId = await flows.onboard(stack, freePro, 'pro');
    const share = await callRoute(
      stack.apiUrl,
      'createShare',
      { sharedWithId: freeProId, trackId: free.id, shareOptions: money.REQUEST_OPTIONS },
      user.idToken,
    );
    expect(share.status).toBe(200);
    const asFree = await callRoute(stack.apiUrl, 'impersonate', { userId: freeProId }, admin.idToken);
    const accepted = await callRoute(stack.apiUrl, 'respondToShare', { id: share.body.id, status: 'accepted' }, admin.idToken, undefined, {
      [IMPERSONATION_HEADER]: asFree.body.token,
    });
    expect(accepted.status).toBe(200);
  });
});

describe('the payment checks', () => {
  it('due payments spread over the watch shards, and one run works them all off', async () => {
    const data = await import('../../functions/money/data/payments.js');
    const { checkDuePayments } = await import('../../functions/money/payment-checks.js');
    // Due years ago, by this test's clock: no other file's payment is due by then, so this run works off only
    // these. A clock ahead of now had it settle the payments other files were making (a pending one, past its
    // give-up time by that clock, failed). The stack's own scheduler may take some of these first: it runs
    // the same checks, to the same end.
    const clock = new Date('2001-01-01T00:00:00.000Z');
    const due = new Date(clock.getTime() - 60_000).toISOString();
    const created = new Date(clock.getTime() - 4 * 3600_000).toISOString();
    const ids = Array.from({ length: 60 }, () => `SHARD${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`);
    await Promise.all(
      ids.map((orderId) =>
        data.putPayment({
          orderId,
          invoiceId: randomUUID(),
          payerId: 'shard-payer',
          payerName: 'Shard Payer',
          proUserId: proId,
          proName: 'Gus Guardpro',
          trackId: randomUUID(),
          trackTitle: 'Shards',
          amountCents: PRICE,
          shareOptions: money.REQUEST_OPTIONS as never,
          shareId: randomUUID(),
          status: 'pending',
          checkAt: due,
          createdAt: created,
          updatedAt: created,
        }),
      ),
    );
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const items = await Promise.all(
      ids.map(
        async (orderId) =>
          (await (await dynamo()).send(new GetCommand({ TableName: stack.tableName, Key: { PK: `PAYMENT#${orderId}`, SK: 'PAYMENT' } })))
            .Item!,
      ),
    );
    // Those the scheduler has already worked off are watched no more; the rest are spread over the shards.
    const watched = items.filter((item) => item.GSI2PK !== undefined);
    expect(items.filter((item) => item.GSI2PK === undefined).every((item) => item.status === 'failed')).toBe(true);
    const partitions = new Set(watched.map((item) => item.GSI2PK));
    expect(partitions.size).toBeGreaterThanOrEqual(Math.min(6, watched.length));
    for (const p of partitions) expect(p).toMatch(/^PAYMENT#WATCH#[0-7]$/);

    await checkDuePayments(clock);
    // Orders PayPal never heard of, past their give-up time: failed, and no longer watched.
    for (const orderId of ids)
      expect(await money.payment(orderId), orderId).toMatchObject({ status: 'failed', failureReason: 'unknown_order' });
    expect((await data.duePayments(clock.toISOString())).filter((id) => ids.includes(id))).toEqual([]);
  });
});

describe('a refund PayPal keeps refusing', () => {
  it('is tried with growing waits, then waits for an admin, who sees it listed and tries again', async () => {
    const data = await import('../../functions/money/data/payments.js');
    const domain = {
      ...(await import('../../functions/money/payment-checks.js')),
      ...(await import('../../functions/money/payment-machine.js')),
    };
    const providers = await import('../../functions/providers/payments.js');
    const admin = await flows.testAdmin(stack);
    const { user, id } = await newMusician('Rhoda Refused');
    const orderId = `STUCK${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
    const later = new Date(Date.now() + 86_400_000).toISOString();
    await data.putPayment({
      orderId,
      invoiceId: randomUUID(),
      payerId: id,
      payerName: 'Rhoda Refused',
      proUserId: proId,
      proName: 'Gus Guardpro',
      trackId: randomUUID(),
      trackTitle: 'Refused refund',
      amountCents: PRICE,
      shareOptions: money.REQUEST_OPTIONS as never,
      shareId: randomUUID(),
      status: 'refunding',
      captureId: `CAP${orderId}`,
      credited: false,
      refundReason: 'declined',
      // Not due for the stack's own scheduler: this test runs the checks with its own clock.
      checkAt: later,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    });
    const real = providers.payments();
    // Our own trouble is not PayPal's refusal: tried again, not counted towards handing it to an admin.
    providers.usePaymentProvider({
      ...real,
      refundCapture: async () => {
        throw Object.assign(new Error('Throughput exceeds the current capacity'), { name: 'ProvisionedThroughputExceededException' });
      },
    });
    expect(await domain.checkDuePayments(new Date(), { orderId })).toEqual({ checked: 0, failed: 1 });
    const retried0 = await money.payment(orderId);
    expect(retried0.status).toBe('refunding');
    expect(retried0.refundAttempts).toBeUndefined();
    providers.usePaymentProvider({
      ...real,
      refundCapture: async () => {
        throw new providers.PaymentProviderError('PayPal did not refund a capture: 422 REFUND_NOT_ALLOWED', 422);
      },
    });
    const { Metrics } = await import('@aws-lambda-powertools/metrics');
    const counted = vi.spyOn(Metrics.prototype, 'addMetric');
    try {
      let clock = Date.now();
      const waits: number[] = [];
      for (let attempt = 1; attempt <= domain.MAX_REFUND_ATTEMPTS; attempt++) {
        expect(await domain.checkDuePayments(new Date(clock), { orderId })).toEqual({ checked: 0, failed: 1 });
        const p = await money.payment(orderId);
        expect(p.refundAttempts).toBe(attempt);
        if (attempt < domain.MAX_REFUND_ATTEMPTS) {
          waits.push(Date.parse(p.checkAt!) - clock);
          clock = Date.parse(p.checkAt!);
        } else {
          expect(p).toMatchObject({ status: 'refunding', stuckReason: expect.stringContaining('REFUND_NOT_ALLOWED') });
          expect(p.stuckAt).toEqual(expect.any(String));
          expect(p.checkAt).toBeUndefined();
        }
      }
      // Counted once, for the RefundsStuck alarm (the checks ran in this process).
      expect(counted.mock.calls.filter(([name]) => name === 'RefundsStuck')).toEqual([['RefundsStuck', 'Count', 1]]);
      // Each wait twice the last, from 5 minutes, never above 6 hours.
      expect(waits.slice(0, 3)).toEqual([5 * 60_000, 10 * 60_000, 20 * 60_000]);
      expect(Math.max(...waits)).toBe(6 * 3600_000);
    } finally {
      counted.mockRestore();
      providers.usePaymentProvider(undefined);
    }

    const listed = await callRoute(stack.apiUrl, 'listStuckRefunds', {}, admin.idToken);
    expect(listed.status).toBe(200);
    expect(listed.body.refunds.find((r: { orderId: string }) => r.orderId === orderId)).toMatchObject({
      status: 'refunding',
      payerName: 'Rhoda Refused',
      amountCents: PRICE,
      attempts: domain.MAX_REFUND_ATTEMPTS,
      reason: expect.stringContaining('REFUND_NOT_ALLOWED'),
    });
    expect((await callRoute(stack.apiUrl, 'listStuckRefunds', {}, user.idToken)).status).toBe(403);

    const retried = await callRoute(stack.apiUrl, 'retryRefund', { orderId }, admin.idToken);
    expect(retried).toMatchObject({ status: 200, body: { orderId, status: 'refunding' } });
    const p = await money.payment(orderId);
    expect(p.stuckAt).toBeUndefined();
    expect(p.checkAt).toEqual(expect.any(String));
    expect(
      (await callRoute(stack.apiUrl, 'listStuckRefunds', {}, admin.idToken)).body.refunds.map((r: { orderId: string }) => r.orderId),
    ).not.toContain(orderId);
    expect(await callRoute(stack.apiUrl, 'retryRefund', { orderId }, admin.idToken)).toMatchObject({
      status: 409,
      body: { error: { code: 'not_stuck' } },
    });
  });
});

describe('the books', () => {
  it("every movement has two sides: a capture, its refund and an admin's correction each sum to zero, the platform's side spread over its shards", async () => {
    const admin = await flows.testAdmin(stack);
    const { user, id } = await newMusician('Bea Books');
    const { orderId, view } = await money.paidRequest(stack, user, { id: proId, priceCents: PRICE }, 'Two sides');
    expect((await callRoute(stack.apiUrl, 'respondToShare', { id: view.shareId, status: 'declined' }, pro.idToken)).status).toBe(200);
    const { until } = await import('../support/wait.js');
    await until(
      'the refund',
      () => money.payment(orderId),
      (p) => p.status === 'refunded',
    );
    const ofOrder = [
      ...(await money.entriesOf(id, orderId)),
      ...(await money.entriesOf(proId, orderId)),
      ...(await money.entriesOf('PLATFORM', orderId)),
    ];
    expect(ofOrder.map((e) => e.kind).sort()).toEqual(['charge', 'earning', 'fee', 'fee_reversal', 'refund', 'reversal']);
    expect(ofOrder.reduce((s, e) => s + e.amountCents, 0)).toBe(0);

    const before = await money.balanceOf(proId);
    const adjusted = await callRoute(
      stack.apiUrl,
      'adjustBalance',
      { id: proId, balance: before / 100 + 1.5, expectedBalanceCents: before, reason: 'Two-sided bonus' },
      admin.idToken,
    );
    expect(adjusted.status).toBe(200);
    const mine = (await money.ledger(proId)).filter(
      (e) => e.kind === 'adjustment' && e.cause.type === 'admin' && e.cause.reason === 'Two-sided bonus',
    );
    expect(mine).toHaveLength(1);
    const theirs = (await money.ledger('PLATFORM')).filter((e) => e.id === `${mine[0].id}:platform`);
    expect(theirs).toMatchObject([{ kind: 'adjustment', amountCents: -150, cause: { type: 'admin', reason: 'Two-sided bonus' } }]);

    // The platform's entries live in several partitions, read together as one account. Other files add to
    // it meanwhile, so the shards' count lies between the account read before and after it.
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const platformBefore = (await money.ledger('PLATFORM')).length;
    const counts = await Promise.all(
      Array.from(
        { length: 8 },
        async (_, i) =>
          (
            await (
              await dynamo()
            ).send(
              new QueryCommand({
                TableName: stack.tableName,
                KeyConditionExpression: 'PK = :p',
                ExpressionAttributeValues: { ':p': `LEDGER#PLATFORM#${i}` },
                Select: 'COUNT',
              }),
            )
          ).Count ?? 0,
      ),
    );
    expect(counts.filter((n) => n > 0).length).toBeGreaterThanOrEqual(2);
    const sharded = counts.reduce((a, b) => a + b, 0);
    const platformAfter = (await money.ledger('PLATFORM')).length;
    expect(sharded).toBeGreaterThanOrEqual(platformBefore);
    expect(sharded).toBeLessThanOrEqual(platformAfter);
  });
});
