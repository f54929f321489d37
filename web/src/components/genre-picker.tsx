import type { ReactNode } from 'react';
import { useToggleSet } from '@/hooks/use-toggle-set';
import { MAIN_GENRES, genresSelectedText } from '@shared/genres';
import './chips.css';
import './genre-picker.css';

export const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** How many of a main genre's sub-genres are selected. */
export function countSelected(subGenres: readonly string[], selected: readonly string[]): number {
  const set = new Set(selected);
  return subGenres.filter((s) => set.has(s)).length;
}

export function toggleGenre(selected: readonly string[], genre: string): string[] {
  return selected.includes(genre) ? selected.filter((g) => g !== genre) : [...selected, genre];
}

/**
 * 'Select Your Genres': the 12 main genres, each expandable to its sub-genres as toggle chips, with a
 * count badge per main genre and 'N genre(s) selected' in the footer.
 */
export function GenrePicker({
  value,
  onChange,
  footer,
  headingLevel = 2,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  /** Rendered in the footer beside the selected count (e.g. the continue button). */
  footer?: ReactNode;
  headingLevel?: 1 | 2;
}) {
  const [open, toggleOpen] = useToggleSet();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  return (
    <section className="genre-picker" aria-labelledby="genre-picker-title" data-testid="genre-picker">
      <div className="genre-picker-head">
        <Heading id="genre-picker-title" className="section-title">
          Select Your Genres
        </Heading>
        <p className="section-subtitle">Choose the genres you work with</p>
      </div>
      <ul className="genre-groups">
        {MAIN_GENRES.map((g) => {
          const key = slug(g.name);
          const isOpen = open.has(g.name);
          const count = countSelected(g.subGenres, value);
          return (
            <li key={g.name} className={`genre-group${isOpen ? ' is-open' : ''}`}>
              <button
                type="button"
                className="genre-group-toggle"
                aria-expanded={isOpen}
                aria-controls={`genre-${key}`}
                onClick={() => toggleOpen(g.name)}
                data-testid={`genre-group-${key}`}
              >
                <span className="chevron" aria-hidden="true" />
                <span className="genre-group-name">{g.name}</span>
                {count > 0 && (
                  <span className="count-badge" data-testid={`genre-count-${key}`} aria-label={`${count} selected`}>
                    {count}
                  </span>
                )}
              </button>
              {isOpen && (
                <div className="chip-list" id={`genre-${key}`} role="group" aria-label={`${g.name} sub-genres`}>
                  {g.subGenres.map((s) => {
                    const pressed = value.includes(s);
                    return (
                      <button
                        key={s}
                        type="button"
                        className="chip"
                        aria-pressed={pressed}
                        onClick={() => onChange(toggleGenre(value, s))}
                        data-testid={`genre-chip-${slug(s)}`}
                      >
                        {pressed && (
                          <span className="chip-check" aria-hidden="true">
                            ✓
                          </span>
                        )}
                        {s}
                      </button>
                    );
                  })}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <div className={`genre-picker-footer${footer ? ' is-sticky' : ''}`}>
        <p className="genre-count" aria-live="polite" data-testid="genres-selected">
          {genresSelectedText(value.length)}
        </p>
        {footer}
      </div>
    </section>
  );
}
