import { CRITERIA, type CriterionKey } from '@shared/feedback';
import { StarRating } from '@/components/star-rating';
import { criteriaBars, setCriterion, type Criteria } from '@/features/feedback/utils/ratings';

/**
 * The reviewer's 1-5 star score per criterion the request asks for; clicking the same star again clears
 * it. A criterion not asked (Vocals & Lyrics on an instrumental) says so instead of offering stars.
 */
export function CriteriaRatings({
  value,
  onChange,
  disabled,
  asked = CRITERIA,
}: {
  value: Criteria;
  onChange: (next: Criteria) => void;
  disabled?: boolean;
  asked?: readonly { key: CriterionKey; label: string }[];
}) {
  const skipped = CRITERIA.filter((c) => !asked.includes(c));
  return (
    <div className="criteria-ratings" data-testid="criteria-ratings">
      {skipped.map((c) => (
        <p key={c.key} className="muted small" data-testid={`criterion-skipped-${c.key}`}>
          {c.label}: not scored, the musician says this track is an instrumental.
        </p>
      ))}
      {asked.map((c) => (
        <div key={c.key} className="criteria-row">
          <span className="criteria-label" id={`criterion-${c.key}`}>
            {c.label}
          </span>
          <StarRating
            label={c.label}
            value={value[c.key as CriterionKey] ?? null}
            onSelect={(n) => onChange(setCriterion(value, c.key, n))}
            disabled={disabled}
            testId={`criterion-${c.key}`}
          />
        </div>
      ))}
    </div>
  );
}

/** The musician's reading of the scores: one bar per rated criterion. */
export function CriteriaBars({ criteria }: { criteria: Criteria }) {
  const bars = criteriaBars(criteria);
  if (bars.length === 0) return null;
  return (
    <dl className="criteria-bars" data-testid="criteria-bars">
      {bars.map((b) => (
        <div key={b.key} className="criteria-bar" data-testid="criteria-bar" data-criterion={b.key} data-score={b.score}>
          <dt>{b.label}</dt>
          <dd>
            <span className="criteria-track" role="meter" aria-label={b.label} aria-valuemin={0} aria-valuemax={5} aria-valuenow={b.score}>
              <span className="criteria-fill" style={{ width: `${b.percent}%` }} />
            </span>
            <span className="criteria-score">{b.score}/5</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
