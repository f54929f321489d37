/**
 * Processing an upload, off the request path: run for each object created under `uploads/` (an S3 event).
 * It checks what arrived, decodes it to measure the duration and draw the peaks, copies the audio to the
 * track's final key (which no upload policy can target), records the result and removes the upload.
 *
 * Safe to run twice for the same object (S3 may deliver an event twice; a failed run is retried): the
 * first recorded result stands, and a later upload to the same key (the POST policy stays valid for a
 * while) is discarded, so a processed track can never be replaced.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_TRACK_BYTES } from '../../shared/constants.js';
import * as media from '../data/media.js';
import * as tracks from '../data/tracks.js';
import * as uploads from '../data/uploads.js';
import { analyseAudioFile, AudioRejected } from './audio.js';
import { audioKeyFor, finishTrack, parseUploadKey } from './tracks.js';

/** The content type the processed audio is served with: what its bytes proved, not what the browser said. */
const CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  oga: 'audio/ogg',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  alac: 'audio/mp4',
  aac: 'audio/aac',
  aiff: 'audio/aiff',
};

export type ProcessOutcome = 'ready' | 'failed' | 'ignored' | 'duplicate';

export async function processUpload(uploadKey: string): Promise<ProcessOutcome> {
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

  const result = await measure(uploadKey, upload, head.size);
  if (!(await uploads.putResult(uploadKey, result))) {
    if (result.outcome === 'ready') await media.deleteObject(result.audioKey);
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

/** Verifies and measures the upload; a file we cannot use is a `failed` result, never an error. */
async function measure(uploadKey: string, upload: { userId: string; filename: string }, size: number): Promise<uploads.UploadResult> {
  if (size === 0) return { outcome: 'failed', reason: 'The file is empty.', sizeBytes: size };
  if (size > MAX_TRACK_BYTES) return { outcome: 'failed', reason: 'The file is larger than 200 MB.', sizeBytes: size };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-'));
  try {
    const file = path.join(dir, 'audio');
    await media.downloadToFile(uploadKey, file);
    let facts;
    try {
      facts = await analyseAudioFile(file);
    } catch (err) {
      if (err instanceof AudioRejected) return { outcome: 'failed', reason: err.reason, sizeBytes: size };
      throw err;
    }
    const audioKey = audioKeyFor(upload.userId, upload.filename);
    await media.copyObject(uploadKey, audioKey, CONTENT_TYPES[facts.format] ?? 'application/octet-stream');
    return {
      outcome: 'ready',
      audioKey,
      duration: Math.round(facts.duration * 1000) / 1000,
      peaks: Buffer.from(facts.peaks).toString('base64'),
      format: facts.format,
      sizeBytes: size,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
