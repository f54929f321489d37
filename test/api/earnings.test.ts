/**
 * A pro's earnings through their states on the local stack: pending until the review is delivered, held
 * for EARNING_HOLD_DAYS (the musician's window to report it), then available, as the payment check's clock
 * moves; a report holds it until it is decided. After every step the balance is the sum of the pro's
 * entries and the sum of its parts.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { EARNING_HOLD_DAYS } from '../../shared/money.js';
import { callerOn, createConfirmedUser, flows, money, type TestUser, useStackEnvironment } from '../support/stack-kit.js';

const stack = inject('stack');
const PRICE = 3000;
const EARNING = 2400;
const DAY_MS = 86_400_000;
let pro: TestUser;
let proId: string;
let admin: TestUser;

const call = callerOn(stack);

const { checkAt } = money;

/** The pro's earnings as the profile shows them, after checking that the books hold. */
async function earnings() {
  const res = await call(pro, 'getEarnings');
  expect(res.status).toBe(200);
  const { getUser } = await import('../../functions/people/data/users.js');
  const user = (await getUser(proId))!;
  const entries = await money.ledger(proId);
  expect(user.balanceCents).toBe(entries.reduce((sum, e) => sum + e.amountCents, 0));
  expect(user.balanceCents).toBe((user.pendingCents ?? 0) + (user.heldCents ?? 0) + (user.availableCents ?? 0));
  return res.body;
}

const earningOf = (body: { entries: { kind: string; description: string; earning: unknown }[] }, title: string) =>
  body.entries.find((e) => e.kind === 'earning' && e.description.includes(title))?.earning;

async function paidAndAccepted(title: string) {
  const { user } = await flows.onboardedUser(stack, 'musician', { fullName: 'Ezra Earner' });
  const { view, orderId } = await money.paidRequest(stack, user, { id: proId, priceCents: PRICE }, title);
  expect((await call(pro, 'respondToShare', { id: view.shareId, status: 'accepted' })).status).toBe(200);
  return { musician: user, shareId: view.shareId as string, orderId };
}

beforeAll(async () => {
  useStackEnvironment(stack);
  // A pro of this file's own: their balance moves only with what these tests do.
  pro = await createConfirmedUser(stack, { fullName: 'Erin Earnings' });
  proId = await flows.onboard(stack, pro, 'pro');
  await money.setPrice(stack, proId, PRICE);
  admin = await flows.testAdmin(stack);
});

describe("a pro's earning", () => {
  it('is pending until the review is delivered, held for the report window, then available as the clock moves', async () => {
    const { shareId, orderId } = await paidAndAccepted('Held then free');
    const paid = await earnings();
    expect(paid).toMatchObject({ pendingCents: EARNING, heldCents: 0, availableCents: 0, balanceCents: EARNING, chargeback: null });
    expect(earningOf(paid, 'Held then free')).toEqual({ state: 'pending', availableAt: null, disputed: false });

    expect((await flows.fullReview(stack, pro, shareId, 1)).status).toBe(200);
    const delivered = await earnings();
    expect(delivered).toMatchObject({ pendingCents: 0, heldCents: EARNING, availableCents: 0 });
    const { fulfilledAt } = await money.payment(orderId);
    const availableAt = new Date(Date.parse(fulfilledAt!) + EARNING_HOLD_DAYS * DAY_MS).toISOString();
    expect(earningOf(delivered, 'Held then free')).toEqual({ state: 'held', availableAt, disputed: false });
    // Watched until then: the check looks at it when the hold ends.
    expect((await money.payment(orderId)).checkAt).toBe(availableAt);

    // A day before the hold ends, nothing moves.
    await checkAt(orderId, Date.parse(availableAt) - DAY_MS);
    expect(await earnings()).toMatchObject({ heldCents: EARNING, availableCents: 0 });
    await checkAt(orderId, Date.parse(availableAt) + 60_000);
    const free = await earnings();
    expect(free).toMatchObject({ pendingCents: 0, heldCents: 0, availableCents: EARNING, balanceCents: EARNING });
    expect(earningOf(free, 'Held then free')).toMatchObject({ state: 'available' });
    expect(await money.payment(orderId)).toMatchObject({ releasedBefore: 0 });
    expect((await money.payment(orderId)).checkAt).toBeUndefined();
  });

  it('is held while its musician has a report open, and released once the report is rejected', async () => {
    const { musician, shareId, orderId } = await paidAndAccepted('Reported hold');
    expect((await flows.fullReview(stack, pro, shareId, 1)).status).toBe(200);
    const before = await earnings();
    expect((await call(musician, 'reportReview', { id: shareId, reason: 'generic' })).status).toBe(200);
    const { fulfilledAt } = await money.payment(orderId);
    const holdEnds = Date.parse(fulfilledAt!) + EARNING_HOLD_DAYS * DAY_MS;
    await checkAt(orderId, holdEnds + 60_000);
    expect(await earnings()).toMatchObject({ availableCents: before.availableCents, heldCents: before.heldCents });
    // Looked at again an hour on, while the report is open.
    expect(Date.parse((await money.payment(orderId)).checkAt!)).toBe(holdEnds + 60_000 + 3600_000);

    const rejected = await call(admin, 'resolveDispute', { id: shareId, decision: 'reject', reason: 'The review names the track.' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    await checkAt(orderId, holdEnds + 2 * 3600_000);
    expect(await earnings()).toMatchObject({
      availableCents: before.availableCents + EARNING,
      heldCents: before.heldCents - EARNING,
    });
  });

  it('that is refunded on a report never reaches available money', async () => {
    const { musician, shareId, orderId } = await paidAndAccepted('Reported refund');
    expect((await flows.fullReview(stack, pro, shareId, 1)).status).toBe(200);
    const before = await earnings();
    expect((await call(musician, 'reportReview', { id: shareId, reason: 'generic' })).status).toBe(200);
    expect((await call(admin, 'resolveDispute', { id: shareId, decision: 'refund' })).status).toBe(200);
    await checkAt(orderId, Date.now() + 60_000);
    const after = await earnings();
    expect(after).toMatchObject({
      availableCents: before.availableCents,
      heldCents: before.heldCents - EARNING,
      balanceCents: before.balanceCents - EARNING,
    });
    expect(earningOf(after, 'Reported refund')).toMatchObject({ state: 'reversed' });
  });
});
