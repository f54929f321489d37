/**
 * Reputation kept up to date one event at a time (no scan, no recount): a review delivered (in time or
 * not, and how long it took), a rating of it, a paid request that ran out of time. Each event is an item
 * written in the transaction of what it records (people/data/pro-listing.ts ReputationEvent), then applied to the
 * reviewer's listing, on condition that the listing is still as read, in a transaction that deletes the event:
 * so it counts once. An application that fails (the table's trouble, a lost answer) is logged, never the
 * user's error, and the scheduled job applies what is left a minute later (applyDueReputation).
 */
import { PAID_REQUEST } from '../../shared/money.js';
import { REPUTATION, type ReputationFigures } from '../../shared/reputation.js';
import {
  applyToListing,
  dueReputationEvents,
  emptyListing,
  getListing,
  median,
  putReputationEvent,
  reputationEventPut,
  type ListingRecord,
  type PendingReputationEvent,
  type ReputationEvent,
} from './data/pro-listing.js';
import { type ShareRecord, DAY_MS, HOUR_MS } from '../feedback/data/index.js';
import { count, log } from '../lib/observability.js';

const ATTEMPTS = 4;
/** An event waits this long for its own application before the job applies it. */
const JOB_AFTER_MS = 60_000;
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

/** One request due on `day`, delivered in time or not; days past the window are dropped. */
function countDue(l: ListingRecord, at: number, inTime: boolean) {
  const day = dayOf(at);
  const [t, d] = l.onTime[day] ?? [0, 0];
  l.onTime[day] = [t + (inTime ? 1 : 0), d + 1];
  const since = dayOf(at - REPUTATION.onTimeDays * DAY_MS);
  for (const key of Object.keys(l.onTime)) if (key <= since) delete l.onTime[key];
}

/** What an event changes on the listing. */
function change(l: ListingRecord, e: ReputationEvent) {
  if (e.kind === 'review') {
    l.completed += 1;
    l.turnarounds = [e.hours, ...l.turnarounds].slice(0, REPUTATION.turnaroundsKept);
    countDue(l, Date.parse(e.at), e.inTime);
  } else if (e.kind === 'rating') {
    l.ratingSum += e.rating;
    l.ratingCount += 1;
  } else countDue(l, Date.parse(e.at), false);
}

/**
 * Applies an event to the reviewer's listing as it stands (`read`, when read ahead), again from a fresh read
 * should another change land first. A failure is logged and left to the job (the event stays).
 */
async function apply(p: PendingReputationEvent, read?: Promise<Found | undefined>): Promise<void> {
  try {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const ahead = attempt === 1 && read ? await read : undefined;
      const found = ahead === undefined ? await getListing(p.userId) : ahead;
      const next = structuredClone(found ?? emptyListing(p.userId));
      change(next, p.event);
      next.version = (found?.version ?? 0) + 1;
      if ((await applyToListing(next, found?.listed ?? false, p)) !== 'changed') return;
    }
    throw new Error('the listing kept changing');
  } catch (err) {
    log.error('Reputation not updated yet: the job applies it', err, { userId: p.userId, event: p.event.kind, shareId: p.event.shareId });
  }
}

/**
 * A review delivered: one more completed, its turnaround (request to review) among the latest, and in time
 * if within the days promised from acceptance (a paid request's own terms; a free one, the default week).
 * For the completion's transaction: the event's item; then `recorded` applies it.
 */
export function reviewEvent(share: ShareRecord, completedAt: string): ReputationEvent {
  const at = Date.parse(completedAt);
  const days = share.payment?.completeDays ?? PAID_REQUEST.defaultCompleteDays;
  const inTime = at <= Date.parse(share.acceptedAt ?? share.createdAt) + days * DAY_MS;
  const hours = Math.round(((at - Date.parse(share.createdAt)) / HOUR_MS) * 10) / 10;
  return { kind: 'review', shareId: share.id, at: completedAt, inTime, hours };
}

/** The musician's rating of a review. */
export const ratingEvent = (shareId: string, rating: number): ReputationEvent => ({ kind: 'rating', shareId, rating });

/** The event's item for the transaction of what it records. */
export const reputationWrite = (reviewerId: string, event: ReputationEvent, at: string) => reputationEventPut(reviewerId, event, at);

/** Applies an event written with what it records. */
export const recorded = (reviewerId: string, event: ReputationEvent, read?: Promise<Found | undefined>) =>
  apply({ userId: reviewerId, event }, read);

/** A paid request that ran out of time, to accept or to complete: due, and not delivered (its event written after the expiry, then applied). */
export async function recordMissed(reviewerId: string, shareId: string, at = Date.now()): Promise<void> {
  const event: ReputationEvent = { kind: 'missed', shareId, at: new Date(at).toISOString() };
  try {
    await putReputationEvent(reviewerId, event, event.at);
  } catch (err) {
    log.error('Missed deadline not recorded', err, { userId: reviewerId, shareId });
    return;
  }
  await apply({ userId: reviewerId, event });
}

/** The job: applies every event that waited more than a minute (its own application failed). */
export async function applyDueReputation(now = new Date()): Promise<number> {
  const due = await dueReputationEvents(new Date(now.getTime() - JOB_AFTER_MS).toISOString());
  for (const p of due) await apply(p);
  if (due.length) count('ReputationRepaired', due.length);
  return due.length;
}
