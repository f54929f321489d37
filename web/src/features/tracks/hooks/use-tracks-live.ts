import { useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '@/lib/realtime-provider';
import { tracksQueryKey } from '@/features/tracks/api/tracks';

/** Reloads the track list when the user's tracks change elsewhere (another tab or device). */
export function useTracksLive(): void {
  const queryClient = useQueryClient();
  useRealtime('track', () => {
    void queryClient.invalidateQueries({ queryKey: tracksQueryKey });
  });
}
