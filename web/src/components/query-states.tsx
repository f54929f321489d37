import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/errors';
import { Alert } from './alert';
import './query-states.css';

/** What the states read of a query: TanStack's, or a list merged from several (the Feedback Hub's). */
export interface QueryState<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: T;
  refetch: () => unknown;
}

/**
 * The inline 'Loading...' of a panel's content: a spinner beside the text, announced politely. Its class
 * is the track list's, where it began; the admin and billing panels name theirs for their own pages.
 */
export function LoadingRow({
  text = 'Loading...',
  className = 'tracks-loading',
  testId,
}: {
  text?: string;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={className} role="status" aria-live="polite" data-testid={testId}>
      <span className="spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

/**
 * A query's content with the states before it, in the order every panel tests them: loading, then a
 * failure (an alert with the error's words and 'Try again'), then empty, then the content itself. One
 * place for the ladder, so that each panel says only what differs: its texts and test ids.
 */
export function QueryStates<T>({
  query,
  keepData = false,
  loading = <LoadingRow />,
  failed,
  errorTestId,
  retryClassName = 'link-button',
  retryTestId,
  isEmpty = false,
  empty,
  children,
}: {
  query: QueryState<T>;
  /**
   * An error with data already shown keeps the data: for a paged list, whose failed 'Load more' says so
   * itself. Otherwise any error takes the content's place.
   */
  keepData?: boolean;
  /** Shown while the first answer is awaited (default: 'Loading...' in a row). */
  loading?: ReactNode;
  /** The alert's text when the error says nothing of its own. */
  failed: string;
  errorTestId?: string;
  retryClassName?: string;
  retryTestId?: string;
  /** Whether the answer holds nothing to show, read once the query has answered. */
  isEmpty?: boolean;
  /** What is shown then. */
  empty?: ReactNode;
  /** The content, given the query's data. */
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError && !(keepData && query.data !== undefined)) {
    return (
      <Alert tone="error" testId={errorTestId}>
        {errorMessage(query.error, failed)}{' '}
        <button type="button" className={retryClassName} onClick={() => void query.refetch()} data-testid={retryTestId}>
          Try again
        </button>
      </Alert>
    );
  }
  if (isEmpty) return empty;
  return children(query.data as T);
}
