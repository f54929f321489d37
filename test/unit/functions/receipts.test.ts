/**
 * Review receipts (functions/feedback/receipts.ts) apart from the stack: the key's service that does not
 * answer does not hold a delivery back, and a receipt made after the delivery holds only what was delivered.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { receiptPayload, signReceipt, SIGN_WAIT_MS } from '../../../functions/feedback/receipts.js';
import type { ReceiptSigner } from '../../../functions/providers/receipt-signer.js';

const share = {
  id: 's1',
  trackId: 't1',
  trackTitle: 'Song',
  trackDuration: 60,
  sharedWithUserId: 'pro',
  sharedWithName: 'Pat Pro',
  sharedByUserId: 'mus',
  payment: { amountCents: 1500 },
  acceptedAt: '2026-01-01T10:00:00.000Z',
  createdAt: '2026-01-01T09:00:00.000Z',
} as never;
const comment = (id: string, createdAt: string, userId = 'pro') =>
  ({ id, userId, timestamp: 1, text: `Comment ${id}`, tags: [], createdAt }) as never;

afterEach(() => vi.useRealTimers());

describe('a review receipt', () => {
  it('is given up, not waited for, when the key does not answer', async () => {
    vi.useFakeTimers();
    const silent: ReceiptSigner = { keyId: 'k', sign: () => new Promise(() => {}), publicKey: () => new Promise(() => {}) };
    const payload = receiptPayload(share, { comments: [], listening: null }, { criteria: {}, comment: null }, '2026-01-01T11:00:00.000Z');
    const signing = signReceipt(payload, silent);
    await vi.advanceTimersByTimeAsync(SIGN_WAIT_MS);
    expect(await signing).toBeNull();
  });

  it('made after the delivery, holds the comments delivered, not an answer added since', () => {
    const delivered = '2026-01-01T11:00:00.000Z';
    const bundle = {
      comments: [comment('a', '2026-01-01T10:30:00.000Z'), comment('late', '2026-01-02T08:00:00.000Z'), comment('m', delivered, 'mus')],
      listening: { heardSeconds: 50, sessions: 2 },
    } as never;
    const p = receiptPayload(share, bundle, { criteria: { energyImpact: 4 }, comment: 'Good' }, delivered);
    expect(p.comments).toHaveLength(1);
    expect(p).toMatchObject({ secondsHeard: 50, sessions: 2, secondsToDeliver: 3600, paidCents: 1500 });
  });
});
