import type { ReactNode } from 'react';

/** One line of a description list: its term and what it says, with the hooks tests and styles use. */
export interface Fact {
  label: string;
  value: ReactNode;
  testId?: string;
  /** The line's class. */
  className?: string;
  /** The value's class. */
  valueClassName?: string;
}

/** A description list, a line per fact; a fact given as false (or null) is left out. */
export function Facts({ facts, className, testId }: { facts: (Fact | false | null | undefined)[]; className: string; testId?: string }) {
  return (
    <dl className={className} data-testid={testId}>
      {facts.map(
        (f) =>
          f && (
            <div key={f.label} className={f.className}>
              <dt>{f.label}</dt>
              <dd className={f.valueClassName} data-testid={f.testId}>
                {f.value}
              </dd>
            </div>
          ),
      )}
    </dl>
  );
}
