/**
 * A paid request's deadlines, as kept on it when it was paid (`payment.acceptHours` from payment to
 * accept, then `payment.completeDays` from acceptance to complete: the pro's word): what the musician and
 * the pro see, what the writes that accept or complete it are conditional on, when the pro is reminded,
 * and when the scheduled check expires it and refunds the payment.
 */
import type { PaidTerms, ShareRecord } from './shares.js';

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
/** The pro is e-mailed this long before each deadline. */
export const REMINDER_MS = 24 * HOUR_MS;
const iso = (ms: number) => new Date(ms).toISOString();

type Timed = Pick<ShareRecord, 'status' | 'createdAt' | 'acceptedAt'> & { payment?: PaidTerms | null };

/** When an open paid request runs out of time; null for a free one or one no longer open. */
export function deadlineOf(share: Timed): number | null {
  const terms = share.payment;
  if (!terms) return null;
  if (share.status === 'pending') return Date.parse(share.createdAt) + terms.acceptHours * HOUR_MS;
  // The write that accepts a share sets acceptedAt.
  if (share.status === 'accepted') return Date.parse(share.acceptedAt!) + terms.completeDays * DAY_MS;
  return null;
}

/** By when an open paid request must be accepted or completed, as the musician and the pro see it. */
export function respondBy(share: Timed): string | null {
  const deadline = deadlineOf(share);
  return deadline === null ? null : iso(deadline);
}

/**
 * A paid request's deadlines as conditions on its stored times, for the write that accepts (created after
 * `createdAfter`) or completes it (accepted after `acceptedAfter`): the write itself refuses a late step,
 * whatever the scheduled check has got round to.
 */
export const deadlineCutoffs = (terms: PaidTerms, now = Date.now()) => ({
  createdAfter: iso(now - terms.acceptHours * HOUR_MS),
  acceptedAfter: iso(now - terms.completeDays * DAY_MS),
});

/** The reminder due before the request's current deadline ('accept_reminder' or 'complete_reminder'), and when. */
export function reminderOf(share: Timed): { event: 'accept_reminder' | 'complete_reminder'; at: number } | null {
  const deadline = deadlineOf(share);
  if (deadline === null) return null;
  return { event: share.status === 'pending' ? 'accept_reminder' : 'complete_reminder', at: deadline - REMINDER_MS };
}
