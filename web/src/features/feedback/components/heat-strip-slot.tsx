import { useShares } from '@/features/feedback/api/shares';
import { onDemand, useOnDemand } from '@/lib/on-demand';

// The strip's code loads only for a track reviewed twice or more (most are not).
const heatStrip = onDemand(() => import('./heat-strip').then((m) => m.HeatStrip));

/** Reviews a strip weighs at most: the newest completed ones. */
const MOST_REVIEWS = 12;

/** Where the heat strip goes under a track's waveform: shown once the track has two completed reviews. */
export function HeatStripSlot({ trackId, duration }: { trackId: string; duration: number }) {
  const shares = useShares('author');
  const done = (shares.data ?? []).filter((s) => s.trackId === trackId && s.status === 'completed').slice(0, MOST_REVIEWS);
  const strip = useOnDemand(heatStrip, done.length > 1);
  if (done.length < 2 || !strip.value) return null;
  return <strip.value duration={duration} shares={done} />;
}
