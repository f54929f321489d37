/**
 * The books for admins on the local stack: each month's money from the ledger's month index, the whole
 * ledger summing to zero (every movement has its two sides), and the ledger between two days as CSV,
 * with text a spreadsheet would run made inert.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { callerOn, createConfirmedUser, flows, money, type TestUser, useStackEnvironment } from '../support/stack-kit.js';

const stack = inject('stack');
const PRICE = 3000;
let admin: TestUser;

const call = callerOn(stack);

beforeAll(async () => {
  useStackEnvironment(stack);
  admin = await flows.testAdmin(stack);
});

describe('the books', () => {
  it("show this month's money, every month summing to zero, and export the ledger as CSV", async () => {
    const pro = await createConfirmedUser(stack, { fullName: 'Bo Books' });
    const proId = await flows.onboard(stack, pro, 'pro');
    await money.setPrice(stack, proId, PRICE);
    const { user } = await flows.onboardedUser(stack, 'musician', { fullName: 'Mo Books' });
    const before = (await call(admin, 'getBooks', { months: 1 })).body.months[0];
    // A title a spreadsheet would run as a formula.
    const { orderId } = await money.paidRequest(
      stack,
      user,
      { id: proId, priceCents: PRICE },
      `=HYPERLINK("x") ${randomUUID().slice(0, 4)}`,
    );

    const books = await call(admin, 'getBooks', { months: 3 });
    expect(books.status).toBe(200);
    expect(books.body.months).toHaveLength(3);
    const now = books.body.months[0];
    expect(now.month).toBe(new Date().toISOString().slice(0, 7));
    // At least this payment's (other tests move money at the same time).
    expect(now.chargedCents - before.chargedCents).toBeGreaterThanOrEqual(PRICE);
    expect(now.feesCents - before.feesCents).toBeGreaterThanOrEqual(600);
    expect(now.entries - before.entries).toBeGreaterThanOrEqual(3);
    // This payment's earning, not delivered yet, is pending.
    expect(now.earnings.pendingCents - before.earnings.pendingCents).toBeGreaterThanOrEqual(2400);
    // Every movement has its two sides: each month, and so the whole ledger, sums to zero.
    for (const m of books.body.months) expect(m.sumCents, m.month).toBe(0);
    expect(books.body.openReports).toEqual(expect.any(Number));
    expect((await call(user, 'getBooks')).status).toBe(403);
    expect((await call(admin, 'getBooks', { months: 99 })).status).toBe(400);

    const today = new Date().toISOString().slice(0, 10);
    const exported = await call(admin, 'exportLedger', { from: today, to: today });
    expect(exported.status).toBe(200);
    expect(exported.body.filename).toBe(`snip-ledger-${today}-to-${today}.csv`);
    const lines = (exported.body.csv as string).trim().split('\r\n');
    expect(lines[0]).toBe('created_at,entry_id,account,kind,amount_cents,currency,description,cause,reference,share_id');
    expect(lines).toHaveLength(exported.body.rows + 1);
    const mine = lines.filter((l) => l.includes(`${orderId}:`));
    expect(mine.map((l) => l.split(',')[3]).sort()).toEqual(['charge', 'earning', 'fee']);
    const charge = mine.find((l) => l.split(',')[3] === 'charge')!;
    expect(charge.split(',')[4]).toBe(String(-PRICE));
    // The description starts with text, never a formula.
    expect(charge).toContain('"Paid for feedback on ""=HYPERLINK(""x"")');
    expect((await call(admin, 'exportLedger', { from: '2025-01-01', to: '2026-12-31' })).status).toBe(400);
    expect((await call(admin, 'exportLedger', { from: today, to: '2020-01-01' })).status).toBe(400);
  });
});

describe('the reconciliation with PayPal', () => {
  it("finds a movement only PayPal has, finds this test's payment on both sides, and shows the run on the books", async () => {
    const pro = await createConfirmedUser(stack, { fullName: 'Rex Reconciled' });
    const proId = await flows.onboard(stack, pro, 'pro');
    await money.setPrice(stack, proId, PRICE);
    const { user } = await flows.onboardedUser(stack, 'musician', { fullName: 'Mo Reconciled' });
    const { orderId } = await money.paidRequest(stack, user, { id: proId, priceCents: PRICE }, 'Reconciled');
    const { captureId } = await money.payment(orderId);
    // A capture PayPal has that the ledger does not: planted an hour and a half ago, inside the run's window.
    const res = await fetch(new URL('/_local/transactions', stack.paypalUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        transaction_event_code: 'T0006',
        amount: { value: '12.34', currency_code: 'USD' },
        transaction_initiation_date: new Date(Date.now() - 90 * 60_000).toISOString(),
      }),
    });
    expect(res.status).toBe(201);
    const planted = ((await res.json()) as { transaction_info: { transaction_id: string } }).transaction_info.transaction_id;

    const { reconcile } = await import('../../functions/money/reconciliation.js');
    // Run as if two hours from now, so that this test's payment is inside the window too.
    const run = await reconcile(new Date(Date.now() + 2 * 3600_000));
    expect(run.differences).toContainEqual(
      expect.objectContaining({ kind: 'missing_in_ledger', id: planted, what: 'T0006', paypalCents: 1234 }),
    );
    expect(run.differences.map((d) => d.id)).not.toContain(captureId);
    const books = await call(admin, 'getBooks', { months: 1 });
    expect(books.body.reconciliation).toMatchObject({ ranAt: run.ranAt });
    expect(books.body.reconciliation.differences).toContainEqual(expect.objectContaining({ id: planted }));
  });

  it('runs once a day, after 03:00 UTC', async () => {
    const { reconcileDaily } = await import('../../functions/money/reconciliation.js');
    // A day far ahead, of this test's own.
    const day = new Date(Date.UTC(2031, 0, 1 + Math.floor(Math.random() * 300)));
    expect(await reconcileDaily(new Date(day.getTime() + 2 * 3600_000))).toBeNull();
    const first = await reconcileDaily(new Date(day.getTime() + 4 * 3600_000));
    expect(first?.ranAt).toBe(new Date(day.getTime() + 4 * 3600_000).toISOString());
    expect(await reconcileDaily(new Date(day.getTime() + 5 * 3600_000))).toBeNull();
  });

  it('takes a day whose run failed again once its claim is stale, and keeps the result with the day', async () => {
    const { reconcileDaily, RECONCILE_CLAIM_MS } = await import('../../functions/money/reconciliation.js');
    const { reconciliationRun } = await import('../../functions/money/data/reconciliations.js');
    const { payments } = await import('../../functions/providers/payments.js');
    const day = new Date(Date.UTC(2032, 0, 1 + Math.floor(Math.random() * 300)));
    const at = (ms: number) => new Date(day.getTime() + 4 * 3600_000 + ms);
    const dayKey = day.toISOString().slice(0, 10);
    // PayPal's search fails: the run fails, the day stays claimed and unfinished.
    const search = vi.spyOn(payments(), 'searchTransactions').mockRejectedValueOnce(new Error('PayPal is down'));
    await expect(reconcileDaily(at(0))).rejects.toThrow('PayPal is down');
    expect(await reconciliationRun(dayKey)).toMatchObject({ attempts: 1 });
    expect((await reconciliationRun(dayKey))?.finishedAt).toBeUndefined();
    // While the claim is fresh, nobody runs it twice.
    expect(await reconcileDaily(at(RECONCILE_CLAIM_MS - 60_000))).toBeNull();
    // Once stale, the same day runs again, and the day keeps what it found.
    const again = await reconcileDaily(at(RECONCILE_CLAIM_MS + 60_000));
    expect(again?.ranAt).toBe(at(RECONCILE_CLAIM_MS + 60_000).toISOString());
    expect(await reconciliationRun(dayKey)).toMatchObject({
      attempts: 2,
      finishedAt: again!.ranAt,
      compared: again!.compared,
      differences: again!.differences.length,
    });
    expect(await reconcileDaily(at(3 * RECONCILE_CLAIM_MS))).toBeNull();
    search.mockRestore();
  });
});
