import { useEffect, useState, type RefObject } from 'react';
import { playAsLevel, type PlayAsChoice } from '@shared/play-as';
import type { TrackView } from '@shared/schemas/tracks';
import { usePlayAsRoute } from '@/components/audio-player';
import { useLoudnessMatch } from '@/features/tracks/hooks/use-loudness-match';
import { SIDES, type Side } from '@/features/tracks/hooks/use-ab-playback';

/**
 * The gains of an A/B, through the same code as the player's 'Play as' (playAsLevel, the worklet): as
 * uploaded, the louder version turned down to the other's loudness while matching is on; as a service, each
 * version at the gain that service's rule gives its own report (which matches them as its listeners hear them).
 * Both elements' audio is taken into the worklet before the first play. Where the browser cannot, the match is
 * made by the elements' volume instead (which can only turn down), and a service chosen falls back to as
 * uploaded, saying so.
 */
export function useAbGains(a: TrackView, b: TrackView, audio: Record<Side, RefObject<HTMLAudioElement | null>>) {
  const loudness = useLoudnessMatch(a, b);
  const [choice, setChoice] = useState<PlayAsChoice>('uploaded');
  const trims = choice === 'uploaded' ? loudness.gains : { A: 1, B: 1 };
  const routes = {
    A: usePlayAsRoute(audio.A, playAsLevel(choice, a.report, trims.A)),
    B: usePlayAsRoute(audio.B, playAsLevel(choice, b.report, trims.B)),
  };
  const error = routes.A.error ?? routes.B.error;

  useEffect(() => {
    for (const s of SIDES) {
      const el = audio[s].current;
      if (el) el.volume = routes[s].error ? Math.min(1, trims[s]) : 1;
    }
  });
  useEffect(() => {
    if (error) setChoice('uploaded');
  }, [error]);

  const beforePlay = async () => void (await Promise.all([routes.A.route(), routes.B.route()]));
  return {
    ...loudness,
    choice,
    choose: (next: PlayAsChoice) => (setChoice(next), void beforePlay()),
    prepare: () => void beforePlay(),
    beforePlay,
    error,
    /** The loudest sample each version played at its gain (dBFS). */
    peaks: { A: routes.A.peak, B: routes.B.peak },
  };
}
