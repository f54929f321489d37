import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on a phone: the scroll box takes focus so a keyboard can scroll it,
 * and a name so a screen reader can tell one table's region from the next.
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="books-table-wrap" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
