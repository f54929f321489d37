/**
 * Money out through the API on the local stack and its PayPal: a pro names the PayPal account they are
 * paid at and withdraws their available balance; a payout replayed at once pays once; failed, returned and
 * unclaimed payouts put the money back; a changed address waits a day; an admin may hold a pro's payouts.
 * After every test the pro's balance is the sum of their entries and of its parts, and each payout's two
 * sides sum to zero.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import {
  callerOn,
  createConfirmedUser,
  flows,
  money,
  setAttributes,
  standInControl,
  type TestUser,
  until,
  useStackEnvironment,
  waitForEmail,
} from '../support/stack-kit.js';

const stack = inject('stack');
let admin: TestUser;

const call = callerOn(stack);

const paypalControl = (path: string, body: unknown = {}) => standInControl(stack.paypalUrl, path, body);

const outcomeFor = (receiver: string, outcome: string) => paypalControl('/_local/payouts/outcomes', { receiver, outcome });

/** A new pro with `cents` available (an admin's correction: available at once) and a payout address. */
async function proWith(cents: number, email: string | null = `paid-${randomUUID().slice(0, 8)}@example.test`) {
  const pro = await createConfirmedUser(stack, { fullName: 'Paula Payout' });
  const id = await flows.onboard(stack, pro, 'pro');
  if (cents) {
    const res = await call(admin, 'adjustBalance', { id, balance: cents / 100, expectedBalanceCents: 0, reason: 'Test earnings' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  if (email) expect((await call(pro, 'setPayoutAccount', { email })).status).toBe(200);
  return { pro, id, email: email! };
}

/** The books of one pro hold: balance = entries = pending + held + available, and their payouts' two sides sum to zero. */
async function expectBooks(userId: string) {
  const { getUser } = await import('../../functions/people/data/users.js');
  const user = (await getUser(userId))!;
  const entries = await money.ledger(userId);
  expect(user.balanceCents).toBe(entries.reduce((sum, e) => sum + e.amountCents, 0));
  expect(user.balanceCents).toBe((user.pendingCents ?? 0) + (user.heldCents ?? 0) + (user.availableCents ?? 0));
  const payoutIds = new Set(entries.flatMap((e) => (e.cause.type === 'payout' ? [e.cause.payoutId] : [])));
  const other = (await money.ledger('PAYOUTS')).filter((e) => e.cause.type === 'payout' && payoutIds.has(e.cause.payoutId));
  const mine = entries.filter((e) => e.cause.type === 'payout');
  expect(mine.reduce((s, e) => s + e.amountCents, 0) + other.reduce((s, e) => s + e.amountCents, 0)).toBe(0);
  return user;
}

const payoutOf = async (id: string) => (await (await import('../../functions/money/data/payouts.js')).getPayout(id))!;
const settled = (id: string, status: string) =>
  until(
    `payout ${status}`,
    async () => (await payoutOf(id)).status,
    (s) => s === status,
  );

beforeAll(async () => {
  useStackEnvironment(stack);
  admin = await flows.testAdmin(stack);
});

describe('payouts', () => {
  it('need a payout address and at least $10.00 available: a clear 409 otherwise', async () => {
    const { pro, id } = await proWith(950, null);
    const noAddress = await call(pro, 'createPayout', { amountCents: 950 });
    expect(noAddress).toMatchObject({ status: 409, body: { error: { code: 'no_payout_account' } } });
    expect((await call(pro, 'getPayoutAccount')).body).toMatchObject({ email: null, availableCents: 950, openPayoutId: null });
    expect((await call(pro, 'setPayoutAccount', { email: 'not an address' })).status).toBe(400);
    expect((await call(pro, 'setPayoutAccount', { email: 'paula@example.test' })).body).toMatchObject({
      email: 'paula@example.test',
      pausedUntil: null,
    });
    const under = await call(pro, 'createPayout', { amountCents: 950 });
    expect(under).toMatchObject({
      status: 409,
      body: { error: { code: 'below_minimum', message: 'You can withdraw once at least $10.00 is available.' } },
    });
    // What the pro saw must be what is available.
    await call(admin, 'adjustBalance', { id, balance: 20, expectedBalanceCents: 950, reason: 'More' });
    expect((await call(pro, 'createPayout', { amountCents: 950 })).body.error).toMatchObject({
      code: 'balance_changed',
      availableCents: 2000,
    });
    // Musicians have no payouts.
    const { user: musician } = await flows.onboardedUser(stack, 'musician');
    expect((await call(musician, 'createPayout', { amountCents: 1000 })).status).toBe(403);
    await expectBooks(id);
  });

  it('withdraws the whole available balance once, however often it is sent at once, and PayPal pays it', async () => {
    const since = Date.now();
    const { pro, id, email } = await proWith(5000);
    const idempotencyKey = randomUUID();
    const all = await Promise.all(Array.from({ length: 20 }, () => call(pro, 'createPayout', { amountCents: 5000, idempotencyKey })));
    expect(all.map((r) => r.status)).toEqual(Array(20).fill(200));
    const ids = new Set(all.map((r) => r.body.id));
    expect(ids.size).toBe(1);
    const [payoutId] = ids;
    expect(all[0].body).toMatchObject({ amountCents: 5000, email, userId: id });
    await settled(payoutId, 'paid');
    const user = await expectBooks(id);
    expect(user).toMatchObject({ balanceCents: 0, availableCents: 0 });
    expect((await money.ledger(id)).filter((e) => e.kind === 'payout').map((e) => e.amountCents)).toEqual([-5000]);
    const listed = await call(pro, 'listPayouts');
    expect(listed.body.payouts).toEqual([expect.objectContaining({ id: payoutId, status: 'paid', amountCents: 5000 })]);
    expect((await call(pro, 'getPayoutAccount')).body).toMatchObject({ availableCents: 0, openPayoutId: null });
    // The receipt e-mail names PayPal's transaction and links to the month's statement, which lists the payout.
    const paidOut = (await payoutOf(payoutId)) as { transactionId: string; completedAt: string };
    const month = paidOut.completedAt.slice(0, 7);
    const receipt = await waitForEmail(stack.mailUrl, pro.email, /Paid out: \$50\.00/, { since });
    expect(receipt.body.text).toContain(`PayPal transaction ${paidOut.transactionId}`);
    expect(receipt.body.text).toContain(`/profile/statements/${month}`);
    const statement = await call(pro, 'getStatement', { month });
    expect(statement.status, JSON.stringify(statement.body)).toBe(200);
    expect(statement.body.entries.find((e: { kind: string }) => e.kind === 'payout')).toMatchObject({
      amountCents: -5000,
      payout: { id: payoutId, email, status: 'paid', transactionId: paidOut.transactionId },
    });
    expect(statement.body.totals).toMatchObject({ paidOutCents: -5000 });
    const sum = (statement.body.entries as { amountCents: number }[]).reduce((s, e) => s + e.amountCents, 0);
    expect(statement.body.totals.netCents).toBe(sum);
    // Months are yyyy-mm, and statements are the pros' own.
    expect((await call(pro, 'getStatement', { month: '2026-13' })).status).toBe(400);
    // One batch at PayPal for it.
    const { payments } = await import('../../functions/providers/payments.js');
    expect((await payments().getPayout((await payoutOf(payoutId)).batchId!))?.amountCents).toBe(5000);
  });

  it.each([
    ['FAILED', 'failed'],
    ['UNCLAIMED', 'unclaimed'],
  ])('PayPal answering %s puts the money back and tells the pro why', async (outcome, status) => {
    const since = Date.now();
    const { pro, id, email } = await proWith(2500);
    await outcomeFor(email, outcome);
    const made = await call(pro, 'createPayout', { amountCents: 2500, idempotencyKey: randomUUID() });
    expect(made.status).toBe(200);
    await settled(made.body.id, status);
    expect(await expectBooks(id)).toMatchObject({ balanceCents: 2500, availableCents: 2500 });
    expect((await money.ledger(id)).map((e) => [e.kind, e.amountCents])).toEqual(
      expect.arrayContaining([
        ['payout', -2500],
        ['payout_return', 2500],
      ]),
    );
    await waitForEmail(stack.mailUrl, pro.email, /Payout returned: \$25\.00/, { since });
    // Free to try again once the address is fixed.
    expect((await call(pro, 'getPayoutAccount')).body.openPayoutId).toBeNull();
  });

  it('one at a time: a payout pending at PayPal is looked at by the check, and money PayPal returns after paying comes back', async () => {
    const { pro, id, email } = await proWith(3000);
    await outcomeFor(email, 'PENDING');
    const first = await call(pro, 'createPayout', { amountCents: 3000, idempotencyKey: randomUUID() });
    expect(first.body.status).toBe('pending');
    await call(admin, 'adjustBalance', { id, balance: 15, expectedBalanceCents: 0, reason: 'More' });
    expect((await call(pro, 'createPayout', { amountCents: 1500, idempotencyKey: randomUUID() })).body.error.code).toBe('payout_open');

    const { checkDuePayments } = await import('../../functions/money/payment-checks.js');
    await checkDuePayments(new Date(Date.now() + 2 * 3600_000), { payoutId: first.body.id });
    expect((await payoutOf(first.body.id)).status).toBe('pending');
    const { itemId } = await payoutOf(first.body.id);
    await paypalControl(`/_local/payouts-item/${itemId}/outcome`, { outcome: 'SUCCESS' });
    await settled(first.body.id, 'paid');
    await paypalControl(`/_local/payouts-item/${itemId}/outcome`, { outcome: 'RETURNED' });
    await settled(first.body.id, 'returned');
    expect(await expectBooks(id)).toMatchObject({ balanceCents: 4500, availableCents: 4500 });
  });

  it('money PayPal returns after its pro deleted their account is booked to the platform, moving no balance', async () => {
    const { pro, id, email } = await proWith(2200);
    await outcomeFor(email, 'SUCCESS');
    const made = await call(pro, 'createPayout', { amountCents: 2200, idempotencyKey: randomUUID() });
    await settled(made.body.id, 'paid');
    expect((await call(pro, 'deleteMyAccount', { email: pro.email })).status).toBe(200);
    await paypalControl(`/_local/payouts-item/${(await payoutOf(made.body.id)).itemId}/outcome`, { outcome: 'RETURNED' });
    await settled(made.body.id, 'returned');
    const platform = (await money.ledger('PLATFORM')).filter((e) => e.cause.type === 'payout' && e.cause.payoutId === made.body.id);
    expect(platform.map((e) => [e.kind, e.amountCents])).toEqual([['payout_return', 2200]]);
    const payouts = (await money.ledger('PAYOUTS')).filter((e) => e.cause.type === 'payout' && e.cause.payoutId === made.body.id);
    expect(payouts.reduce((s, e) => s + e.amountCents, 0)).toBe(0);
    expect((await money.ledger(id)).filter((e) => e.kind === 'payout_return')).toEqual([]);
  });

  it('a send PayPal did not answer is sent again by the check, and pays once', async () => {
    const { id, email } = await proWith(1200);
    const providers = await import('../../functions/providers/payments.js');
    const { createPayout } = await import('../../functions/money/payouts.js');
    const { getUser } = await import('../../functions/people/data/users.js');
    const real = providers.payments();
    providers.usePaymentProvider({
      ...real,
      createPayout: async () => {
        throw new providers.PaymentProviderError('PayPal did not answer', 503);
      },
    });
    let payoutId: string;
    try {
      const made = await createPayout((await getUser(id))!, { amountCents: 1200, idempotencyKey: randomUUID() });
      expect(made.status).toBe('sending');
      payoutId = made.id;
    } finally {
      providers.usePaymentProvider(undefined);
    }
    expect(await payoutOf(payoutId)).toMatchObject({ status: 'sending', attempts: 2 });
    const { checkDuePayments } = await import('../../functions/money/payment-checks.js');
    await checkDuePayments(new Date(Date.now() + 5 * 60_000), { payoutId });
    // Sent again, twice: the second send meets PayPal's refusal of a used sender batch id and follows it to the batch.
    const again = await payoutOf(payoutId);
    const repeat = await providers
      .payments()
      .createPayout({ senderBatchId: payoutId, receiver: email, amountCents: 1200, note: 'x', emailSubject: 'x' });
    expect(repeat.batchId).toBe(again.batchId);
    await settled(payoutId, 'paid');
    expect(await expectBooks(id)).toMatchObject({ balanceCents: 0, availableCents: 0 });
  });

  it('an address PayPal refuses at the send fails the payout at once and gives the money back, with an e-mail', async () => {
    // PayPal takes receivers of at most 127 characters: the profile refuses a longer one...
    const long = `${'a'.repeat(128 - '@example.test'.length)}@example.test`;
    expect(long).toHaveLength(128);
    const { pro, id } = await proWith(2000);
    const refused = await call(pro, 'setPayoutAccount', { email: long });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('127');
    // ...and one an earlier version let a pro keep is refused by PayPal itself when sent: final, not retried.
    await setAttributes(stack, { PK: `USER#${id}`, SK: 'PROFILE' }, { payoutEmail: long });
    const since = Date.now();
    const made = await call(pro, 'createPayout', { amountCents: 2000, idempotencyKey: randomUUID() });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ status: 'failed', reason: expect.stringContaining('VALIDATION_ERROR') });
    const stored = await payoutOf(made.body.id);
    expect(stored.checkAt).toBeUndefined();
    expect(await expectBooks(id)).toMatchObject({ balanceCents: 2000, availableCents: 2000 });
    expect((await call(pro, 'getPayoutAccount')).body.openPayoutId).toBeNull();
    await waitForEmail(stack.mailUrl, pro.email, /Payout returned: \$20\.00/, { since });
  });

  it('a send PayPal keeps not answering is tried again less and less often, then counted as stuck and listed, and never given back on a guess', async () => {
    const { pro, id } = await proWith(1500);
    const providers = await import('../../functions/providers/payments.js');
    const { createPayout } = await import('../../functions/money/payouts.js');
    const { PAYOUT_STUCK_ATTEMPTS } = await import('../../functions/money/payout-settlement.js');
    const { checkDuePayments } = await import('../../functions/money/payment-checks.js');
    const { getUser } = await import('../../functions/people/data/users.js');
    const { Metrics } = await import('@aws-lambda-powertools/metrics');
    const real = providers.payments();
    providers.usePaymentProvider({
      ...real,
      createPayout: async () => {
        throw new providers.PaymentProviderError('PayPal could not be reached: timeout');
      },
    });
    const counted = vi.spyOn(Metrics.prototype, 'addMetric');
    let payoutId: string;
    try {
      const made = await createPayout((await getUser(id))!, { amountCents: 1500, idempotencyKey: randomUUID() });
      payoutId = made.id;
      const waits: number[] = [];
      let p = await payoutOf(payoutId);
      while ((p.attempts ?? 1) <= PAYOUT_STUCK_ATTEMPTS) {
        const at = Date.parse(p.checkAt!);
        await checkDuePayments(new Date(at), { payoutId });
        const next = await payoutOf(payoutId);
        waits.push(Date.parse(next.checkAt!) - at);
        p = next;
      }
      expect(p).toMatchObject({ status: 'sending', attempts: PAYOUT_STUCK_ATTEMPTS + 1 });
      // Listed for an admin, with what went wrong last; refused to anyone else.
      const stuck = (await call(admin, 'listStuckPayouts')).body.payouts.find((s: { id: string }) => s.id === payoutId);
      expect(stuck).toMatchObject({ userId: id, status: 'sending', attempts: PAYOUT_STUCK_ATTEMPTS + 1, nextTryAt: p.checkAt });
      expect(stuck.lastError).toContain('timeout');
      expect((await call(pro, 'listStuckPayouts')).status).toBe(403);
      // Each wait twice the last, from a minute, never above an hour.
      expect(waits.slice(0, 3)).toEqual([120_000, 240_000, 480_000]);
      expect(Math.max(...waits)).toBe(3600_000);
      // Counted from the try that reached the limit, for the PayoutsStuck alarm.
      expect(counted.mock.calls.filter(([name]) => name === 'PayoutsStuck')).toEqual([['PayoutsStuck', 'Count', 1]]);
      expect(await expectBooks(id)).toMatchObject({ balanceCents: 0, availableCents: 0 });
    } finally {
      counted.mockRestore();
      providers.usePaymentProvider(undefined);
    }
    // PayPal answers again: the next try pays it, once.
    await checkDuePayments(new Date(Date.now() + 2 * 3600_000), { payoutId });
    await settled(payoutId, 'paid');
    expect(await expectBooks(id)).toMatchObject({ balanceCents: 0, availableCents: 0 });
    expect((await call(admin, 'listStuckPayouts')).body.payouts.some((s: { id: string }) => s.id === payoutId)).toBe(false);
  });

  it('a changed address e-mails the old one and holds payouts for 24 hours', async () => {
    const since = Date.now();
    const { pro, email } = await proWith(2000);
    const changed = await call(pro, 'setPayoutAccount', { email: 'new-address@example.test' });
    expect(changed.body).toMatchObject({ email: 'new-address@example.test', pausedUntil: expect.any(String) });
    expect(Date.parse(changed.body.pausedUntil) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    const mail = await waitForEmail(stack.mailUrl, email, /Your payout address was changed/, { since });
    expect(mail.body.text).toContain('new-address@example.test');
    expect((await call(pro, 'createPayout', { amountCents: 2000 })).body.error.code).toBe('payouts_paused');
    // Each change e-mails the address it replaces: 5 a day.
    for (const n of [3, 4, 5]) expect((await call(pro, 'setPayoutAccount', { email: `change-${n}@example.test` })).status).toBe(200);
    const sixth = await call(pro, 'setPayoutAccount', { email: 'change-6@example.test' });
    expect(sixth).toMatchObject({ status: 429, body: { error: { code: 'rate_limited' } } });
    expect((await call(pro, 'getPayoutAccount')).body.email).toBe('change-5@example.test');
  });

  it('a first address named from a sign-in over 5 minutes old waits a day, and the account is told', async () => {
    const { pro, id } = await proWith(2000, null);
    const { setPayoutAccount } = await import('../../functions/money/payouts.js');
    const { getUser } = await import('../../functions/people/data/users.js');
    const since = Date.now();
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const set = await setPayoutAccount((await getUser(id))!, 'first-address@example.test', tenMinutesAgo);
    expect(Date.parse(set.pausedUntil!) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect((await call(pro, 'createPayout', { amountCents: 2000 })).body.error.code).toBe('payouts_paused');
    const mail = await waitForEmail(stack.mailUrl, pro.email, /A payout address was added to your account/, { since });
    expect(mail.body.text).toContain('first-address@example.test');
  });

  it("an admin holds a pro's payouts with a reason, audited, and releases them", async () => {
    const { pro, id } = await proWith(2000);
    expect((await call(admin, 'holdPayouts', { id, held: true })).status).toBe(400);
    expect((await call(pro, 'holdPayouts', { id, held: true, reason: 'Mine' })).status).toBe(403);
    const held = await call(admin, 'holdPayouts', { id, held: true, reason: 'Checking a chargeback' });
    expect(held.body).toMatchObject({ held: { reason: 'Checking a chargeback' } });
    const refused = await call(pro, 'createPayout', { amountCents: 2000 });
    expect(refused.body.error).toMatchObject({ code: 'payouts_held', message: 'Your payouts are on hold: Checking a chargeback' });
    const audit = await call(admin, 'listAudit', {});
    expect(
      audit.body.entries.find((e: { action: string; targetId: string }) => e.action === 'holdPayouts' && e.targetId === id),
    ).toMatchObject({
      to: 'held: Checking a chargeback',
    });
    expect((await call(admin, 'listUsers', { q: pro.email })).body.users[0].payoutsHeld).toMatchObject({ reason: 'Checking a chargeback' });
    expect((await call(admin, 'holdPayouts', { id, held: false })).body.held).toBeNull();
    const made = await call(pro, 'createPayout', { amountCents: 2000, idempotencyKey: randomUUID() });
    expect(made.status).toBe(200);
    // Admins see everyone's payouts, or one pro's.
    expect((await call(admin, 'listAllPayouts', { userId: id })).body.payouts.map((p: { id: string }) => p.id)).toEqual([made.body.id]);
    expect((await call(admin, 'listAllPayouts', {})).body.payouts.some((p: { id: string }) => p.id === made.body.id)).toBe(true);
    expect((await call(pro, 'listAllPayouts', {})).status).toBe(403);
  });
});
