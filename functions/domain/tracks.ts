/** Use cases of tracks: direct upload, verification of what arrived, listening, snippets, deletion. */
import { randomUUID } from 'node:crypto';
import { MAX_TRACK_BYTES, SIGNED_URL_TTL_SECONDS, SNIPPET } from '../../shared/constants.js';
import { AUDIO_FILE_ERROR, type TrackView, type UploadTicket } from '../../shared/schemas/tracks.js';
import * as media from '../data/media.js';
import * as tracks from '../data/tracks.js';
import { deleteKeys, shareItemKeys, sharesOfTrack } from '../data/shares.js';
import type { TrackRecord } from '../data/tracks.js';
import { analyseAudio, sniffAudio, SNIFF_BYTES } from './audio.js';
import { BadRequest, Conflict, Forbidden, NotFound } from '../lib/errors.js';

const UPLOAD_TTL_SECONDS = 15 * 60;

/** Keeps letters, digits, dots, dashes and underscores; everything else becomes '_'. */
export function sanitizeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/_+/g, '_').replace(/^[._]+/, '').slice(-100);
  return clean || 'track';
}

export const audioKeyFor = (userId: string, filename: string, now = Date.now()) =>
  `audio/${userId}/${now}_${sanitizeFilename(filename)}`;

const ownKeyPattern = (userId: string) => new RegExp(`^audio/${userId.replace(/[^A-Za-z0-9-]/g, '')}/\\d+_[A-Za-z0-9._-]+$`);

export async function createUploadTicket(userId: string, input: { filename: string; contentType: string; size: number }): Promise<UploadTicket> {
  const key = audioKeyFor(userId, input.filename);
  const post = await media.presignUpload(key, input.contentType, MAX_TRACK_BYTES, UPLOAD_TTL_SECONDS);
  return { ...post, key, expiresAt: new Date(Date.now() + UPLOAD_TTL_SECONDS * 1000).toISOString() };
}

async function rejectUpload(key: string, error: BadRequest): Promise<never> {
  await media.deleteObject(key);
  throw error;
}

const notAudio = () => new BadRequest(AUDIO_FILE_ERROR, undefined, 'not_audio');

/**
 * Registers an uploaded object as a track, after checking what actually arrived: a file that is not
 * audio or is too large is deleted and refused. Duration and peaks come from decoding the file. The
 * object loses its unclaimed tag, so the bucket's expiry of abandoned uploads no longer applies to it.
 */
export async function createTrack(userId: string, input: { key: string; title: string; artist?: string }): Promise<TrackRecord> {
  if (!ownKeyPattern(userId).test(input.key)) throw new Forbidden('This upload does not belong to you');
  const head = await media.headObject(input.key);
  if (!head) throw new NotFound('The uploaded file was not found. Please upload it again.');
  if (head.size > MAX_TRACK_BYTES) {
    await rejectUpload(input.key, new BadRequest('The file is larger than 200 MB', undefined, 'too_large'));
  }
  const format = await sniffAudio(await media.readRange(input.key, Math.min(SNIFF_BYTES, head.size)), head.size);
  if (!format) await rejectUpload(input.key, notAudio());

  let facts;
  try {
    facts = await analyseAudio(await media.streamObject(input.key), format!);
  } catch {
    return rejectUpload(input.key, notAudio());
  }

  const now = new Date().toISOString();
  const track: TrackRecord = {
    id: randomUUID(),
    userId,
    title: input.title,
    artist: input.artist || null,
    audioKey: input.key,
    contentType: head.contentType,
    sizeBytes: head.size,
    duration: Math.round(facts.duration * 1000) / 1000,
    peaks: Buffer.from(facts.peaks).toString('base64'),
    snippet: { start: SNIPPET.defaultStart, end: Math.min(SNIPPET.defaultEnd, facts.duration) },
    isShared: false,
    shareOptions: null,
    createdAt: now,
    updatedAt: now,
  };
  // Kept from here on; should the record not be written, the object goes back to expiring.
  await media.setClaimed(input.key, true);
  let created: boolean;
  try {
    created = await tracks.putNewTrack(track);
  } catch (err) {
    await media.setClaimed(input.key, false).catch(() => {});
    throw err;
  }
  if (!created) throw new Conflict('This upload is already a track', 'already_registered');
  return track;
}

export function toTrackView(t: TrackRecord): TrackView {
  return {
    id: t.id,
    title: t.title,
    artist: t.artist,
    userId: t.userId,
    audioUrl: t.audioKey,
    duration: t.duration,
    sizeBytes: t.sizeBytes,
    contentType: t.contentType,
    peaks: t.peaks,
    snippet: t.snippet,
    isShared: t.isShared,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

export const listOwnTracks = (userId: string) => tracks.listTracksOf(userId);

async function ownedTrack(userId: string, id: string): Promise<TrackRecord> {
  const track = await tracks.getTrack(id);
  if (!track) throw new NotFound('Track not found');
  if (track.userId !== userId) throw new Forbidden('This track is not yours');
  return track;
}

/**
 * A presigned GET for whoever may listen: the owner, or a participant of a share of the track.
 * The client's claims about the share are not trusted; the records decide.
 */
export async function signedUrlFor(userId: string, trackId: string): Promise<{ signedUrl: string; expiresIn: number }> {
  const track = await tracks.getTrack(trackId);
  if (!track) throw new NotFound('Track not found');
  if (track.userId !== userId && !(await sharesOfTrack(trackId)).some((s) => s.participants.includes(userId))) {
    throw new Forbidden('This track is not shared with you');
  }
  return { signedUrl: await media.presignDownload(track.audioKey, SIGNED_URL_TTL_SECONDS), expiresIn: SIGNED_URL_TTL_SECONDS };
}

export async function saveSnippet(userId: string, trackId: string, snippet: { start: number; end: number }): Promise<TrackRecord> {
  const track = await ownedTrack(userId, trackId);
  if (snippet.end > track.duration + 0.001) {
    throw new BadRequest('The snippet must end within the track', { 'snippet.end': 'The snippet must end within the track' });
  }
  return tracks.setSnippet(track.id, snippet);
}

/**
 * Deletes the caller's tracks, all or none checked first: every id must exist and be theirs. For each
 * track, what hangs on it goes first (its shares with their feedback, comments and rankings), then the
 * track's own records in one transaction, then its audio object. Nothing is left unmentioned: a track
 * whose deletion fails part-way is reported by id and stays listed (its remaining shares still reachable
 * from it), so deleting it again finishes the job; an audio object that cannot be removed is reported too.
 */
export async function deleteOwnTracks(userId: string, ids: string[]) {
  const found = await tracks.getTracks(ids);
  const byId = new Map(found.map((t) => [t.id, t]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw new NotFound(`Track not found: ${missing.join(', ')}`);
  if (found.some((t) => t.userId !== userId)) throw new Forbidden('You can only delete your own tracks');

  const deleted: string[] = [];
  const failed: { id: string; message: string }[] = [];
  for (const track of found) {
    try {
      for (const { shareId } of await sharesOfTrack(track.id)) await deleteKeys(await shareItemKeys(track.id, shareId));
      await tracks.deleteTrackRecords(track);
    } catch (err) {
      console.error('Track deletion stopped part-way', track.id, err);
      failed.push({ id: track.id, message: 'The track could not be deleted completely; please try again.' });
      continue;
    }
    deleted.push(track.id);
    try {
      await media.deleteObject(track.audioKey);
    } catch (err) {
      failed.push({ id: track.id, message: `The audio file could not be removed: ${(err as Error).message}` });
    }
  }
  return { deleted, failed };
}
