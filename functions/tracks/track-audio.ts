/**
 * A track's audio objects: the keys uploads and processed audio live at, and how processing's result
 * becomes the track's. Apart from tracks.ts (which also refunds and checks plans) so that the processing
 * function carries only what it calls: S3 and the table.
 */
import { randomUUID } from 'node:crypto';
import { SNIPPET, UPLOADS_PREFIX } from '../../shared/constants.js';
import * as media from './data/media.js';
import * as tracks from './data/tracks.js';
import type * as uploads from './data/uploads.js';
import type { TrackRecord } from './data/tracks.js';

/** Keeps letters, digits, dots, dashes and underscores; everything else becomes '_'. */
export function sanitizeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return clean || 'track';
}

/** The spec's key of a track's audio. Only processing writes there: no upload policy can target it. */
export const audioKeyFor = (userId: string, filename: string, now = Date.now()) => `audio/${userId}/${now}_${sanitizeFilename(filename)}`;

/** Where a browser may upload: one folder per ticket, under the upload-only prefix. */
export const uploadKeyFor = (userId: string, filename: string, ticketId: string = randomUUID()) =>
  `${UPLOADS_PREFIX}${userId}/${ticketId}/${sanitizeFilename(filename)}`;

const UPLOAD_KEY = new RegExp(`^${UPLOADS_PREFIX}([A-Za-z0-9-]{1,64})/([0-9a-f-]{36})/([A-Za-z0-9._-]+)$`);

/** The owner and file name of an upload key; null for any other key. */
export function parseUploadKey(key: string): { userId: string; filename: string } | null {
  const m = UPLOAD_KEY.exec(key);
  return m ? { userId: m[1], filename: m[3] } : null;
}

/** What processing's result makes of a track. */
function outcomeOf(result: uploads.UploadResult): tracks.ProcessedAudio | { failed: string } {
  if (result.outcome === 'failed') return { failed: result.reason };
  return {
    audioKey: result.audioKey,
    contentType: result.contentType,
    duration: result.duration,
    peaks: result.peaks,
    ...(result.report ? { report: result.report } : {}),
    snippet: { start: SNIPPET.defaultStart, end: Math.min(SNIPPET.defaultEnd, result.duration) },
  };
}

/**
 * A track not yet written, with processing's result in it, for registration to write finished. Processed
 * audio is kept (untagged) first, as finishTrack does; should the track then not be written (its upload
 * registered twice), the other track of that upload takes the same audio.
 */
export async function processedTrack(track: TrackRecord, result: uploads.UploadResult): Promise<TrackRecord> {
  const outcome = outcomeOf(result);
  if ('failed' in outcome) return { ...track, status: 'failed', failureReason: outcome.failed };
  await media.setClaimed(outcome.audioKey, true);
  return { ...track, ...outcome, status: 'ready', failureReason: null };
}

/**
 * Applies processing's result to the track, once. Processed audio arrives tagged to expire: it is kept
 * (untagged) before the track takes it, so a ready track never points at audio due to expire, and tagged
 * again should the track not take it after all (deleted or being deleted meanwhile). Safe to repeat.
 */
export async function finishTrack(trackId: string, result: uploads.UploadResult): Promise<TrackRecord | null> {
  const outcome = outcomeOf(result);
  if ('failed' in outcome) return tracks.finishProcessing(trackId, outcome);
  await media.setClaimed(outcome.audioKey, true);
  const done = await tracks.finishProcessing(trackId, { ready: outcome });
  if (!done && (await tracks.getTrack(trackId, { consistent: true }))?.audioKey !== outcome.audioKey) {
    await media.setClaimed(outcome.audioKey, false);
  }
  return done;
}
