import * as z from 'zod/mini';
import { AUDIO_FILE_ERROR, MAX_BULK_DELETE, MAX_TRACK_BYTES } from '../constants.js';
import { cursorField, secondsField, textField } from './common.js';
import { reportSummary } from './technical-report.js';
import { PREVIEWED_PROFILES } from '../codec-profiles.js';

// In constants.ts, so that what only needs the text (the dashboard's first load) does not build these schemas.
export { AUDIO_FILE_ERROR, LOAD_AUDIO_ERROR, PROCESSING_STALLED_ERROR, UPLOAD_FAILED_ERROR } from '../constants.js';

export const TRACK_STATUSES = ['processing', 'ready', 'failed'] as const;
export type TrackStatus = (typeof TRACK_STATUSES)[number];

const id = z.string().check(z.uuid('Invalid track id'));

export const titleField = textField().check(z.minLength(1, 'Track title is required'), z.maxLength(200, 'Track title is too long'));

export const snippetSchema = z
  .object({ start: secondsField('The snippet start'), end: secondsField('The snippet end') }, { error: 'The snippet is required' })
  // In whole milliseconds (the bounds are rounded to them): 1.001 - 0.001 is 0.9999999999999999 in floating point.
  .check(
    z.refine((s) => Math.round(s.end * 1000) - Math.round(s.start * 1000) >= 1000, {
      message: 'The snippet must be at least 1 second long',
      path: ['end'],
    }),
  );

/**
 * A track as the API returns it. `peaks`: base64 of PEAKS_COUNT bytes (0-255 amplitude) for the waveform.
 * Until `status` is `ready`, the audio is being verified and measured: no duration, no peaks, no audio.
 */
export const trackView = z.object({
  id: z.string(),
  title: z.string(),
  artist: z.nullable(z.string()),
  userId: z.string(),
  status: z.enum(TRACK_STATUSES),
  /** Why processing refused the file, when `failed`. */
  failureReason: z.nullable(z.string()),
  audioUrl: z.string(),
  duration: z.number(),
  sizeBytes: z.int(),
  contentType: z.string(),
  peaks: z.string(),
  /** Null until it is ready, and for tracks processed before reports until they are measured again. */
  report: z.nullable(reportSummary),
  /** 1 for the track itself; a later version (2, 3, ...) names its track in `stackId`. */
  version: z.int(),
  stackId: z.nullable(z.string()),
  snippet: z.object({ start: z.number(), end: z.number() }),
  isShared: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TrackView = z.infer<typeof trackView>;

/** A listed track (v1) with its later versions, oldest first (empty when it has none). */
export const trackStackView = z.extend(trackView, { versions: z.array(trackView) });
export type TrackStackView = z.infer<typeof trackStackView>;

/** What an upload ticket asks about the audio file: its name, its type and its size, up to `maxBytes`. */
export const audioFileFields = (maxBytes: number, tooLarge: string) => ({
  filename: textField().check(z.minLength(1, 'A file name is required'), z.maxLength(255, 'The file name is too long')),
  contentType: z.string().check(z.regex(/^audio\/[\w.+-]+$/, AUDIO_FILE_ERROR)),
  // Bounds first, so a huge number reads 'larger than 200 MB' rather than 'not a whole number'.
  size: z
    .number({ error: 'The file size must be a number of bytes' })
    .check(z.gte(1, 'The file is empty'), z.lte(maxBytes, tooLarge), z.int({ error: 'The file size must be a whole number of bytes' })),
});

export const createUploadInput = z.strictObject({
  ...audioFileFields(MAX_TRACK_BYTES, 'The file is larger than 200 MB'),
  /** For a new version of this track (its id). */
  versionOf: z.optional(id),
});

export const uploadTicket = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  expiresAt: z.string(),
});
export type UploadTicket = z.infer<typeof uploadTicket>;

export const createTrackInput = z.strictObject({
  key: z.string().check(z.minLength(1), z.maxLength(600)),
  title: titleField,
  artist: z.optional(textField().check(z.maxLength(200, 'The artist name is too long'))),
  /** A new version of this track (its id): the version takes the track's title and artist. */
  versionOf: z.optional(id),
});

export const listTracksInput = z.strictObject({ cursor: cursorField });
/** A page of the caller's tracks, newest first: `next` continues it (null after the last), `total` counts them all. */
export const trackListView = z.object({ tracks: z.array(trackStackView), next: z.nullable(z.string()), total: z.int() });

export const signedUrlInput = z.strictObject({
  trackId: id,
  sharedById: z.optional(z.string().check(z.maxLength(64))),
  sharedWithId: z.optional(z.string().check(z.maxLength(64))),
  trackAudioUrl: z.optional(z.string().check(z.maxLength(600))),
  /** A codec preview's encoding of the track's audio to play instead (the report's 'After encoding'). */
  preview: z.optional(z.enum(PREVIEWED_PROFILES)),
});
export const signedUrlView = z.object({ signedUrl: z.string(), expiresIn: z.number() });

/**
 * A listening session: the reviewer's player asks for a request's track (`id`: the request), and the server
 * records the session it gives with the audio (shared/schemas/shares.ts reportListeningInput names it).
 */
export const listeningSessionInput = z.strictObject({ id: z.string().check(z.uuid('Invalid request id')) });
export const listeningSessionView = z.object({ signedUrl: z.string(), expiresIn: z.number(), session: z.string() });
export type ListeningSessionView = z.infer<typeof listeningSessionView>;

/** A track's whole technical report, for whoever may listen to it. */
export const trackReportInput = z.strictObject({ trackId: id });

/** Every version of the owner's track that `trackId` is (or is a version of), oldest first. */
export const trackVersionsInput = z.strictObject({ trackId: id });
export const trackVersionsView = z.object({ versions: z.array(trackView) });

export const updateSnippetInput = z.strictObject({ id, snippet: snippetSchema });

/** A new title for a track (v1: its versions take it too), under the same rules as at upload. */
export const renameTrackInput = z.strictObject({ id, title: titleField });

export const deleteTracksInput = z.strictObject({
  ids: z.pipe(
    z.array(id).check(z.minLength(1, 'Select at least one track'), z.maxLength(MAX_BULK_DELETE)),
    z.transform((l) => [...new Set(l)]),
  ),
});
/**
 * `failed`: tracks not completely removed, with why: either the deletion stopped part-way (the track is still
 * listed; deleting it again finishes) or its records are gone but its audio object could not be removed.
 */
export const deleteTracksView = z.object({
  deleted: z.array(z.string()),
  failed: z.array(z.object({ id: z.string(), message: z.string() })),
});

/** What the realtime channel sends: an entity changed (for share-related entities `id` is the share's); subscribers reload what they show. */
export const realtimeMessage = z.object({
  type: z.literal('change'),
  entity: z.enum(['track', 'share', 'comment', 'feedback', 'ranking']),
  id: z.string(),
  action: z.enum(['insert', 'modify', 'remove']),
});
export type RealtimeMessage = z.infer<typeof realtimeMessage>;
