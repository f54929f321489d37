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
import { MAX_TRACK_BYTES, PREVIEW_PREFIX, REMEASURE_PREFIX } from '../../shared/constants.js';
import * as media from './data/media.js';
import * as tracks from './data/tracks.js';
import * as uploads from './data/uploads.js';
import { analyseAudioFile, AudioRejected, REASONS, writePlayableCopy, type AnalyseOptions } from './audio.js';
import { audioKeyFor, finishTrack, parseUploadKey } from './track-audio.js';
import { packReport } from './stored-report.js';
import { claimSlot, releaseSlot } from './processing-slots.js';
import { previewsAsked } from './preview-run.js';
import { downloadStored, freshWorkDir } from './work-dir.js';
import { log } from '../lib/observability.js';

/** The content type the processed audio is served with: what its bytes proved (AudioFacts.format), not what the browser said. */
const CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  aiff: 'audio/aiff',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
};

/** `deferred`: its account holds all of its runs already (processing-slots.ts); the caller puts it back. */
export type ProcessOutcome = 'ready' | 'failed' | 'ignored' | 'duplicate' | 'measured' | 'deferred' | 'previews_sent';

/**
 * With `share: false` the upload runs whatever its account holds (it has waited long enough). `createdAt`: when
 * S3 says the object was created (the same in every delivery of its event).
 */
export async function processUpload(uploadKey: string, opts: { share?: boolean; createdAt?: Date } = {}): Promise<ProcessOutcome> {
  if (uploadKey.startsWith(REMEASURE_PREFIX)) return remeasure(uploadKey);
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
    // A place not given back (this call failing) is free again after the function's timeout.
    await releaseSlot(upload.userId, uploadKey).catch((err: unknown) =>
      log.warn('Processing place not given back', { error: String(err) }),
    );
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
 * Verifies and measures the upload and stores what the browser will play: a file we cannot use is a
 * `failed` result, never an error. `report: false` leaves the technical report out, so that the bench can
 * measure what the report costs processing.
 */
export async function measure(
  uploadKey: string,
  upload: { userId: string; filename: string },
  size: number,
  opts: AnalyseOptions = {},
): Promise<uploads.UploadResult> {
  // S3 enforces the size range of the upload policy; checked again so nothing larger is even downloaded.
  if (size > MAX_TRACK_BYTES) return { outcome: 'failed', reason: REASONS.tooLarge, sizeBytes: size };
  const dir = freshWorkDir();
  try {
    const file = path.join(dir, 'audio');
    await media.downloadToFile(uploadKey, file);
    let facts;
    try {
      facts = await analyseAudioFile(file, undefined, opts);
    } catch (err) {
      if (err instanceof AudioRejected) return { outcome: 'failed', reason: err.reason, sizeBytes: size };
      throw err;
    }
    // What the browser will play: the bytes just checked (not the upload key's current object, which a
    // second POST with the same ticket may have replaced), or a PCM WAV copy of them where browsers cannot
    // play the format (AIFF, ALAC, uncommon WAV encodings).
    let stored = { file, name: upload.filename, contentType: CONTENT_TYPES[facts.format] ?? 'application/octet-stream' };
    if (!facts.browserPlayable) {
      const copy = path.join(dir, 'playable.wav');
      await writePlayableCopy(file, copy);
      stored = { file: copy, name: `${upload.filename}.wav`, contentType: 'audio/wav' };
    }
    const audioKey = audioKeyFor(upload.userId, stored.name);
    const contentType = stored.contentType;
    await media.putFile(audioKey, stored.file, contentType);
    return {
      outcome: 'ready',
      audioKey,
      contentType,
      duration: Math.round(facts.duration * 1000) / 1000,
      peaks: Buffer.from(facts.peaks).toString('base64'),
      ...(facts.report ? { report: packReport(facts.report, facts.findings) } : {}),
      format: facts.format,
      sizeBytes: fs.statSync(file).size,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
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
