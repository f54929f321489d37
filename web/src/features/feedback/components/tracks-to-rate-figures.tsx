import { useShares } from '@/features/feedback/api/shares';
import { TO_RATE } from './reviewer-tabs';

/** The tracks a reviewer has to rate, each with its loudness and true peak from its technical report. */
export function TracksToRateFigures() {
  const toRate = useShares('reviewer', TO_RATE);
  if (toRate.isPending) return <p className="muted small">Loading...</p>;
  if (toRate.isError) return <p className="muted small">Failed to load your tracks to rate.</p>;
  const measured = toRate.data.filter((s) => s.trackReport);
  if (!measured.length) return <p className="muted small">No track to rate has a report yet: each new request brings its figures.</p>;
  return (
    <ul className="analysis-list" data-testid="technical-analysis-list">
      {measured.map((s) => (
        <li key={s.id}>
          <span className="analysis-title">{s.trackTitle}</span>
          <span className="analysis-figures">
            {s.trackReport!.integratedLufs.toFixed(1)} LUFS, {s.trackReport!.truePeakDbtp?.toFixed(1) ?? '-'} dBTP, range{' '}
            {s.trackReport!.loudnessRange.toFixed(1)} LU
          </span>
        </li>
      ))}
    </ul>
  );
}
