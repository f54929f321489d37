/**
 * Use cases of tracks: direct upload, registration (the audio is processed off the request path, see
 * processing.ts), listening, snippets, renaming. Deletion: track-deletion.ts.
 */
import { randomUUID } from 'node:crypto';
import { MAX_TRACK_BYTES, PROCESSING_DEADLINE_MS, REMEASURE_PREFIX, SIGNED_URL_TTL_SECONDS, SNIPPET } from '../../shared/constants.js';
import { CLOSED_STATUSES } from '../../shared/feedback.js';
import type { TrackStackView, TrackView, UploadTicket } from '../../shared/schemas/tracks.js';
import * as media from './data/media.js';
import * as tracks from './data/tracks.js';
import * as uploads from './data/uploads.js';
import { readShare, sharesReviewedBy } from '../feedback/data/index.js';
import type { TrackRecord } from './data/tracks.js';
import { decodeCursor, encodeCursor, invalidCursor } from '../lib/cursor.js';
import { BadRequest, Conflict, Forbidden, NotFound } from '../lib/errors.js';
import { assertWithinPlan, type PlanHolder } from '../people/index.js';
import { enforceRateLimit } from '../platform/index.js';
import { finishTrack, processedTrack, uploadKeyFor, parseUploadKey } from './track-audio.js';
import { trackStatus } from './track-status.js';
import { log } from '../lib/observability.js';
import { reportSummary, unpackReport } from './stored-report.js';
import { askForPreviews, previewFile, previewsView } from './codec-previews.js';
import type { CodecProfileId } from '../../shared/codec-profiles.js';
import type { TechnicalReportView } from '../../shared/schemas/technical-report.js';

export { audioKeyFor, finishTrack, parseUploadKey, sanitizeFilename, uploadKeyFor } from './track-audio.js';
export { trackStatus } from './track-status.js';

const UPLOAD_TTL_SECONDS = 15 * 60;

/** A musician's plan caps how many tracks they keep: checked before the bytes are sent, and again at registration. */
async function assertRoomForTrack(user: PlanHolder) {
  await assertWithinPlan(user, 'maxTracks', tracks.countTracks(user.id), ['track', 'tracks']);
}

export async function createUploadTicket(
  user: PlanHolder,
  input: { filename: string; contentType: string; size: number; versionOf?: string },
): Promise<UploadTicket> {
  // Counted first: every ticket may become a processing run, whatever the plan then says.
  await enforceRateLimit('uploadTicket', user.id);
  // A new version takes no room in the plan: its track's own cap (MAX_VERSIONS) holds it.
  await (input.versionOf ? stackForVersion(user.id, input.versionOf) : assertRoomForTrack(user));
  const key = uploadKeyFor(user.id, input.filename);
  const post = await media.presignUpload(key, input.contentType, MAX_TRACK_BYTES, UPLOAD_TTL_SECONDS);
  return { ...post, key, expiresAt: new Date(Date.now() + UPLOAD_TTL_SECONDS * 1000).toISOString() };
}

async function rejectUpload(key: string, error: BadRequest): Promise<never> {
  await media.deleteObject(key);
  throw error;
}

/**
 * Registers an upload as a track, `processing` until the processing function has verified and measured
 * it. Only what a HEAD tells is checked here (an empty or oversize object is deleted and refused at once),
 * so registration answers in a few milliseconds whatever the file's size. Should processing have
 * finished first, the track is finished here.
 */
