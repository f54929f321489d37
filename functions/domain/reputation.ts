/**
 * Reputation kept up to date one event at a time (no scan, no recount): a review delivered (in time or
 * not, and how long it took), a rating of it, a paid request that ran out of time. Each is a change of the
 * reviewer's listing (data/pro-listing.ts) made on condition that it is still as read. It follows the
 * action it describes: a failure to record it is logged and counted, never the user's error.
 */
import { PAID_REQUEST } from '../../shared/money.js';
import { REPUTATION, type ReputationFigures } from '../../shared/reputation.js';
import { emptyListing, getListing, median, putListing, type ListingRecord } from '../data/pro-listing.js';
import type { ShareRecord } from '../data/shares.js';
import { log } from '../lib/observability.js';
import { DAY_MS, HOUR_MS } from './paid-deadlines.js';

const ATTEMPTS = 4;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function toFigures(l: ListingRecord | null | undefined, now = Date.now()): ReputationFigures {
  const r = l ?? emptyListing('');
  const since = dayOf(now - REPUTATION.onTimeDays * DAY_MS);
  const recent = Object.entries(r.onTime).filter(([day]) => day > since);
  const due = recent.reduce((n, [, [, d]]) => n + d, 0);
  const onTime = recent.reduce((n, [, [t]]) => n + t, 0);
  const turnaround = median(r.turnarounds);
  return {
    rating: r.ratingCount ? Math.round((r.ratingSum / r.ratingCount) * 10) / 10 : null,
    ratings: r.ratingCount,
    onTimeRate: due ? onTime / due : null,
    medianTurnaroundHours: turnaround === null ? null : Math.round(turnaround * 10) / 10,
    completed: r.completed,
  };
}

/** A reviewer's reputation as it stands. */
export const reputationOf = async (userId: string) => toFigures(await getListing(userId));

type Found = Awaited<ReturnType<typeof getListing>>;

/**
 * The reviewer's listing read ahead, beside the write an event follows, so that recording it costs one
 * round trip after that write (a failed read is read again when it is used).
 */
export const readAhead = (userId: string): Promise<Found | undefined> => getListing(userId).catch(() => undefined);

/**
 * Applies `change` to the reviewer's listing as it stands (`read`, when read ahead), again from a fresh
 * read should another change land first.
 */
async function update(userId: string, change: (l: ListingRecord) => void, what: string, read?: Promise<Found | undefined>): Promise<void> {
  try {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const ahead = attempt === 1 && read ? await read : undefined;
      const found = ahead === undefined ? await getListing(userId) : ahead;
      const next = structuredClone(found ?? emptyListing(userId));
      change(next);
      next.version = (found?.version ?? 0) + 1;
      if (await putListing(next, found?.listed ?? false)) return;
    }
    throw new Error('the listing kept changing');
  } catch (err) {
    log.error('Reputation not updated', err, { userId, what });
  }
}

/** One request due on `day`, delivered in time or not; days past the window are dropped. */
function countDue(l: ListingRecord, at: number, inTime: boolean) {
  const day = dayOf(at);
  const [t, d] = l.onTime[day] ?? [0, 0];
  l.onTime[day] = [t + (inTime ? 1 : 0), d + 1];
  const since = dayOf(at - REPUTATION.onTimeDays * DAY_MS);
  for (const key of Object.keys(l.onTime)) if (key <= since) delete l.onTime[key];
}

/**
 * A review delivered: one more completed, its turnaround (request to review) among the latest, and in time
 * if within the days promised from acceptance (a paid request's own terms; a free one, the default week).
 */
export function recordReview(share: ShareRecord, completedAt: string, read?: Promise<Found | undefined>): Promise<void> {
  const at = Date.parse(completedAt);
  const days = share.payment?.completeDays ?? PAID_REQUEST.defaultCompleteDays;
  const inTime = at <= Date.parse(share.acceptedAt ?? share.createdAt) + days * DAY_MS;
  const hours = (at - Date.parse(share.createdAt)) / HOUR_MS;
  return update(
    share.sharedWithUserId,
    (l) => {
      l.completed += 1;
      l.turnarounds = [Math.round(hours * 10) / 10, ...l.turnarounds].slice(0, REPUTATION.turnaroundsKept);
      countDue(l, at, inTime);
    },
    'review',
    read,
  );
}

/** The musician's rating of a review. */
export const recordRating = (reviewerId: string, rating: number, read?: Promise<Found | undefined>) =>
  update(
    reviewerId,
    (l) => {
      l.ratingSum += rating;
      l.ratingCount += 1;
    },
    'rating',
    read,
  );

/** A paid request that ran out of time, to accept or to complete: due, and not delivered. */
export const recordMissed = (reviewerId: string, at = Date.now()) => update(reviewerId, (l) => countDue(l, at, false), 'missed');
