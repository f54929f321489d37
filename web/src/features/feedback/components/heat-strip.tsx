import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShareView } from '@shared/schemas/shares';
import { commentPlace } from '@shared/clock';
import { formatTime } from '@/components/audio-player';
import { api } from '@/lib/api';
import { useToggleSet } from '@/hooks/use-toggle-set';
import { shareDetailKey } from '@/features/feedback/api/shares';
import { categoryColour, categoryLabel } from '@/features/feedback/utils/comments';
import { heatBins, type HeatBin, type ReviewComments } from '@/features/feedback/utils/heat';
import '@/features/feedback/heat-strip.css';

const BINS = 48;

/**
 * Where reviewers agree: under a track's waveform, the stretches its reviewers commented on, the more
 * comments the stronger, coloured by their main category; a reviewer can be left out, and a stretch
 * clicked lists its comments. The reviews are the completed requests' (read as the hub reads them).
 */
export function HeatStrip({ duration, shares }: { duration: number; shares: ShareView[] }) {
  const client = useQueryClient();
  // One query for the strip over each review's own (shared with the hub, read from it when there): a set
  // of queries (useQueries) would put TanStack's observer of many into every page's first load.
  const ids = shares.map((s) => s.id);
  const details = useQuery({
    queryKey: ['heat-strip', ...ids],
    queryFn: () =>
      Promise.all(ids.map((id) => client.ensureQueryData({ queryKey: shareDetailKey(id), queryFn: () => api('getShare', { id }) }))),
  });
  const [hidden, toggle] = useToggleSet();
  const [picked, setPicked] = useState<number | null>(null);
  const reviews: ReviewComments[] = (details.data ?? []).map((d) => ({
    shareId: d.share.id,
    reviewerName: d.share.sharedWithName,
    comments: d.comments.filter((c) => c.userId === d.share.sharedWithUserId),
  }));
  if (reviews.length < 2) return null;
  const bins = heatBins(
    reviews.filter((r) => !hidden.has(r.shareId)),
    duration,
    BINS,
  );
  const chosen: HeatBin | null = picked === null ? null : bins[picked];

  return (
    <section className="heat-strip" aria-label="Where reviewers agree" data-testid="heat-strip">
      <div className="heat-strip-head">
        <span className="small heat-strip-title">Where reviewers agree</span>
        <div className="heat-strip-filter" role="group" aria-label="Reviewers shown">
          {reviews.map((r) => (
            <button
              key={r.shareId}
              type="button"
              className={`chip-button${hidden.has(r.shareId) ? '' : ' is-active'}`}
              aria-pressed={!hidden.has(r.shareId)}
              onClick={() => toggle(r.shareId)}
              data-testid="heat-reviewer"
            >
              {r.reviewerName}
            </button>
          ))}
        </div>
      </div>
      <div className="heat-strip-cells">
        {bins.map((b, i) =>
          b.count ? (
            <button
              key={i}
              type="button"
              className={`heat-cell${picked === i ? ' is-picked' : ''}`}
              style={{
                flexGrow: 1,
                opacity: 0.25 + 0.75 * b.heat,
                background: (b.category && categoryColour(b.category)) || 'var(--pink)',
              }}
              aria-label={`${formatTime(b.start)}-${formatTime(b.end)}: ${b.count} ${b.count === 1 ? 'comment' : 'comments'} from ${b.reviewers} ${b.reviewers === 1 ? 'reviewer' : 'reviewers'}${b.category ? `, mostly ${categoryLabel(b.category)}` : ''}`}
              aria-pressed={picked === i}
              onClick={() => setPicked(picked === i ? null : i)}
              data-testid="heat-cell"
              data-count={b.count}
            />
          ) : (
            <span key={i} className="heat-cell is-empty" style={{ flexGrow: 1 }} aria-hidden="true" />
          ),
        )}
      </div>
      {/* Its own timeline (the waveform above is narrower): where it starts and ends. */}
      <div className="heat-strip-scale muted small" aria-hidden="true">
        <span>0:00</span>
        <span>{formatTime(duration)}</span>
      </div>
      {chosen && (
        <ul
          className="heat-comments"
          aria-label={`Comments at ${formatTime(chosen.start)}-${formatTime(chosen.end)}`}
          data-testid="heat-comments"
        >
          {chosen.comments.map((c) => (
            <li key={`${c.shareId}-${c.id}`}>
              <span className="heat-comment-time">{commentPlace(c)}</span>
              <span className="heat-comment-who">{c.reviewerName}</span>
              <span className="heat-comment-text">{c.text}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
