/**
 * What processing does with every upload, a track's or a reference's: it downloads the upload, decodes it to
 * measure the duration, draw the peaks and take the report, and stores the very bytes it checked (or, for
 * formats browsers cannot play, a PCM WAV copy of them) at a key no upload policy can target.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MAX_TRACK_BYTES } from '../../shared/constants.js';
import * as media from './data/media.js';
import type * as uploads from './data/uploads.js';
import { analyseAudioFile, AudioRejected, REASONS, writePlayableCopy, type AnalyseOptions } from './audio.js';
import type { PcmSink } from './audio/measure.js';
import { audioKeyFor } from './track-audio.js';
import { packReport } from './stored-report.js';
import { freshWorkDir } from './work-dir.js';

/** `deferred`: its account holds all of its runs already (processing-slots.ts); the caller puts it back. */
export type ProcessOutcome = 'ready' | 'failed' | 'ignored' | 'duplicate' | 'measured' | 'deferred' | 'previews_sent';

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

/**
 * Verifies and measures the upload and stores what the browser will play: a file we cannot use is a
 * `failed` result, never an error. `report: false` leaves the technical report out, so that the bench can
 * measure what the report costs processing.
 */
export function measure(
  uploadKey: string,
  upload: { userId: string; filename: string },
  size: number,
  opts: AnalyseOptions = {},
): Promise<uploads.UploadResult> {
  return measureUpload(uploadKey, size, { filename: upload.filename, keyFor: (name) => audioKeyFor(upload.userId, name), analyse: opts });
}

/** Where and how an upload is measured and kept (a track's audio, or a reference's). */
export interface MeasureAs {
  filename: string;
  /** The key the playable audio is stored at, from its file name. */
  keyFor: (storedName: string) => string;
  /** Tighter than a track's, with what each refusal says. */
  limits?: { bytes: number; seconds: number; tooLarge: string; tooLong: string };
  analyse?: AnalyseOptions;
  /** Also given the decoded samples (the bands a reference is compared by). */
  sink?: PcmSink;
}

export async function measureUpload(
  uploadKey: string,
  size: number,
  { filename, keyFor, limits, analyse = {}, sink }: MeasureAs,
): Promise<uploads.UploadResult> {
  // S3 enforces the size range of the upload policy; checked again so nothing larger is even downloaded.
  if (size > (limits?.bytes ?? MAX_TRACK_BYTES))
    return { outcome: 'failed', reason: limits?.tooLarge ?? REASONS.tooLarge, sizeBytes: size };
  const dir = freshWorkDir();
  try {
    const file = path.join(dir, 'audio');
    await media.downloadToFile(uploadKey, file);
    let facts;
    try {
      facts = await analyseAudioFile(file, sink, analyse);
    } catch (err) {
      if (err instanceof AudioRejected) return { outcome: 'failed', reason: err.reason, sizeBytes: size };
      throw err;
    }
    if (limits && facts.duration > limits.seconds) return { outcome: 'failed', reason: limits.tooLong, sizeBytes: size };
    // What the browser will play: the bytes just checked (not the upload key's current object, which a
    // second POST with the same ticket may have replaced), or a PCM WAV copy of them where browsers cannot
    // play the format (AIFF, ALAC, uncommon WAV encodings).
    let stored = { file, name: filename, contentType: CONTENT_TYPES[facts.format] ?? 'application/octet-stream' };
    if (!facts.browserPlayable) {
      const copy = path.join(dir, 'playable.wav');
      await writePlayableCopy(file, copy);
      stored = { file: copy, name: `${filename}.wav`, contentType: 'audio/wav' };
    }
    const audioKey = keyFor(stored.name);
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
