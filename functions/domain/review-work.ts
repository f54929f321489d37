/**
 * A review in the making, private to its reviewer until Submit: the proof of listening the player reports,
 * and the draft of scores, general comment and comment box saved as they type.
 */
import { CLOSED_STATUSES, type ShareStatus } from '../../shared/feedback.js';
import {
  LISTENING,
  countHeard,
  decodeHeard,
  emptyHeard,
  encodeHeard,
  heardAt,
  markHeard,
  requiredHeardSeconds,
} from '../../shared/review.js';
import type { DraftView, ListeningView } from '../../shared/schemas/shares.js';
import * as shares from '../data/shares.js';
import type { DraftRecord, ListeningRecord, ShareBundle, ShareRecord } from '../data/shares.js';
import { Conflict, Forbidden, NotFound } from '../lib/errors.js';
import { count } from '../lib/observability.js';
import { NOT_ACCEPTED, bundleFor } from './share-bundle.js';

/** Listening and drafts are written only while the review is being written. */
const NOT_IN_REVIEW: ShareStatus[] = [...CLOSED_STATUSES, 'pending', 'completed'];
const RECENT_SESSIONS = 8;
const MERGE_ATTEMPTS = 4;

export const toListeningView = (share: ShareRecord, l: ListeningRecord | null): ListeningView => ({
  heard: l?.heard ?? encodeHeard(emptyHeard(share.trackDuration)),
  heardSeconds: l?.heardSeconds ?? 0,
  sessions: l?.sessions ?? 0,
  requiredSeconds: share.payment ? requiredHeardSeconds(share.trackDuration) : 0,
});

export const heardOf = (b: Pick<ShareBundle, 'share' | 'listening'>) =>
  b.listening ? decodeHeard(b.listening.heard, b.share.trackDuration) : emptyHeard(b.share.trackDuration);

const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

/** Why the reviewer cannot work on the share now. */
function notInReview(share: ShareRecord): Conflict {
  if (share.status === 'pending') return new Conflict(NOT_ACCEPTED, 'not_accepted');
  if (share.status === 'completed') return new Conflict('This feedback is submitted and cannot be changed', 'completed');
  return new Conflict(`This request is ${share.status}`, share.status);
}

async function reviewing(userId: string, shareId: string): Promise<ShareBundle> {
  const bundle = await bundleFor(userId, shareId);
  if (bundle.share.sharedWithUserId !== userId) throw new Forbidden('Only the reviewer of this request can do this');
  if (bundle.share.status !== 'accepted') throw notInReview(bundle.share);
  return bundle;
}

/** The share read again after a write it refused. */
async function refusedBy(shareId: string): Promise<never> {
  const now = await shares.readShare(shareId);
  if (!now) throw new NotFound('Feedback request not found');
  if (now.deleting) throw new Conflict('This feedback request is being deleted with its track', 'deleting');
  throw notInReview(now.record);
}

/**
 * Merges what the reviewer's player heard into the share's listening: the seconds (clipped to the track,
 * one bit each, so the item stays bounded), the sessions. A claim of more than the clock allows since the
 * first report (at up to LISTENING.maxSpeed, with LISTENING.slackSeconds of lead) is refused whole: the
 * player sends all it heard each time, so a refused report loses nothing true.
 */
export async function reportListening(
  userId: string,
  input: { id: string; session: string; ranges: [number, number][] },
): Promise<ListeningView> {
  const { share, listening } = await reviewing(userId, input.id);
  const duration = share.trackDuration;
  let current = listening;
  for (let attempt = 1; attempt <= MERGE_ATTEMPTS; attempt++) {
    const now = Date.now();
    const heard = current ? decodeHeard(current.heard, duration) : emptyHeard(duration);
    markHeard(heard, input.ranges, duration);
    const heardSeconds = countHeard(heard);
    const startedAt = current?.startedAt ?? new Date(now).toISOString();
    const elapsed = (now - Date.parse(startedAt)) / 1000;
    if (heardSeconds > LISTENING.maxSpeed * elapsed + LISTENING.slackSeconds) {
      count('ListeningRefused');
      throw new Conflict(
        `This reports ${clock(heardSeconds)} heard, more than the ${clock(elapsed)} since you started listening allows.`,
        'listening_implausible',
      );
    }
    const known = current?.recentSessions.includes(input.session) ?? false;
    // Nothing new: no write (the player reports on a timer, paused or not).
    if (current && known && heardSeconds === current.heardSeconds) return toListeningView(share, current);
    const next: ListeningRecord = {
      heard: encodeHeard(heard),
      heardSeconds,
      startedAt,
      lastAt: new Date(now).toISOString(),
      sessions: (current?.sessions ?? 0) + (known ? 0 : 1),
      recentSessions: [input.session, ...(current?.recentSessions ?? []).filter((s) => s !== input.session)].slice(0, RECENT_SESSIONS),
      version: (current?.version ?? 0) + 1,
    };
    const result = await shares.putListening(share.id, next, { closed: NOT_IN_REVIEW });
    if (result === 'written') return toListeningView(share, next);
    if (result === 'closed') return refusedBy(share.id);
    current = await shares.readListening(share.id);
  }
  throw new Conflict('Listening is being reported from elsewhere at the same moment. Please try again.', 'busy');
}

export const toDraftView = (d: DraftRecord): DraftView => ({ criteria: d.criteria, comment: d.comment, note: d.note, savedAt: d.savedAt });

/** Saves the reviewer's draft (scores, general comment, what is typed in the comment box): the last save wins. */
export async function saveDraft(
  userId: string,
  input: { id: string; criteria: Record<string, number | undefined>; comment: string; note: string },
): Promise<DraftView> {
  const { share } = await reviewing(userId, input.id);
  const criteria = Object.fromEntries(Object.entries(input.criteria).filter(([, v]) => v != null)) as Record<string, number>;
  const draft: DraftRecord = { criteria, comment: input.comment, note: input.note, savedAt: new Date().toISOString() };
  if (!(await shares.putDraft(share.id, draft, { closed: NOT_IN_REVIEW }))) return refusedBy(share.id);
  return toDraftView(draft);
}

/** A paid review's reviewer comments only on what they heard: a comment on a second not yet heard is refused. */
export function assertHeard(bundle: ShareBundle, userId: string, timestamp: number | null | undefined): void {
  const { share } = bundle;
  if (!share.payment || userId !== share.sharedWithUserId || share.status !== 'accepted' || timestamp == null) return;
  if (heardAt(heardOf(bundle), timestamp)) return;
  throw new Conflict(
    `Listen to ${clock(timestamp)} before commenting on it: a paid review's comments sit on moments you heard.`,
    'not_heard',
  );
}
