/**
 * Money that comes back through PayPal, on the local stack: a payer's dispute holds the pro's earning (taken
 * back from available money) until PayPal decides it; a reversal, or a dispute lost, reverses the earning
 * and the fee, before or after it was paid out; money taken back after a payout leaves the pro's available
 * balance below zero, and their next earning covers it first. Every event is applied once.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { EARNING_HOLD_DAYS } from '../../shared/money.js';
import {
  callerOn,
  createConfirmedUser,
  flows,
  itemsUnder,
  money,
  standInControl,
  type TestUser,
  until,
  useStackEnvironment,
} from '../support/stack-kit.js';

const stack = inject('stack');
const PRICE = 3000;
const EARNING = 2400;
const DAY_MS = 86_400_000;

const call = callerOn(stack);

const paypalControl = (path: string, body: unknown = {}) => standInControl(stack.paypalUrl, path, body);

const { checkAt } = money;

/** PayPal reverses the payment's capture (a chargeback); back once the payment reads refunded. */
async function reversed(paid: { orderId: string; captureId: string }) {
  await paypalControl(`/_local/captures/${paid.captureId}/reverse`);
  await until(
    'the reversal',
    () => money.payment(paid.orderId),
    (p) => p.status === 'refunded',
  );
}

/** A pro of the test's own, with a payout address. */
async function newPro() {
  const pro = await createConfirmedUser(stack, { fullName: 'Carla Chargeback' });
  const id = await flows.onboard(stack, pro, 'pro');
  await money.setPrice(stack, id, PRICE);
  await call(pro, 'setPayoutAccount', { email: `carla-${randomUUID().slice(0, 8)}@example.test` });
  return { pro, id };
}

/** A paid request to `pro`, reviewed, and (with `release`) its hold over: the earning available. */
const earned = (pro: { pro: TestUser; id: string }, title: string, release = true) =>
  money.reviewedPaid(stack, { user: pro.pro, id: pro.id, priceCents: PRICE }, title, release);

const paidOut = (pro: { pro: TestUser }) => money.paidOut(stack, pro.pro, EARNING);

/** The pro's money, after checking the books: balance = entries = pending + held + available. */
async function moneyOf(id: string) {
  const { getUser } = await import('../../functions/people/data/users.js');
  const u = (await getUser(id))!;
  expect(u.balanceCents).toBe((await money.ledger(id)).reduce((s, e) => s + e.amountCents, 0));
  expect(u.balanceCents).toBe((u.pendingCents ?? 0) + (u.heldCents ?? 0) + (u.availableCents ?? 0));
  return { balance: u.balanceCents, available: u.availableCents ?? 0, held: u.heldCents ?? 0, pending: u.pendingCents ?? 0 };
}

/**
 * Whether the money page lists the payment as disputed at PayPal, as its index has it (an admin's view
 * counts every open dispute; other tests open theirs at the same time).
 */
async function listedAsDisputed(admin: TestUser, orderId: string) {
  const { openProviderDisputes } = await import('../../functions/money/data/payments.js');
  const listed = (await openProviderDisputes()).some((p) => p.orderId === orderId);
  const item = (await itemsUnder(stack, `PAYMENT#${orderId}`)).find((i) => i.SK === 'PAYMENT')!;
  expect(item.GSI3PK === 'PAYMENT#DISPUTED', 'the index key is there while the dispute is open').toBe(listed);
  if (listed) {
    const shown = (await call(admin, 'getBooks', { months: 1 })).body.providerDisputes;
    expect(shown.count).toBeGreaterThanOrEqual(1);
    expect(shown.amountCents).toBeGreaterThanOrEqual(PRICE);
    expect(shown.oldestAt).toEqual(expect.any(String));
  }
  return listed;
}

let admin: TestUser;
beforeAll(async () => {
  useStackEnvironment(stack);
  admin = await flows.testAdmin(stack);
});