export async function createTrack(
  user: PlanHolder,
  input: { key: string; title: string; artist?: string; versionOf?: string },
): Promise<TrackRecord> {
  const userId = user.id;
  const upload = parseUploadKey(input.key);
  if (!upload || upload.userId !== userId) throw new Forbidden('This upload does not belong to you');
  // Everything registration checks is read at once; the upload's absence is reported before the plan's limit.
  const [head, firstResult, overPlan] = await Promise.all([
    media.headObject(input.key),
    uploads.getResult(input.key),
    (input.versionOf ? stackForVersion(userId, input.versionOf) : assertRoomForTrack(user).then(() => null)).catch((err: unknown) => err),
  ]);
  // Processing records its result before it removes the upload: read side by side, the result may have
  // been read before it was written and the HEAD after the removal. Gone, the upload was processed or never came.
  const earlyResult = firstResult ?? (head ? null : await uploads.getResult(input.key));
  if (!head && !earlyResult) throw new NotFound('The uploaded file was not found. Please upload it again.');
  if (overPlan instanceof Error) throw overPlan;
  if (head && head.size === 0)
    await rejectUpload(input.key, new BadRequest('The file is empty', { file: 'The file is empty' }, 'empty_file'));
  if (head && head.size > MAX_TRACK_BYTES) {
    await rejectUpload(input.key, new BadRequest('The file is larger than 200 MB', undefined, 'too_large'));
  }

  let stack = input.versionOf ? (overPlan as TrackRecord) : null;
  const now = new Date();
  const track: TrackRecord = {
    id: randomUUID(),
    userId,
    // A version is its track's: the same title and artist, whatever the form sent.
    title: stack?.title ?? input.title,
    artist: stack ? stack.artist : input.artist || null,
    ...(stack ? { stackId: stack.id, version: (stack.lastVersion ?? 1) + 1 } : {}),
    uploadKey: input.key,
    audioKey: '',
    status: 'processing',
    failureReason: null,
    contentType: head?.contentType ?? '',
    sizeBytes: head?.size ?? earlyResult!.sizeBytes,
    duration: 0,
    peaks: '',
    snippet: { start: SNIPPET.defaultStart, end: SNIPPET.defaultEnd },
    isShared: false,
    shareOptions: null,
    processingDeadline: new Date(now.getTime() + PROCESSING_DEADLINE_MS).toISOString(),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  // Processing's result, once recorded, goes into the track as it is written: no second write. Written
  // while processing, the track is checked in the same write to have no result yet (putNewTrack).
  let result = earlyResult;
  for (;;) {
    const written = result ? await processedTrack(track, result) : track;
    let outcome: Awaited<ReturnType<typeof tracks.putNewTrack>>;
    try {
      outcome = await tracks.putNewTrack(written);
    } catch (err) {
      // Kept for a track that was not written: tagged to expire again unless another registration of the
      // same upload took it (as finishTrack does); a retry keeps it anew.
      if (written.audioKey) {
        const audioKey = written.audioKey;
        await tracks
          .uploadHasTrack(written)
          .then((taken) => (taken ? undefined : media.setClaimed(audioKey, false)))
          .catch(() => {});
      }
      throw err;
    }
    if (outcome === 'created') return written;
    if (outcome === 'exists') throw new Conflict('This upload is already a track', 'already_registered');
    if (outcome === 'stack_changed') {
      // Another version was numbered meanwhile (or the track went): numbered again from a fresh read.
      stack = await stackForVersion(userId, stack!.id, { consistent: true });
      track.version = (stack.lastVersion ?? 1) + 1;
      continue;
    }
    // Recorded between the read above and the write: written finished, with the result the write returned.
    result = outcome.recorded;
  }
}

/**
 * The track a new version is for: the caller's, a track itself (not one of its versions), with room for
 * one more version.
 */
async function stackForVersion(userId: string, id: string, opts: { consistent?: boolean } = {}): Promise<TrackRecord> {
  const stack = await tracks.getTrack(id, opts);
  if (!stack || stack.deletingAt) throw new NotFound('Track not found');
  if (stack.userId !== userId) throw new Forbidden('This track is not yours');
  if (stack.stackId) throw new BadRequest('A new version goes on the track itself, not on one of its versions', undefined, 'not_a_stack');
  if ((stack.versionIds?.length ?? 0) + 1 >= tracks.MAX_VERSIONS) {
    throw new Conflict(
      `This track has ${tracks.MAX_VERSIONS} versions, the most it keeps. Delete one to upload another.`,
      'too_many_versions',
    );
  }
  return stack;
}

/**
 * Read repair: a processing track whose result is recorded (its finishing was interrupted, by a crash or
 * a failed call) is finished when it is next read, so no such interruption leaves it processing.
 */
async function repairProcessing(list: TrackRecord[]): Promise<TrackRecord[]> {
  return Promise.all(
    list.map(async (t) => {
      if (t.status !== 'processing' || !t.uploadKey) return t;
      try {
        const result = await uploads.getResult(t.uploadKey);
        return (result && (await finishTrack(t.id, result))) || t;
      } catch (err) {
        log.error('Finishing a processed track failed; left to the next read', err, { trackId: t.id });
        return t;
      }
    }),
  );
}

export function toTrackView(t: TrackRecord): TrackView {
  return {
    id: t.id,
    title: t.title,
    artist: t.artist,
    userId: t.userId,
    audioUrl: t.audioKey,
    ...trackStatus(t),
    duration: t.duration,
    sizeBytes: t.sizeBytes,
    contentType: t.contentType,
    peaks: t.peaks,
    report: t.report ? reportSummary(t.report) : null,
    version: t.version ?? 1,
    stackId: t.stackId ?? null,
    snippet: t.snippet,
    isShared: t.isShared,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

/** A listed track with its later versions, oldest first. */
export type TrackStack = TrackRecord & { versions: TrackRecord[] };

export function toStackView(t: TrackStack): TrackStackView {
  return { ...toTrackView(t), versions: t.versions.map(toTrackView) };
}

/** The later versions of the listed tracks, read in one batch (most tracks have none: no read). */
async function withVersions(list: TrackRecord[]): Promise<TrackStack[]> {
  const ids = list.flatMap((t) => t.versionIds ?? []);
  const found = await repairProcessing(await tracks.getTracks(ids));
  return list.map((t) => ({
    ...t,
    versions: found.filter((v) => v.stackId === t.id).sort((a, b) => (a.version ?? 1) - (b.version ?? 1)),
  }));
}

/** Tracks a page of the list holds: each carries its peaks, and a Studio plan keeps any number of tracks. */
export const TRACKS_PAGE_SIZE = 30;

/**
 * A page of the user's tracks, newest first, with how many they have (for the list's count while only
 * some are loaded). The count is read alongside the page, not after it.
 */
export async function listOwnTracks(
  userId: string,
  cursor?: string,
): Promise<{ tracks: TrackStack[]; next: string | null; total: number }> {
  const start = decodeCursor(cursor, tracks.ownerPartition(userId), 'TRACK#');
  // And a track's own key: a key outside the list's range would make DynamoDB fail instead.
  if (start && !(start.PK.startsWith('TRACK#') && start.SK === 'META')) throw invalidCursor();
  const [page, total] = await Promise.all([tracks.pageTracksOf(userId, { limit: TRACKS_PAGE_SIZE, start }), tracks.countTracks(userId)]);
  return { tracks: await withVersions(await repairProcessing(page.tracks)), next: encodeCursor(page.next), total };
}

/** The owner's track that `trackId` is, or is a later version of, with its versions (what a re-check is asked on). */
export async function versionsOfTrack(userId: string, trackId: string): Promise<TrackStack> {
  const track = await ownedTrack(userId, trackId);
  const stack = track.stackId ? await ownedTrack(userId, track.stackId) : track;
  return (await withVersions([stack]))[0];
}

async function ownedTrack(userId: string, id: string): Promise<TrackRecord> {
  const track = await tracks.getTrack(id);
  if (!track) throw new NotFound('Track not found');
  if (track.userId !== userId) throw new Forbidden('This track is not yours');
  return track;
}

/** Listening and snippets need the processed audio. */
function assertReady(track: TrackRecord): void {
  const { status } = trackStatus(track);
  if (status === 'processing') throw new Conflict('This track is still being processed. Try again in a moment.', 'processing');
  if (status === 'failed') throw new Conflict('This track could not be processed. Delete it and upload the file again.', 'failed');
}

/**
 * A presigned GET for whoever may listen: the owner, or the reviewer of a request for feedback on the track
 * that is still open: pending (to decide), accepted (to review) or completed (the feedback history plays
 * it, and the reviewer may still answer questions). A declined, expired or cancelled request (the last two
 * refunded) shares nothing any more. The client's claims about the share are not trusted; the records decide.
 */
export async function signedUrlFor(
  userId: string,
  trackId: string,
  preview?: CodecProfileId,
): Promise<{ signedUrl: string; expiresIn: number }> {
  const track = await trackToListen(userId, trackId);
  // A codec preview's encoding, once it is made and kept: the same people may play it as the track.
  if (preview && !track.previews?.[preview]?.playable) throw new NotFound('This encoding of the track is not made yet');
  const key = preview ? previewFile(track.audioKey, preview).key : track.audioKey;
  return { signedUrl: await media.presignDownload(key, SIGNED_URL_TTL_SECONDS), expiresIn: SIGNED_URL_TTL_SECONDS };
}

/**
 * The track's whole technical report, lane included, for whoever may listen to it. A track processed
 * before reports is measured when first asked (processing takes it from a marker; at most once an hour).
 */
export async function trackReportFor(userId: string, trackId: string): Promise<TechnicalReportView> {
  const track = await trackToListen(userId, trackId);
  if (!track.report) {
    if (await tracks.askForReport(track.id, new Date())) await media.putMarker(`${REMEASURE_PREFIX}${track.id}`);
    throw new Conflict('This track is being measured: its technical report appears here in a minute.', 'report_pending');
  }
  // The codec previews are made when the report is first opened (and asked again at most once an hour while
  // any is missing): a track whose report nobody opens costs no encoding.
  const now = new Date();
  const askedNow = await askForPreviews(track, now);
  return { ...unpackReport(track.report), previews: previewsView(track, { now, askedNow }) };
}

/** The track, ready, if the caller may listen to it (see signedUrlFor). */
async function trackToListen(userId: string, trackId: string): Promise<TrackRecord> {
  // The caller's requests on the track are looked up beside the track itself: one round trip, not two.
  const reviewed = sharesReviewedBy(trackId, userId);
  reviewed.catch(() => {}); // the owner's answer does not wait for it
  const track = await tracks.getTrack(trackId);
  if (!track) throw new NotFound('Track not found');
  if (track.userId !== userId) await assertReviewerMayListen(userId, await reviewed);
  assertReady(track);
  return track;
}

/**
 * The caller reviews a request on the track that is not closed. The links name the caller's requests; their
 * statuses are on the shares themselves, read consistently (a decline counts at once).
 */
async function assertReviewerMayListen(userId: string, shareIds: string[]): Promise<void> {
  if (!shareIds.length) throw new Forbidden('This track is not shared with you');
  const found = await Promise.all(shareIds.map((id) => readShare(id)));
  const requests = found.flatMap((s) => (s && s.record.sharedWithUserId === userId ? [s.record] : []));
  if (!requests.some((r) => !CLOSED_STATUSES.includes(r.status))) {
    throw new Forbidden('This request for feedback is closed, so its track is no longer shared with you', 'request_closed');
  }
}

export async function saveSnippet(userId: string, trackId: string, snippet: { start: number; end: number }): Promise<TrackRecord> {
  const track = await ownedTrack(userId, trackId);
  assertReady(track);
  const limit = Math.floor(track.duration * 1000) / 1000;
  if (snippet.end > limit + 0.001) {
    const message = `The snippet must end within the track, by ${limit} s`;
    throw new BadRequest(message, { 'snippet.end': message });
  }
  return tracks.setSnippet(track.id, snippet);
}

/**
 * Renames the caller's track, with its versions (they carry its title). The requests already made on it keep
 * the title they were made with: each is a record of what was asked (its e-mails, payment and receipts name
 * that title), and its reviewer may know the track by it.
 */
export async function renameTrack(userId: string, trackId: string, title: string): Promise<TrackRecord> {
  const track = await ownedTrack(userId, trackId);
  if (track.stackId)
    throw new BadRequest('A version has the title of its track: rename the track itself', { id: 'Rename the track itself' });
  if (track.title === title) return track;
  const renamed = { ...track, title, updatedAt: new Date().toISOString() };
  if (!(await tracks.renameStack(track, title, renamed.updatedAt))) {
    throw new Conflict('This track changed while it was being renamed. Please try again.', 'track_changed');
  }
  return renamed;
}
