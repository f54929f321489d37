import { useId, type ReactNode } from 'react';

/**
 * A panel of a page: a section named by its heading. With `actions` (or `headed`) the heading sits in the
 * panel's head row, the actions beside it.
 */
export function Panel({
  title,
  titleId,
  className,
  testId,
  headed = false,
  actions,
  children,
}: {
  title: ReactNode;
  /** The heading's id, where something else points at it too (or tests and styles name it); else one is made. */
  titleId?: string;
  /** Classes beside 'panel'. */
  className?: string;
  testId?: string;
  headed?: boolean;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const madeId = useId();
  const id = titleId ?? madeId;
  const heading = (
    <h2 id={id} className="panel-title">
      {title}
    </h2>
  );
  return (
    <section className={className ? `panel ${className}` : 'panel'} aria-labelledby={id} data-testid={testId}>
      {headed || actions ? (
        <div className="panel-head">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
