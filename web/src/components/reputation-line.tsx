import { completedText, isNew, onTimeText, ratingText, turnaroundText } from '@shared/reputation';
import type { ReputationView } from '@shared/schemas/reputation';
import { StarIcon } from './icons';
import './reputation-line.css';

/**
 * A reviewer's reputation in one line: '★ 4.7 from 23 ratings · On time 96% · Usually 2 days · 31 reviews',
 * or 'New' before three ratings (with what else there is to say).
 */
export function ReputationLine({ reputation, className }: { reputation: ReputationView; className?: string }) {
  const parts = [onTimeText(reputation), turnaroundText(reputation), reputation.completed ? completedText(reputation) : null].filter(
    (p): p is string => p !== null,
  );
  const fresh = isNew(reputation);
  return (
    <p className={`reputation${className ? ` ${className}` : ''}`} data-testid="reputation">
      <span className={fresh ? 'reputation-new' : 'reputation-rating'} data-testid="reputation-rating">
        {!fresh && <StarIcon width={14} height={14} aria-hidden="true" />}
        {ratingText(reputation)}
      </span>
      {parts.map((p) => (
        <span key={p} className="reputation-part">
          {p}
        </span>
      ))}
    </p>
  );
}
