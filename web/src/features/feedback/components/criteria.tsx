import { CRITERIA, MAY_NOT_APPLY, type CriterionKey } from '@shared/feedback';
import { StarRating } from '@/components/star-rating';
import { criteriaBars, setCriterion, type Criteria } from '@/features/feedback/utils/ratings';

/**
 * The reviewer's 1-5 star score per criterion the request asks for; clicking the same star again clears
 * it. A criterion not asked (Vocals & Lyrics on an instrumental) says so instead of offering stars; one that
 * may not apply (MAY_NOT_APPLY) can be marked so by the reviewer (`onNotApplicable`), and is then not scored.
 */
export function CriteriaRatings({
  value,
  onChange,
  disabled,
  asked = CRITERIA,
  notApplicable = [],
  onNotApplicable,
}: {
  value: Criteria;
  onChange: (next: Criteria) => void;
  disabled?: boolean;
  /** The criteria the musician's request asks for. */
  asked?: readonly { key: CriterionKey; label: string }[];
  notApplicable?: readonly string[];
  onNotApplicable?: (next: string[]) => void;
}) {
  const skipped = CRITERIA.filter((c) => !asked.includes(c));
  const mayNotApply = (key: CriterionKey) => Boolean(onNotApplicable) && (MAY_NOT_APPLY as readonly string[]).includes(key);
  const toggle = (key: CriterionKey, off: boolean) => {
    onNotApplicable?.(off ? [...notApplicable, key] : notApplicable.filter((k) => k !== key));
    if (off && value[key] != null) {
      const { [key]: _cleared, ...rest } = value;
      onChange(rest);
    }
  };
  return (
    <div className="criteria-ratings" data-testid="criteria-ratings">
      {skipped.map((c) => (
        <p key={c.key} className="muted small" data-testid={`criterion-skipped-${c.key}`}>
          {c.label}: not scored, the musician says this track is an instrumental.
        </p>
      ))}
      {asked.map((c) => {
        const off = notApplicable.includes(c.key);
        return (
          <div key={c.key} className="criteria-row">
            <span className="criteria-label" id={`criterion-${c.key}`}>
              {c.label}
            </span>
            {off ? (
              <span className="muted small" data-testid={`criterion-not-applicable-${c.key}`}>
                Not scored: does not apply to this track
              </span>
            ) : (
              <StarRating
                label={c.label}
                value={value[c.key as CriterionKey] ?? null}
                onSelect={(n) => onChange(setCriterion(value, c.key, n))}
                disabled={disabled}
                testId={`criterion-${c.key}`}
              />
            )}
            {mayNotApply(c.key) && (
              <label className="small criteria-not-applicable">
                <input
                  type="checkbox"
                  checked={off}
                  onChange={(e) => toggle(c.key, e.target.checked)}
                  disabled={disabled}
                  data-testid={`criterion-na-${c.key}`}
                />{' '}
                Does not apply (no vocals)
              </label>
            )}
          </div>
        );
      })}
    </div>
  );
}

/** What the reviewer said does not apply, as the musician reads it under the scores. */
export function NotApplicableNote({ keys }: { keys?: readonly string[] }) {
  const named = CRITERIA.filter((c) => keys?.includes(c.key));
  if (!named.length) return null;
  return (
    <p className="muted small" data-testid="criteria-not-applicable">
      {named.map((c) => c.label).join(' and ')}: not scored, the reviewer says it does not apply to this track.
    </p>
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
