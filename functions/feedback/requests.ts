/**
 * What makes a request for feedback, free or paid: who it is between (checked), the share record it
 * creates (the ids and hashes that let a retried request find what the first one wrote are in
 * lib/idempotency.ts). Both free requests (shares.ts) and paid ones (paid-requests.ts) build on these.
 */
import type { ShareOptions } from '../../shared/schemas/shares.js';
import type { ShareRecord } from './data/shares.js';
import { readShare } from './data/index.js';
import { getTrack, type TrackRecord } from '../tracks/data/index.js';
import { getUser, type UserRecord } from '../people/data/index.js';
import { BadRequest, Conflict, Forbidden, NotFound } from '../lib/errors.js';
import { trackStatus, reportSummary } from '../tracks/index.js';
import { versionedTitle } from '../../shared/track-version.js';
import { requestPriceOf } from '../../shared/recheck.js';
import { checkRecheck, readPrevious } from './recheck-requests.js';

/**
 * Who a request for feedback is between, checked: the caller's own ready track, and someone else who
 * exists and is not an admin. The same checks hold for free and paid requests.
 */
async function checkRequest(
  caller: UserRecord,
  sharedWithId: string,
  trackId: string,
): Promise<{ track: TrackRecord; reviewer: UserRecord }> {
  if (sharedWithId === caller.id) throw new BadRequest('You cannot ask yourself for feedback', { sharedWithId: 'Choose someone else' });
  const [track, reviewer] = await Promise.all([ownReadyTrack(caller, trackId), getUser(sharedWithId)]);
  if (!reviewer || reviewer.type === 'admin') throw new NotFound('That user was not found');
  return { track, reviewer };
}

/** The caller's own track, ready to be heard: what any request for feedback is on. */
export async function ownReadyTrack(caller: UserRecord, trackId: string): Promise<TrackRecord> {
  const track = await getTrack(trackId);
  if (!track) throw new NotFound('Track not found');
  if (track.userId !== caller.id) throw new Forbidden('You can only share your own tracks');
  const { status } = trackStatus(track);
  if (status !== 'ready') throw trackUnavailable(status);
  return track;
}

/** A request for feedback as checked, with its one price (0: free). */
export interface PreparedRequest {
  track: TrackRecord;
  reviewer: UserRecord;
  /** A re-check of this completed request, with its points. */
  recheck?: { of: string; points: string[] };
  priceCents: number;
}

/**
 * The one way a request is made ready, first request or re-check, free (shares.createShare) or paid
 * (paid-requests.ts): who it is between, what it re-checks, and what it costs. Two reads at once, so a
 * caller runs it beside its own.
 */
export async function prepareRequest(
  caller: UserRecord,
  request: { reviewerId: string; trackId: string; recheckOf?: string },
): Promise<PreparedRequest> {
  const [{ track, reviewer }, previous] = await Promise.all([
    checkRequest(caller, request.reviewerId, request.trackId),
    readPrevious(request.recheckOf),
  ]);
  const recheck = request.recheckOf ? checkRecheck(caller.id, previous, track, reviewer.id) : undefined;
  return { track, reviewer, ...(recheck ? { recheck } : {}), priceCents: requestPriceOf(reviewer, Boolean(recheck)) };
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
    ...(track.report?.findings?.length ? { trackFindings: track.report.findings } : {}),
    sharedByUserId: author.id,
    sharedWithUserId: reviewer.id,
    sharedByName: author.fullName,
    sharedByUsername: author.username,
    sharedWithName: reviewer.fullName,
    sharedWithUsername: reviewer.username,
    ...(reviewer.worldClass ? { reviewerWorldClass: true as const } : {}),
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

/**
 * What a re-check of the caller's completed review costs now, before it is asked for: the reviewer's price
 * by the one price rule prepareRequest applies, so that the dialog can say it before the button.
 */
export async function recheckQuote(callerId: string, shareId: string): Promise<{ feedbackPriceCents: number }> {
  const share = (await readShare(shareId))?.record;
  if (!share) throw new NotFound('The review to re-check was not found');
  if (share.sharedByUserId !== callerId) throw new Forbidden('This review was not written for you');
  if (share.status !== 'completed') throw new Conflict('Only a completed review can be re-checked', 'recheck_not_completed');
  const reviewer = await getUser(share.sharedWithUserId);
  if (!reviewer) throw new NotFound('The reviewer of this review was not found');
  return { feedbackPriceCents: requestPriceOf(reviewer, true) };
}
