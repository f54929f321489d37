import { useEffect, useRef, type RefObject } from 'react';
import { watchStalls } from './stall-watch';
import type { SourceState } from './types';

export const rangesOf = (ranges: TimeRanges | undefined): [number, number][] =>
  ranges ? Array.from({ length: ranges.length }, (_, i): [number, number] => [ranges.start(i), ranges.end(i)]) : [];

/**
 * A stream that stalls while playing is loaded again from where it stood, with the same link (so the same
 * listening session). A reload empties the element's `played`: what it held is kept in the ref returned,
 * for the track the player shows.
 */
export function useStallReload(mediaRef: RefObject<HTMLAudioElement | null>, sourceRef: RefObject<SourceState>, trackId: string) {
  const playedBefore = useRef<[number, number][]>([]);
  useEffect(() => void (playedBefore.current = []), [trackId]);
  useEffect(() => {
    const media = mediaRef.current;
    if (!media) return;
    return watchStalls(media, () => {
      if (sourceRef.current.state !== 'ready') return;
      const at = media.currentTime;
      playedBefore.current = [...playedBefore.current, ...rangesOf(media.played)];
      media.addEventListener('loadedmetadata', () => (media.currentTime = at), { once: true });
      media.load();
      // A play the browser refuses (an expired link) ends in the media's error, and the next play asks for a fresh link.
      media.play().catch(() => {});
    });
  }, [mediaRef, sourceRef]);
  return playedBefore;
}
