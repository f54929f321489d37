import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrackView } from '@shared/schemas/tracks';
import { AUDIO_FILE_ERROR } from '@shared/schemas/tracks';
import { api } from '@/lib/api';
import { audioContentType, checkAudioFile } from '@/features/tracks/utils/file-type';
import type { Snippet } from '@/features/tracks/utils/snippet';
import { postToStorage, UploadAbortedError, type UploadProgress } from './upload';

export const tracksQueryKey = ['tracks'] as const;

/** While a track is processing, the list is re-read this often in case a live update is missed. */
const PROCESSING_POLL_MS = 4000;

/** The signed-in user's tracks, newest first. */
export function useTracks() {
  return useQuery({
    queryKey: tracksQueryKey,
    queryFn: async () => (await api('listTracks')).tracks,
    refetchInterval: (query) => (query.state.data?.some((t) => t.status === 'processing') ? PROCESSING_POLL_MS : false),
  });
}

/** A presigned link to stream a track (valid 3600 s). */
export async function getTrackUrl(trackId: string): Promise<string> {
  const { signedUrl } = await api('getSignedUrl', { trackId });
  return signedUrl;
}

function replaceTrack(list: TrackView[] | undefined, track: TrackView): TrackView[] | undefined {
  return list?.map((t) => (t.id === track.id ? track : t));
}

export function useUpdateSnippet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, snippet }: { id: string; snippet: Snippet }) => api('updateSnippet', { id, snippet }),
    onSuccess: (track) => {
      queryClient.setQueryData<TrackView[]>(tracksQueryKey, (list) => replaceTrack(list, track));
    },
  });
}

/** Deletes one or many tracks in one call. */
export function useDeleteTracks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api('deleteTracks', { ids }),
    onSuccess: ({ deleted }) => {
      const gone = new Set(deleted);
      queryClient.setQueryData<TrackView[]>(tracksQueryKey, (list) => list?.filter((t) => !gone.has(t.id)));
      void queryClient.invalidateQueries({ queryKey: tracksQueryKey });
    },
  });
}

export interface UploadRequest {
  file: File;
  title: string;
  artist?: string;
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
  for (const until = Date.now() + PROCESSING_WAIT_MS; track.status === 'processing' && Date.now() < until; ) {
    await new Promise((r) => setTimeout(r, PROCESSING_CHECK_MS));
    // The track exists whatever happens now: a failed look is only a missed look.
    const list = await api('listTracks').catch(() => null);
    track = list?.tracks.find((t) => t.id === track.id) ?? track;
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
  const ticket = await api('createUploadUrl', { filename: req.file.name, contentType, size: req.file.size });
  if (options.signal?.aborted) throw new UploadAbortedError();
  await postToStorage(ticket, req.file, { filename: req.file.name, onProgress: options.onProgress, signal: options.signal });
  if (options.signal?.aborted) throw new UploadAbortedError();
  options.onStored?.();
  const artist = req.artist?.trim();
  return awaitProcessing(await api('createTrack', { key: ticket.key, title: req.title.trim(), ...(artist ? { artist } : {}) }));
}
