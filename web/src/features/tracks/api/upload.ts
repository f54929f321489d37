/**
 * A track's whole upload (web/src/lib/storage-upload.ts posts the file): loaded with the upload dialog, not
 * with the track list.
 */
import type { TrackView } from '@shared/schemas/tracks';
import { AUDIO_FILE_ERROR } from '@shared/constants';
import { api } from '@/lib/api';
import { audioContentType, checkAudioFile } from '@/lib/audio-file';
import { postToStorage, UploadAbortedError, type UploadProgress } from '@/lib/storage-upload';
import { versionsOf } from './tracks';

export { isAbort, rateLimitWaitMs, waitUnlessAborted } from '@/lib/storage-upload';

export interface UploadRequest {
  file: File;
  title: string;
  artist?: string;
  /** A new version of this track (its id): it keeps the track's title and artist. */
  versionOf?: string;
}

/** How long the upload dialog waits for processing before leaving the rest to the track list. */
const PROCESSING_WAIT_MS = 15_000;
const PROCESSING_CHECK_MS = 500;

/**
 * Waits a little for processing, so that a file that turns out not to be usable is reported in the
 * dialog that sent it (and its failed track removed) rather than later in the list. A long file keeps
 * processing after the wait; the list shows it.
 */
async function awaitProcessing(track: TrackView): Promise<TrackView> {
  for (const until = Date.now() + PROCESSING_WAIT_MS; track.status === 'processing' && Date.now() < until;) {
    await new Promise((r) => setTimeout(r, PROCESSING_CHECK_MS));
    // The track exists whatever happens now: a failed look is only a missed look. The newest track is on the first page.
    const list = await api('listTracks').catch(() => null);
    track = list?.tracks.flatMap(versionsOf).find((t) => t.id === track.id) ?? track;
  }
  if (track.status === 'failed') {
    await api('deleteTracks', { ids: [track.id] }).catch(() => {});
    throw new Error(track.failureReason ?? AUDIO_FILE_ERROR);
  }
  return track;
}

/**
 * The whole upload: the file is checked, a presigned POST is asked for, the file goes straight to storage
 * with progress, then the API registers it and processing checks the stored bytes. Aborting before the
 * last step leaves no track behind, and so does a file processing refuses.
 */
export async function uploadTrack(
  req: UploadRequest,
  options: { onProgress?: (p: UploadProgress) => void; onStored?: () => void; signal?: AbortSignal } = {},
): Promise<TrackView> {
  const problem = checkAudioFile(req.file);
  if (problem) throw new Error(problem);
  const contentType = audioContentType(req.file);
  if (!contentType) throw new Error(AUDIO_FILE_ERROR);
  const versionOf = req.versionOf ? { versionOf: req.versionOf } : {};
  const ticket = await api('createUploadUrl', { filename: req.file.name, contentType, size: req.file.size, ...versionOf });
  if (options.signal?.aborted) throw new UploadAbortedError();
  await postToStorage(ticket, req.file, { filename: req.file.name, onProgress: options.onProgress, signal: options.signal });
  if (options.signal?.aborted) throw new UploadAbortedError();
  options.onStored?.();
  const artist = req.artist?.trim();
  return awaitProcessing(
    await api('createTrack', { key: ticket.key, title: req.title.trim(), ...(artist ? { artist } : {}), ...versionOf }),
  );
}
