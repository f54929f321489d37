import { decodeHeard, heardRanges, listeningSummary } from '@shared/review';
import type { ListeningView } from '@shared/schemas/shares';

/**
 * The proof of listening under the waveform: the seconds the reviewer heard, drawn along the track, and
 * 'Listened to 92% (3:41 of 4:00), 2 sessions'.
 */
export function CoverageStrip({ listening, duration }: { listening: ListeningView; duration: number }) {
  const ranges = heardRanges(decodeHeard(listening.heard, duration), duration);
  const summary = listeningSummary(listening.heardSeconds, duration, listening.sessions);
  const total = Math.max(1, Math.ceil(duration));
  return (
    <div className="coverage" data-testid="coverage">
      <div className="coverage-strip" role="img" aria-label={summary} data-testid="coverage-strip" data-heard={listening.heardSeconds}>
        {ranges.map(([from, to]) => (
          <span
            key={from}
            className="coverage-heard"
            style={{ left: `${(from / total) * 100}%`, width: `${((to - from) / total) * 100}%` }}
          />
        ))}
      </div>
      <p className="muted small coverage-summary" data-testid="coverage-summary">
        {summary}
      </p>
    </div>
  );
}
