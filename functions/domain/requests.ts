/**
 * What makes a request for feedback, free or paid: who it is between (checked), the share record it
 * creates, and the ids and hashes that let a retried request find what the first one wrote. Both the
 * sharing use cases (shares.ts) and paid requests (payments.ts) build on these.
 */
import { createHash } from 'node:crypto';
import type { ShareOptions } from '../../shared/schemas/shares.js';
import type { ShareRecord } from '../data/shares.js';
import { getTrack, type TrackRecord } from '../data/tracks.js';
import { getUser, type UserRecord } from '../data/users.js';
import { BadRequest, Conflict, Forbidden, NotFound } from '../lib/errors.js';
import { trackStatus } from './track-status.js';
import { reportSummary } from './stored-report.js';
import { versionedTitle } from '../../shared/track-version.js';

/**
 * A request with an idempotency key names its item by (user, key): the id is derived from them, and the
 * item is written only if absent, in the same transaction as everything else the request writes. So the
 * database itself dedupes a double click or a retry, with no window between a separate idempotency
 * record and the write it protects (why Powertools' idempotency utility is not used: docs/data-model.md).
 * A UUID (version 8, 'custom') so that it passes as any other id.
 */
export function idFromKey(userId: string, scope: string, key: string): string {
  const h = createHash('sha256').update(`${scope}\n${userId}\n${key}`).digest();
  h[6] = (h[6] & 0x0f) | 0x80;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** JSON with object keys sorted, so that one request always hashes alike. */
const canonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(v ?? null);

/** What a keyed request asked for, stored with its item: a retry must ask for the same. */
export const requestHash = (request: unknown) => createHash('sha256').update(canonical(request)).digest('base64url');

export const idempotencyConflict = () =>
  new Conflict('This idempotency key was already used for a different request', 'idempotency_conflict');

/**
 * Who a request for feedback is between, checked: the caller's own ready track, and someone else who
 * exists and is not an admin. The same checks hold for free and paid requests.
 */
export async function checkRequest(
  caller: UserRecord,
  sharedWithId: string,
  trackId: string,
): Promise<{ track: TrackRecord; reviewer: UserRecord }> {
  if (sharedWithId === caller.id) throw new BadRequest('You cannot ask yourself for feedback', { sharedWithId: 'Choose someone else' });
  const [track, reviewer] = await Promise.all([getTrack(trackId), getUser(sharedWithId)]);
  if (!track) throw new NotFound('Track not found');
  if (track.userId !== caller.id) throw new Forbidden('You can only share your own tracks');
  if (!reviewer || reviewer.type === 'admin') throw new NotFound('That user was not found');
  const { status } = trackStatus(track);
  if (status !== 'ready') throw trackUnavailable(status);
  return { track, reviewer };
}

/** A new pending request for feedback, with the fields of the spec's share view copied in. */
export function newShare(
  author: UserRecord,
  track: TrackRecord,
  reviewer: UserRecord,
  options: ShareOptions,
  id: string,
  payment: ShareRecord['payment'],
  /** A re-check of this completed request, with its points (rechecks.ts). */
  recheck?: { of: string; points: string[] },
): ShareRecord {
  const now = new Date().toISOString();
  return {
    id,
    trackId: track.id,
    trackTitle: versionedTitle(track),
    trackAudioUrl: track.audioKey,
    trackDuration: track.duration,
    trackPeaks: track.peaks,
    ...(track.report ? { trackReport: reportSummary(track.report) } : {}),
    sharedByUserId: author.id,
    sharedWithUserId: reviewer.id,
    sharedByName: author.fullName,
    sharedByUsername: author.username,
    sharedWithName: reviewer.fullName,
    sharedWithUsername: reviewer.username,
    status: 'pending',
    shareOptions: { ...options, peerUsername: reviewer.username },
    ...(payment ? { payment } : {}),
    ...(track.stackId ? { trackStackId: track.stackId, trackVersion: track.version } : {}),
    ...(recheck ? { recheckOf: recheck.of, checklistPoints: recheck.points } : {}),
    createdAt: now,
    updatedAt: now,
  };
}

export function trackUnavailable(state: string) {
  if (state === 'gone') return new NotFound('This track has been deleted');
  if (state === 'deleting') return new Conflict('This track is being deleted', 'track_deleted');
  if (state === 'failed') return new Conflict('This track could not be processed, so it cannot be shared', 'track_failed');
  return new Conflict('This track is still being processed: share it once it is ready', 'track_not_ready');
}
