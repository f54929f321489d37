import { useState } from 'react';
import { StarIcon } from './icons';
import './star-score.css';
import './star-rating.css';

/**
 * Five star buttons for a 1-5 score. Clicking a star reports that score; the owner decides what a
 * second click on the same star does (the criteria clear it). Pointing at a star previews that score.
 * (A score shown, not given: star-score.tsx, which the lists load; this loads with the forms.)
 */
export function StarRating({
  label,
  value,
  onSelect,
  disabled = false,
  testId,
}: {
  label: string;
  value: number | null | undefined;
  onSelect: (score: number) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const [preview, setPreview] = useState<number | null>(null);
  const shown = (disabled ? null : preview) ?? value ?? 0;
  return (
    <div
      className="stars"
      role="group"
      aria-label={label}
      data-testid={testId}
      data-value={value ?? 0}
      onMouseLeave={() => setPreview(null)}
    >
      {[1, 2, 3, 4, 5].map((n) => {
        const on = n <= shown;
        return (
          <button
            key={n}
            type="button"
            className={`star${on ? ' is-on' : ''}`}
            aria-label={`${n} star${n === 1 ? '' : 's'}`}
            aria-pressed={value === n}
            onClick={() => onSelect(n)}
            onMouseEnter={() => setPreview(n)}
            disabled={disabled}
          >
            <StarIcon width={22} height={22} fill={on ? 'currentColor' : 'none'} />
          </button>
        );
      })}
    </div>
  );
}
