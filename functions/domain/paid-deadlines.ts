/**
 * A paid request's deadlines (the spec's 7 days to accept, then 14 to complete): what the musician and
 * the pro see, what the writes that accept or complete it are conditional on, and when the scheduled
 * check expires it and refunds the payment.
 */
import { PAID_REQUEST_DAYS } from '../../shared/money.js';
import type { ShareRecord } from '../data/shares.js';

export const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** When an open paid request runs out of time: 7 days to accept, then 14 to complete. */
export function deadlineOf(share: Pick<ShareRecord, 'status' | 'createdAt' | 'acceptedAt'>): number | null {
  if (share.status === 'pending') return Date.parse(share.createdAt) + PAID_REQUEST_DAYS.accept * DAY_MS;
  // The write that accepts a share sets acceptedAt.
  if (share.status === 'accepted') return Date.parse(share.acceptedAt!) + PAID_REQUEST_DAYS.complete * DAY_MS;
  return null;
}

/** By when an open paid request must be accepted or completed, as the musician and the pro see it. */
export function respondBy(share: Pick<ShareRecord, 'status' | 'createdAt' | 'acceptedAt'>): string | null {
  const deadline = deadlineOf(share);
  return deadline === null ? null : iso(deadline);
}

/**
 * A paid request's deadlines as conditions on its stored times, for the write that accepts (created after
 * `createdAfter`) or completes it (accepted after `acceptedAfter`): the write itself refuses a late step,
 * whatever the scheduled check has got round to.
 */
export const deadlineCutoffs = (now = Date.now()) => ({
  createdAfter: iso(now - PAID_REQUEST_DAYS.accept * DAY_MS),
  acceptedAfter: iso(now - PAID_REQUEST_DAYS.complete * DAY_MS),
});
