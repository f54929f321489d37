/**
 * A review in the making, private to its reviewer until Submit: the proof of listening the player reports,
 * and the draft of scores, general comment and comment box saved as they type.
 */
import { randomUUID } from 'node:crypto';
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
import * as shares from './data/shares.js';
import type { DraftRecord, ListeningRecord, ShareBundle, ShareRecord } from './data/shares.js';
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

const clockText = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

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

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The listening clock moved on to `now`: the silence since the last sign of life counts up to
 * LISTENING.clockGapSeconds. Listening recorded before the clock keeps what it holds (its claims were
 * measured from the first report), as if heard at the fastest believed speed.
 */
function ticked(current: ListeningRecord | null, now: number): { clockSeconds: number; tickAt: string } {
  if (!current) return { clockSeconds: 0, tickAt: iso(now) };
  const clock = current.clockSeconds ?? current.heardSeconds / LISTENING.maxSpeed;
  const silence = Math.max(0, (now - Date.parse(current.tickAt ?? current.lastAt)) / 1000);
  return { clockSeconds: clock + Math.min(silence, LISTENING.clockGapSeconds), tickAt: iso(now) };
}

const nothingHeard = (share: ShareRecord, now: number): ListeningRecord => ({
  heard: encodeHeard(emptyHeard(share.trackDuration)),
  heardSeconds: 0,
  startedAt: iso(now),
  lastAt: iso(now),
  sessions: 0,
  recentSessions: [],
  version: 0,
});

/**
 * Writes the listening as `change` makes it from the record as it stands (null: nothing to write), retrying
 * when another write got there first.
 */
async function mergeListening(
  share: ShareRecord,
  read: ListeningRecord | null,
  change: (current: ListeningRecord | null, now: number) => ListeningRecord | null,
): Promise<ListeningRecord | null> {
  let current = read;
  for (let attempt = 1; attempt <= MERGE_ATTEMPTS; attempt++) {
    const next = change(current, Date.now());
    if (!next) return current;
    const result = await shares.putListening(share.id, next, { closed: NOT_IN_REVIEW });
    if (result === 'written') return next;
    if (result === 'closed') return refusedBy(share.id);
    current = await shares.readListening(share.id);
  }
  throw new Conflict('Listening is being reported from elsewhere at the same moment. Please try again.', 'busy');
}

/**
 * Records a new listening session of the reviewer's (feedback/listening-sessions.ts gives it with the audio):
 * only a session recorded here may report, and the time since the last sign of life counts on the clock.
 */
export async function openListeningSession(userId: string, shareId: string): Promise<{ share: ShareRecord; session: string }> {
  const { share, listening } = await reviewing(userId, shareId);
  const session = randomUUID();
  await mergeListening(share, listening, (current, now) => ({
    ...(current ?? nothingHeard(share, now)),
    ...ticked(current, now),
    issued: [{ id: session, at: iso(now) }, ...(current?.issued ?? [])].slice(0, RECENT_SESSIONS),
    version: (current?.version ?? 0) + 1,
  }));
  return { share, session };
}

/**
 * Merges what one of the reviewer's listening sessions heard into the share's listening: the seconds
 * (clipped to the track, one bit each, so the item stays bounded), the sessions. A claim of more than the
 * listening clock allows (at up to LISTENING.maxSpeed, with LISTENING.slackSeconds of lead) is refused
 * whole, its clock kept: the player sends all it heard each time, so a refused report loses nothing true.
 */
export async function reportListening(
  userId: string,
  input: { id: string; session: string; ranges: [number, number][] },
): Promise<ListeningView> {
  const { share, listening } = await reviewing(userId, input.id);
  const duration = share.trackDuration;
  if (!listening?.issued?.some((s) => s.id === input.session)) {
    count('ListeningRefused');
    throw new Conflict('This player is not listening in a session Snip gave: reload the page to go on.', 'listening_session_unknown');
  }
  let refused = null as Conflict | null;
  const written = await mergeListening(share, listening, (current, now) => {
    refused = null;
    const was = current ?? listening;
    const heard = decodeHeard(was.heard, duration);
    markHeard(heard, input.ranges, duration);
    const heardSeconds = countHeard(heard);
    const known = was.recentSessions.includes(input.session);
    // Nothing new: no write (the player reports on a timer, paused or not).
    if (known && heardSeconds === was.heardSeconds) return null;
    const clock = ticked(was, now);
    if (heardSeconds > LISTENING.maxSpeed * clock.clockSeconds + LISTENING.slackSeconds) {
      refused = new Conflict(
        `This reports ${clockText(heardSeconds)} heard, more than the ${clockText(clock.clockSeconds)} you have been listening allows.`,
        'listening_implausible',
      );
      // The time still counts: a player that fell behind catches up with its next reports.
      return { ...was, ...clock, version: was.version + 1 };
    }
    return {
      ...was,
      ...clock,
      heard: encodeHeard(heard),
      heardSeconds,
      lastAt: iso(now),
      sessions: was.sessions + (known ? 0 : 1),
      recentSessions: [input.session, ...was.recentSessions.filter((s) => s !== input.session)].slice(0, RECENT_SESSIONS),
      version: was.version + 1,
    };
  });
  if (refused) {
    count('ListeningRefused');
    throw refused;
  }
  return toListeningView(share, written);
}

export const toDraftView = (d: DraftRecord): DraftView => ({
  criteria: d.criteria,
  comment: d.comment,
  note: d.note,
  ...(d.noteAt ? { noteAt: d.noteAt } : {}),
  savedAt: d.savedAt,
});

/** Saves the reviewer's draft (scores, general comment, what is typed in the comment box): the last save wins. */
export async function saveDraft(
  userId: string,
  input: { id: string; criteria: Record<string, number | undefined>; comment: string; note: string; noteAt?: DraftRecord['noteAt'] },
): Promise<DraftView> {
  const { share } = await reviewing(userId, input.id);
  const criteria = Object.fromEntries(Object.entries(input.criteria).filter(([, v]) => v != null)) as Record<string, number>;
  const { comment, note, noteAt } = input;
  const draft: DraftRecord = { criteria, comment, note, ...(noteAt ? { noteAt } : {}), savedAt: new Date().toISOString() };
  if (!(await shares.putDraft(share.id, draft, { closed: NOT_IN_REVIEW }))) return refusedBy(share.id);
  return toDraftView(draft);
}

/** A paid review's reviewer comments only on what they heard: a comment on a second not yet heard is refused. */
export function assertHeard(bundle: ShareBundle, userId: string, timestamp: number | null | undefined): void {
  const { share } = bundle;
  if (!share.payment || userId !== share.sharedWithUserId || share.status !== 'accepted' || timestamp == null) return;
  if (heardAt(heardOf(bundle), timestamp)) return;
  throw new Conflict(
    `Listen to ${clockText(timestamp)} before commenting on it: a paid review's comments sit on moments you heard.`,
    'not_heard',
  );
}
