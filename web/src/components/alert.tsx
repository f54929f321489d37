import type { ReactNode } from 'react';

/** A message banner: errors red, successes green. */
export function Alert({
  tone,
  children,
  title,
  testId,
}: {
  tone: 'error' | 'success' | 'info';
  children?: ReactNode;
  title?: string;
  testId?: string;
}) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'} data-testid={testId ?? `alert-${tone}`}>
      {title && <strong className="alert-title">{title}</strong>}
      {children && <div className="alert-body">{children}</div>}
    </div>
  );
}

/** An alert of `message`, when there is one: an error unless said (a form's, above its fields or its buttons). */
export function AlertIf({
  message,
  tone = 'error',
  testId,
}: {
  message?: ReactNode;
  tone?: 'error' | 'success' | 'info';
  testId?: string;
}) {
  return message ? (
    <Alert tone={tone} testId={testId}>
      {message}
    </Alert>
  ) : null;
}
