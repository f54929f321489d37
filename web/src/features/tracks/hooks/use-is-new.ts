import { useEffect, useState } from 'react';
import type { TrackView } from '@shared/schemas/tracks';
import { isNewTrack, newUntil } from '@/features/tracks/utils/track-meta';

/** Whether the track counts as new; re-renders when it stops counting. */
export function useIsNew(track: TrackView): boolean {
  const [, setTick] = useState(0);
  const remaining = newUntil(track);
  useEffect(() => {
    if (remaining === null) return;
    const timer = setTimeout(() => setTick((t) => t + 1), remaining + 50);
    return () => clearTimeout(timer);
  }, [remaining]);
  return isNewTrack(track);
}
