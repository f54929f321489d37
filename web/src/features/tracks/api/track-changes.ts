/**
 * A track's changes made from the pieces that load when asked for (the snippet editor, the title's
 * editor): apart from tracks.ts, so that TanStack Query's mutation code loads with them, not with the list.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Snippet } from '@/features/tracks/utils/snippet';
import { renameTrackIn, replaceTrack, tracksQueryKey, type TrackPages } from './tracks';

export function useUpdateSnippet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, snippet }: { id: string; snippet: Snippet }) => api('updateSnippet', { id, snippet }),
    onSuccess: (track) => {
      queryClient.setQueryData<TrackPages>(tracksQueryKey, (data) => replaceTrack(data, track));
    },
  });
}

/** Renames a track (a version takes its track's title, so only a listed track is renamed). */
export function useRenameTrack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => api('renameTrack', { id, title }),
    onSuccess: (track) => {
      queryClient.setQueryData<TrackPages>(tracksQueryKey, (data) => renameTrackIn(data, track));
    },
  });
}
