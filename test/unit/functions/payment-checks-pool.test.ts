/**
 * The scheduled payment check works off what is due CHECK_CONCURRENCY at a time (each waits mostly on
 * PayPal and DynamoDB), and starts nothing once its time is spent: those left stay due for the next run.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const due = vi.hoisted(() => ({ ids: [] as string[], lookMs: 5, looked: [] as string[], inFlight: 0, most: 0 }));
vi.mock('../../../functions/money/data/payments.js', async (original) => ({
  ...(await original<object>()),
  duePayments: async () => due.ids.splice(0),
  getPayment: async (orderId: string) => {
    due.looked.push(orderId);
    due.most = Math.max(due.most, ++due.inFlight);
    await new Promise((r) => setTimeout(r, due.lookMs));
    due.inFlight--;
    return null;
  },
}));

vi.mock('../../../functions/money/data/payouts.js', async (original) => ({ ...(await original<object>()), duePayouts: async () => [] }));

const { checkDuePayments, CHECK_CONCURRENCY } = await import('../../../functions/money/payment-checks.js');

beforeEach(() =>
  Object.assign(due, { ids: Array.from({ length: 60 }, (_, i) => `ORDER${i}`), lookMs: 5, looked: [], inFlight: 0, most: 0 }),
);

describe('the payment check', () => {
  it(`looks at due payments ${CHECK_CONCURRENCY} at a time, never more`, async () => {
    await checkDuePayments(new Date(), undefined, 10_000);
    expect(due.looked).toHaveLength(60);
    expect(CHECK_CONCURRENCY).toBeGreaterThan(1);
    expect(due.most).toBe(CHECK_CONCURRENCY);
  });

  it('starts none once its time is spent, leaving the rest due', async () => {
    due.lookMs = 60;
    await checkDuePayments(new Date(), undefined, 30);
    // The first batch started at once; none after the budget ran out.
    expect(due.looked).toHaveLength(CHECK_CONCURRENCY);
  });
});