describe('money that comes back', () => {
  it('a dispute holds an available earning until PayPal decides it for us; then it is released again', async () => {
    const pro = await newPro();
    const { orderId, captureId } = await earned(pro, 'Disputed then won');
    expect(await moneyOf(pro.id)).toMatchObject({ available: EARNING, held: 0 });
    const dispute = await paypalControl(`/_local/captures/${captureId}/dispute`);
    await until(
      'the dispute held',
      () => money.payment(orderId),
      (p) => p.disputeId === dispute.dispute_id,
    );
    expect(await moneyOf(pro.id)).toMatchObject({ available: 0, held: EARNING, balance: EARNING });
    expect(await listedAsDisputed(admin, orderId)).toBe(true);
    // Held: no payout of it, and no release while it is open.
    expect((await call(pro.pro, 'createPayout', { amountCents: EARNING })).body.error.code).toBe('below_minimum');
    await checkAt(orderId, Date.now() + 30 * DAY_MS);
    expect(await moneyOf(pro.id)).toMatchObject({ available: 0, held: EARNING });

    await paypalControl(`/_local/disputes/${dispute.dispute_id}/resolve`, { outcome: 'RESOLVED_SELLER_FAVOUR' });
    const lifted = await until(
      'the dispute lifted',
      () => money.payment(orderId),
      (p) => !p.disputeId,
    );
    expect(await listedAsDisputed(admin, orderId)).toBe(false);
    // Due at once; or, when the scheduled check came first, looked at and due when its hold ends.
    const holdEnds = new Date(Date.parse(lifted.fulfilledAt!) + EARNING_HOLD_DAYS * DAY_MS).toISOString();
    expect(Date.parse(lifted.checkAt!) <= Date.now() || lifted.checkAt === holdEnds, `due at ${lifted.checkAt}`).toBe(true);
    await checkAt(orderId, Date.parse(lifted.fulfilledAt!) + 30 * DAY_MS);
    expect(await moneyOf(pro.id)).toMatchObject({ available: EARNING, held: 0 });
  });

  it('a release that read the payment before a dispute opened is refused by its write, and the earning stays held until PayPal decides', async () => {
    const pro = await newPro();
    const { orderId, captureId } = await earned(pro, 'Released while disputed', false);
    const stale = await money.payment(orderId);
    const dispute = await paypalControl(`/_local/captures/${captureId}/dispute`);
    await until(
      'the dispute held',
      () => money.payment(orderId),
      (p) => p.disputeId === dispute.dispute_id,
    );
    // The release as the check decided it on what it read before the dispute's write.
    const { step } = await import('../../functions/money/payment-settlement.js');
    const { noOpenDispute } = await import('../../functions/feedback/data/shares.js');
    const released = await step(
      stale,
      { type: 'hold_ended', releasedBefore: 0 },
      { requestChange: noOpenDispute(stale.shareId) },
      new Date(Date.parse(stale.fulfilledAt!) + EARNING_HOLD_DAYS * DAY_MS + 60_000),
    );
    expect(released.kind).toBe('payment_moved');
    expect(await money.payment(orderId)).toMatchObject({ disputeId: dispute.dispute_id });
    expect((await money.payment(orderId)).releasedAt).toBeUndefined();
    expect(await moneyOf(pro.id)).toMatchObject({ available: 0, held: EARNING });

    // Won: no longer counted as disputed, and released when its hold is over.
    await paypalControl(`/_local/disputes/${dispute.dispute_id}/resolve`, { outcome: 'RESOLVED_SELLER_FAVOUR' });
    await until(
      'the dispute lifted',
      () => money.payment(orderId),
      (p) => !p.disputeId,
    );
    expect(await listedAsDisputed(admin, orderId)).toBe(false);
    await checkAt(orderId, Date.parse(stale.fulfilledAt!) + 30 * DAY_MS);
    expect(await moneyOf(pro.id)).toMatchObject({ available: EARNING, held: 0 });
  });

  it('a dispute the payer wins reverses the earning and the fee, and the request says it was refunded', async () => {
    const pro = await newPro();
    const { orderId, captureId, buyer, shareId } = await earned(pro, 'Disputed then lost');
    const dispute = await paypalControl(`/_local/captures/${captureId}/dispute`);
    await until(
      'the dispute held',
      () => money.payment(orderId),
      (p) => p.disputeId === dispute.dispute_id,
    );
    expect(await listedAsDisputed(admin, orderId)).toBe(true);
    await paypalControl(`/_local/disputes/${dispute.dispute_id}/resolve`, { outcome: 'RESOLVED_BUYER_FAVOUR' });
    await until(
      'the reversal',
      () => money.payment(orderId),
      (p) => p.status === 'refunded',
    );
    expect(await listedAsDisputed(admin, orderId)).toBe(false);
    expect(await moneyOf(pro.id)).toMatchObject({ balance: 0, available: 0, held: 0 });
    const entries = await money.entriesOf('PLATFORM', orderId);
    expect(entries.reduce((s, e) => s + e.amountCents, 0)).toBe(0);
    // The delivered review stays delivered, and its request (its header, the Feedback Hub) says it was refunded.
    const { share } = (await call(buyer, 'getShare', { id: shareId })).body;
    expect(share.status).toBe('completed');
    const refunded = Date.parse((await money.payment(orderId)).refundedAt!);
    expect(Math.abs(Date.parse(share.paid.refundedAt) - refunded)).toBeLessThan(5_000);
  });

  it('a reversal of a review whose request is gone meanwhile is applied all the same: the refund is not held up by the mark it cannot make', async () => {
    const pro = await newPro();
    const paid = await earned(pro, 'Gone, then reversed', false);
    const [{ DeleteCommand }, { dynamo }, { metaKey }] = await Promise.all([
      import('@aws-sdk/lib-dynamodb'),
      import('../../functions/lib/aws/dynamo.js'),
      import('../../functions/feedback/data/shares/records.js'),
    ]);
    await dynamo().send(new DeleteCommand({ TableName: stack.tableName, Key: metaKey(paid.shareId) }));
    await reversed(paid);
    expect(await moneyOf(pro.id)).toMatchObject({ balance: 0, pending: 0 });
    expect((await money.entriesOf('PLATFORM', paid.orderId)).reduce((s, e) => s + e.amountCents, 0)).toBe(0);
  });

  it('a pro who was paid out and deleted their account: a dispute and its loss move no balance of theirs, the platform bears the earning', async () => {
    const pro = await newPro();
    const { orderId, captureId, buyer } = await earned(pro, 'Paid out, then the pro left');
    await paidOut(pro);
    // The musician deleted the track first: the request is gone from the pro's lists, the payment is not.
    const { trackId } = await money.payment(orderId);
    expect((await call(buyer, 'deleteTracks', { ids: [trackId] })).status).toBe(200);
    const proEntries = (await money.ledger(pro.id)).length;
    expect((await call(pro.pro, 'deleteMyAccount', { email: pro.pro.email })).status).toBe(200);
    expect(await money.payment(orderId)).toMatchObject({ proLeftAt: expect.any(String), status: 'captured' });

    const dispute = await paypalControl(`/_local/captures/${captureId}/dispute`);
    await until(
      'the dispute held',
      () => money.payment(orderId),
      (p) => p.disputeId === dispute.dispute_id,
    );
    await paypalControl(`/_local/disputes/${dispute.dispute_id}/resolve`, { outcome: 'RESOLVED_BUYER_FAVOUR' });
    const refunded = await until(
      'the reversal',
      () => money.payment(orderId),
      (p) => p.status === 'refunded',
    );
    // The payer has it all back; what the pro earned is given back by the platform, beside its margin.
    const payer = await money.entriesOf(refunded.payerId, orderId);
    expect(payer.find((e) => e.kind === 'refund')?.amountCents).toBe(PRICE);
    const platform = await money.entriesOf('PLATFORM', orderId);
    expect(platform.find((e) => e.kind === 'reversal')).toMatchObject({
      amountCents: -EARNING,
      description: expect.stringMatching(/deleted/),
    });
    expect(platform.find((e) => e.kind === 'fee_reversal')?.amountCents).toBe(-(PRICE - EARNING));
    const all = [...payer, ...platform, ...(await money.entriesOf(pro.id, orderId))];
    expect(all.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);
    expect((await money.ledger(pro.id)).length).toBe(proEntries);
  });

  it('a reversal after the earning was paid out leaves the balance below zero, said on the profile, and the next earning covers it first', async () => {
    const pro = await newPro();
    const first = await earned(pro, 'Paid out then reversed');
    await paidOut(pro);

    await reversed(first);
    expect(await moneyOf(pro.id)).toMatchObject({ balance: -EARNING, available: -EARNING });
    const shown = (await call(pro.pro, 'getEarnings')).body;
    expect(shown.chargeback).toEqual({ owedCents: EARNING, amountCents: EARNING, at: expect.any(String) });

    // The next earning pays the chargeback back before anything is available.
    await earned(pro, 'Covers the chargeback');
    expect(await moneyOf(pro.id)).toMatchObject({ balance: 0, available: 0 });
    expect((await call(pro.pro, 'getEarnings')).body.chargeback).toBeNull();
  });

  it('two chargebacks after payouts: the profile says what is owed in all, then what is left after the next earning', async () => {
    const pro = await newPro();
    const first = await earned(pro, 'First paid out');
    await paidOut(pro);
    const second = await earned(pro, 'Second paid out');
    await paidOut(pro);
    for (const { captureId, orderId } of [first, second]) {
      await paypalControl(`/_local/captures/${captureId}/reverse`);
      // Its webhook may wait while another file holds the stand-in's deliveries (payments.test.ts).
      await until(
        'the reversal',
        () => money.payment(orderId),
        (p) => p.status === 'refunded',
        45_000,
      );
    }
    expect(await moneyOf(pro.id)).toMatchObject({ available: -2 * EARNING });
    expect((await call(pro.pro, 'getEarnings')).body.chargeback).toEqual({
      owedCents: 2 * EARNING,
      amountCents: EARNING,
      at: expect.any(String),
    });
    // One earning covers one of them: the rest is still owed, and said so.
    await earned(pro, 'Covers half');
    expect((await call(pro.pro, 'getEarnings')).body.chargeback).toMatchObject({ owedCents: EARNING });
  }, 150_000);

  it('a reversal of an earning still held takes it from the hold, never from available money', async () => {
    const pro = await newPro();
    await earned(pro, 'Available before');
    const held = await earned(pro, 'Reversed while held', false);
    expect(await moneyOf(pro.id)).toMatchObject({ available: EARNING, held: EARNING });
    await reversed(held);
    expect(await moneyOf(pro.id)).toMatchObject({ available: EARNING, held: 0, balance: EARNING });
  });
});
