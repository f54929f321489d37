import { useId, type ReactNode } from 'react';

/**
 * A page to keep (a receipt, a statement): a panel with its title and the brand, printed as a plain sheet
 * (shared-bits.css: no app frame, no `.no-print` parts).
 */
export function PrintableSheet({
  title,
  className,
  testId,
  children,
}: {
  title: ReactNode;
  className: string;
  testId: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <article className={`panel printable ${className}`} aria-labelledby={titleId} data-testid={testId}>
      <header className="printable-head">
        <h1 id={titleId}>{title}</h1>
        <span className="printable-brand">Snip</span>
      </header>
      {children}
    </article>
  );
}
