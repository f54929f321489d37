import type { ReactNode } from 'react';
import { CloseIcon } from './icons';

/** A message banner: errors red, successes green; with `onDismiss`, a button that closes it. */
export function Alert({
  tone,
  children,
  title,
  testId,
  onDismiss,
}: {
  tone: 'error' | 'success' | 'info';
  children?: ReactNode;
  title?: string;
  testId?: string;
  onDismiss?: () => void;
}) {
  return (
    <div
      className={`alert alert-${tone}${onDismiss ? ' is-dismissible' : ''}`}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId ?? `alert-${tone}`}
    >
      {title && <strong className="alert-title">{title}</strong>}
      {children && <div className="alert-body">{children}</div>}
      {onDismiss && (
        <button type="button" className="alert-dismiss" aria-label="Dismiss" onClick={onDismiss}>
          <CloseIcon width={16} height={16} />
        </button>
      )}
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
