import { StarIcon } from './icons';
import './star-score.css';

/** A read-only score as stars. */
export function StarScore({ value, label }: { value: number; label?: string }) {
  return (
    <span className="stars stars-static" role="img" aria-label={label ?? `${value} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon
          key={n}
          width={16}
          height={16}
          className={`star-static${n <= value ? ' is-on' : ''}`}
          fill={n <= value ? 'currentColor' : 'none'}
        />
      ))}
    </span>
  );
}
