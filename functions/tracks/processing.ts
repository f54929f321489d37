/**
 * Processing an upload, off the request path: run for each object created under `uploads/` (an S3 event).
 * It downloads what arrived, decodes it to measure the duration and draw the peaks, stores the very bytes
 * it checked (or, for formats browsers cannot play, a PCM WAV copy of them) at the track's final key (which
 * no upload policy can target), records the result and removes the upload.
 *
 * Safe to run twice for the same object (S3 may deliver an event twice; a failed run is retried): the
 * first recorded result stands, and a later upload to the same key (the POST policy stays valid for a
 * while) is discarded, so a processed track can never be replaced.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PREVIEW_PREFIX, REFERENCES, REMEASURE_PREFIX } from '../../shared/constants.js';
import * as media from './data/media.js';
import * as tracks from './data/tracks.js';
import * as uploads from './data/uploads.js';
import { analyseAudioFile, AudioRejected } from './audio.js';
import { measure, type ProcessOutcome } from './upload-measure.js';
import { processReference } from './reference-run.js';
import { finishTrack, parseUploadKey } from './track-audio.js';
import { packReport } from './stored-report.js';
import { claimSlot, releaseSlot } from './processing-slots.js';
import { previewsAsked } from './preview-run.js';
import { downloadStored, freshWorkDir } from './work-dir.js';

export { measure, type ProcessOutcome } from './upload-measure.js';

/**
 * With `share: false` the upload runs whatever its account holds (it has waited long enough). `createdAt`: when
 * S3 says the object was created (the same in every delivery of its event).
 */
export async function processUpload(uploadKey: string, opts: { share?: boolean; createdAt?: Date } = {}): Promise<ProcessOutcome> {
  if (uploadKey.startsWith(REMEASURE_PREFIX)) return remeasure(uploadKey);
  // Before the tracks' own keys, whose pattern a reference's would match.
  if (uploadKey.startsWith(REFERENCES.uploadPrefix)) return processReference(uploadKey, opts);
  if (uploadKey.startsWith(PREVIEW_PREFIX))
    return (await previewsAsked(uploadKey, opts.createdAt ?? new Date())) === 'sent' ? 'previews_sent' : 'ignored';
  const upload = parseUploadKey(uploadKey);
  if (!upload) return 'ignored';
  const earlier = await uploads.getResult(uploadKey);
  if (earlier) {
    // Processed already: a repeated event, a retry after a run that stopped before the end, or a second
    // upload to the same key (discarded). Finishing the track again changes nothing once it is finished.
    await media.deleteObject(uploadKey);
    await finishRegistered(uploadKey, earlier);
    return 'duplicate';
  }
  const head = await media.headObject(uploadKey);
  if (!head) return 'ignored';
  if (opts.share !== false && !(await claimSlot(upload.userId, uploadKey))) return 'deferred';
  try {
    return await processClaimed(uploadKey, upload, head.size);
  } finally {
    await releaseSlot(upload.userId, uploadKey);
  }
}

async function processClaimed(uploadKey: string, upload: { userId: string; filename: string }, size: number): Promise<ProcessOutcome> {
  let result: uploads.UploadResult;
  try {
    result = await measure(uploadKey, upload, size);
  } catch (err) {
    // Removed since the HEAD (refused at registration, or its track deleted): nothing left to process.
    if ((err as Error).name === 'NoSuchKey') return 'ignored';
    throw err;
  }
  if (!(await uploads.putResult(uploadKey, result))) {
    // Another run recorded first: its audio stands; ours goes unless it is the same key.
    const winner = await uploads.getResult(uploadKey);
    if (result.outcome === 'ready' && !(winner?.outcome === 'ready' && winner.audioKey === result.audioKey))
      await media.deleteObject(result.audioKey);
    await media.deleteObject(uploadKey);
    return 'duplicate';
  }
  await media.deleteObject(uploadKey);
  await finishRegistered(uploadKey, result);
  return result.outcome;
}

/** Finishes the upload's track if it is registered; otherwise registration will, when it comes. */
async function finishRegistered(uploadKey: string, result: uploads.UploadResult) {
  const trackId = await tracks.trackIdForUpload(uploadKey);
  if (trackId) await finishTrack(trackId, result);
}

/**
 * The technical report of a track processed before reports, from its stored audio (the bytes the player
 * plays: the upload itself, or its WAV copy). 'measured', or why not: the track changed or went meanwhile
 * ('moved'), its audio is not there ('gone'), or this version cannot decode it ('unreadable').
 */
/** A track asked for its report without one (tracks.ts trackReportFor): measured from its stored audio, once. */
async function remeasure(markerKey: string): Promise<ProcessOutcome> {
  const track = await tracks.getTrack(markerKey.slice(REMEASURE_PREFIX.length), { consistent: true });
  const ready = track && !track.report && !track.deletingAt && track.audioKey && (track.status ?? 'ready') === 'ready';
  const outcome = ready ? await measureStoredTrack(track) : null;
  await media.deleteObject(markerKey);
  return outcome === 'measured' ? 'measured' : 'ignored';
}

export async function measureStoredTrack(track: { id: string; audioKey: string }): Promise<'measured' | 'moved' | 'gone' | 'unreadable'> {
  const dir = freshWorkDir();
  try {
    const file = path.join(dir, 'audio');
    if (!(await downloadStored(track.audioKey, file))) return 'gone';
    let facts;
    try {
      facts = await analyseAudioFile(file);
    } catch (err) {
      // Audio an earlier version kept that this one would refuse: it plays as before, without a report.
      if (err instanceof AudioRejected) return 'unreadable';
      throw err;
    }
    return (await tracks.setTrackReport(track.id, track.audioKey, packReport(facts.report!, facts.findings))) ? 'measured' : 'moved';
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
