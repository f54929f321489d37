import { useEffect, useRef, useState } from 'react';
import { useLatest } from './use-latest';

/**
 * Where the playhead is: `timeRef` at every moment (wavesurfer's, or the player's own until wavesurfer
 * arrives), `second` for what is shown, rendered about once a second while playing. The owner hears of
 * every change of `second`; a new track starts at 0.
 */
export function usePlayhead(trackId: string, onTimeChange: ((seconds: number) => void) | undefined) {
  const timeRef = useRef(0);
  const [second, setSecond] = useState(0);
  const onTimeRef = useLatest(onTimeChange);

  useEffect(() => {
    onTimeRef.current?.(second);
  }, [second, onTimeRef]);

  useEffect(() => {
    timeRef.current = 0;
    setSecond(0);
  }, [trackId]);

  return { timeRef, second, setSecond };
}
