/**
 * A track's audio objects: the keys uploads and processed audio live at, and how processing's result
 * becomes the track's. Apart from tracks.ts (which also refunds and checks plans) so that the processing
 * function carries only what it calls: S3 and the table.
 */
import { randomUUID } from 'node:crypto';
import { SNIPPET, UPLOADS_PREFIX } from '../../shared/constants.js';
import * as media from '../data/media.js';
import * as tracks from '../data/tracks.js';
import type * as uploads from '../data/uploads.js';
import type { TrackRecord } from '../data/tracks.js';

/** Keeps letters, digits, dots, dashes and underscores; everything else becomes '_'. */
export function sanitizeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/_+/g, '_').replace(/^[._]+/, '').slice(-100);
  return clean || 'track';
}

/** The spec's key of a track's audio. Only processing writes there: no upload policy can target it. */
export const audioKeyFor = (userId: string, filename: string, now = Date.now()) =>
  `audio/${userId}/${now}_${sanitizeFilename(filename)}`;

/** Where a browser may upload: one folder per ticket, under the upload-only prefix. */
export const uploadKeyFor = (userId: string, filename: string, ticketId: string = randomUUID()) =>
  `${UPLOADS_PREFIX}${userId}/${ticketId}/${sanitizeFilename(filename)}`;

const UPLOAD_KEY = new RegExp(`^${UPLOADS_PREFIX}([A-Za-z0-9-]{1,64})/([0-9a-f-]{36})/([A-Za-z0-9._-]+)$`);

/** The owner and file name of an upload key; null for any other key. */
export function parseUploadKey(key: string): { userId: string; filename: string } | null {
  const m = UPLOAD_KEY.exec(key);
  return m ? { userId: m[1], filename: m[3] } : null;
}

/**
 * Applies processing's result to the track, once. Processed audio arrives tagged to expire: it is kept
 * (untagged) before the track takes it, so a ready track never points at audio due to expire, and tagged
 * again should the track not take it after all (deleted or being deleted meanwhile). Safe to repeat.
 */
export async function finishTrack(trackId: string, result: uploads.UploadResult): Promise<TrackRecord | null> {
  if (result.outcome === 'failed') return tracks.finishProcessing(trackId, { failed: result.reason });
  await media.setClaimed(result.audioKey, true);
  const done = await tracks.finishProcessing(trackId, {
    ready: {
      audioKey: result.audioKey,
      contentType: result.contentType,
      duration: result.duration,
      peaks: result.peaks,
      snippet: { start: SNIPPET.defaultStart, end: Math.min(SNIPPET.defaultEnd, result.duration) },
    },
  });
  if (!done && (await tracks.getTrack(trackId, { consistent: true }))?.audioKey !== result.audioKey) {
    await media.setClaimed(result.audioKey, false);
  }
  return done;
}
