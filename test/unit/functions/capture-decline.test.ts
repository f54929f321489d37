/**
 * A capture PayPal calls unapproved, while the webhook notes a decline of the same order: the payer is told
 * of the decline when it is noted by the second look (after a short wait), and told the order is not
 * approved when no decline comes. The provider and the payment's record are stand-ins.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const PAYER = { id: 'payer-1' };
/** The payment's record as each read finds it; the last one is repeated. */
let reads: Record<string, unknown>[];
let readCount: number;
const readTimes: number[] = [];

vi.mock('../../../functions/money/data/payments.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getPayment: async () => {
    readTimes.push(Date.now());
    const record = reads[Math.min(readCount++, reads.length - 1)];
    return { record, requestHash: 'h' };
  },
  noteDecline: async () => {},
}));
// The payer's limits are counted in the table: not what is tested here.
vi.mock('../../../functions/platform/rate-limits.js', () => ({ enforceRateLimits: async () => {} }));
vi.mock('../../../functions/platform/data/settings.js', () => ({ getSettings: async () => ({ id: 1, margin: 0.2, updatedAt: null }) }));
vi.mock('../../../functions/providers/payments.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  payments: () => ({ captureOrder: async () => ({ kind: 'not_approved' }) }),
}));

// The payment's moves (a decline or an unapproved answer noted) are recorded here, not written.
const moves: string[] = [];
vi.mock('../../../functions/money/payment-settlement.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  step: async (_p: unknown, e: { type: string }) => {
    moves.push(e.type);
    return { kind: 'moved' };
  },
}));

const { captureOrder } = await import('../../../functions/money/payments.js');

const pending = { orderId: 'ORDER1', payerId: PAYER.id, status: 'pending' };

beforeEach(() => {
  moves.length = 0;
  readCount = 0;
  readTimes.length = 0;
});

describe('a capture PayPal calls unapproved', () => {
  it('is a decline when the webhook notes one by the second look', async () => {
    // The first read (with the margin), then the first look: no decline yet; the second look finds it.
    reads = [pending, pending, { ...pending, declinedAt: new Date().toISOString() }];
    await expect(captureOrder(PAYER as never, 'ORDER1')).rejects.toMatchObject({ code: 'payment_declined' });
    expect(readCount).toBe(3);
    // The second look waited for the webhook's write.
    expect(readTimes[2] - readTimes[1]).toBeGreaterThanOrEqual(200);
  });

  it('is a decline at once when the first read already had one', async () => {
    reads = [{ ...pending, declinedAt: new Date().toISOString() }];
    await expect(captureOrder(PAYER as never, 'ORDER1')).rejects.toMatchObject({ code: 'payment_declined' });
    expect(readCount).toBe(1);
  });

  it('is not approved when no decline is noted', async () => {
    reads = [pending];
    await expect(captureOrder(PAYER as never, 'ORDER1')).rejects.toMatchObject({ code: 'payment_not_approved' });
    expect(readCount).toBe(3);
    // Noted, so that the next capture for a few seconds is answered without asking PayPal.
    expect(moves).toEqual(['capture_unapproved']);
  });
});
