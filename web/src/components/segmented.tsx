import type { InputHTMLAttributes } from 'react';
import { SearchIcon } from './icons-extra';
import './search-box.css';
import '@/styles/forms.css';

export interface SegmentedOption<V> {
  value: V;
  label: string;
  /** The key that picks it where the panel around listens for it (aria-keyshortcuts). */
  keyShortcut?: string;
}

/**
 * A row of toggle buttons of which one is pressed (a filter, a type): a group named by `label`, each
 * button's test id made by `testIdOf` from its value.
 */
export function Segmented<V>({
  label,
  options,
  value,
  onChange,
  testIdOf,
  className,
  disabled = false,
  busy = false,
}: {
  label: string;
  options: readonly SegmentedOption<V>[];
  /** The value now: the option equal to it is pressed (none, for a value no option offers). */
  value: unknown;
  onChange: (value: V) => void;
  testIdOf: (value: V) => string;
  /** Classes beside 'segmented'. */
  className?: string;
  disabled?: boolean;
  /** Said while a change is being saved. */
  busy?: boolean;
}) {
  return (
    <div className={className ? `segmented ${className}` : 'segmented'} role="group" aria-label={label} aria-busy={busy || undefined}>
      {options.map((o) => (
        <button
          key={o.label}
          type="button"
          className="segmented-item"
          aria-pressed={value === o.value}
          aria-keyshortcuts={o.keyShortcut}
          disabled={disabled}
          onClick={() => onChange(o.value)}
          data-testid={testIdOf(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

/** A search input with the magnifier before it. */
export function SearchBox(input: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="search-box">
      <SearchIcon width={18} height={18} className="search-icon" />
      <input className="field-input search-input" {...input} />
    </div>
  );
}
