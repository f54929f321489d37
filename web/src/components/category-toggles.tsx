import type { CSSProperties } from 'react';
import { categoryStatusText, FEEDBACK_CATEGORIES, findCategory, type FeedbackCategoryKey } from '@shared/feedback';
import './chips.css';
import './categories.css';

/** Toggles one category in a selection, keeping the order of the vocabulary. */
export function toggleCategory(selected: readonly FeedbackCategoryKey[], key: FeedbackCategoryKey): FeedbackCategoryKey[] {
  const on = selected.includes(key);
  return FEEDBACK_CATEGORIES.map((c) => c.key).filter((k) => (k === key ? !on : selected.includes(k)));
}

/** The ten feedback categories as coloured toggle chips, with the status line under them. */
export function CategoryToggles({
  value,
  onChange,
  label = 'Categories',
  showStatus = true,
  disabled = false,
}: {
  value: readonly FeedbackCategoryKey[];
  onChange: (next: FeedbackCategoryKey[]) => void;
  label?: string;
  showStatus?: boolean;
  disabled?: boolean;
}) {
  return (
    <div className="category-toggles">
      <div className="chip-list" role="group" aria-label={label}>
        {FEEDBACK_CATEGORIES.map((c) => {
          const on = value.includes(c.key);
          return (
            <button
              key={c.key}
              type="button"
              className="chip category-chip"
              style={{ '--cat': c.colour } as CSSProperties}
              aria-pressed={on}
              onClick={() => onChange(toggleCategory(value, c.key))}
              disabled={disabled}
              data-testid={`category-${c.key}`}
            >
              <span className="category-dot" aria-hidden="true" />
              {c.label}
            </button>
          );
        })}
      </div>
      {showStatus && (
        <p className="muted small" data-testid="category-status" aria-live="polite">
          {categoryStatusText(value.length)}
        </p>
      )}
    </div>
  );
}

/**
 * Read-only categories, in their colours, shown without the tag's '#': a comment's tags ('#Mixing') or a
 * request's category keys; 'General feedback' when there are none.
 */
export function CategoryTags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) {
    return (
      <span className="tag tag-general" data-testid="comment-general">
        General feedback
      </span>
    );
  }
  return (
    <>
      {tags.map((tag) => {
        const c = findCategory(tag);
        return (
          <span key={tag} className="tag" style={{ '--cat': c?.colour } as CSSProperties} data-testid="comment-tag">
            {c?.label ?? tag}
          </span>
        );
      })}
    </>
  );
}
