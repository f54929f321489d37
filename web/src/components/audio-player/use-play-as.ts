import { useCallback, useEffect, useState, type RefObject } from 'react';
import { playAsLevel, type Measured, type PlayAsChoice } from '@shared/play-as';
import { usePlayAsRoute } from './use-play-as-route';

/**
 * 'Play as': the player's audio at the level a streaming service would play it (./use-play-as-route.ts). Until
 * the choice is first reached for, the element plays straight out. `peak` is the loudest sample played since the
 * choice (dBFS).
 */
export function usePlayAs(mediaRef: RefObject<HTMLAudioElement | null>, measured: Measured | null | undefined) {
  const [choice, setChoice] = useState<PlayAsChoice>('uploaded');
  const { route, routed, error, peak } = usePlayAsRoute(mediaRef, playAsLevel(choice, measured));
  // A browser that cannot plays as uploaded, and says so.
  useEffect(() => {
    if (error) setChoice('uploaded');
  }, [error]);

  const choose = useCallback(
    (next: PlayAsChoice) => {
      setChoice(next);
      void route();
    },
    [route],
  );
  return { choice, choose, prepare: () => void route(), routed, error, peak };
}
