import type { ReactNode } from 'react';
import type { ShareView } from '@shared/schemas/shares';
import { Alert } from '@/components/alert';
import { errorMessage } from '@/lib/errors';
import type { Viewer } from '@/features/feedback/utils/share';
import { ShareItem } from './share-item';

/** A list of shares with its loading, error and empty states. */
export function ShareList({
  query,
  viewer,
  empty,
  label,
  testId,
}: {
  query: { data?: ShareView[]; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  viewer: Viewer;
  empty: ReactNode;
  label: string;
  testId?: string;
}) {
  if (query.isPending) {
    return (
      <div className="tracks-loading" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <span>Loading...</span>
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert tone="error" testId="shares-error">
        {errorMessage(query.error, 'Failed to load the feedback requests')}{' '}
        <button type="button" className="link-button" onClick={() => void query.refetch()}>
          Try again
        </button>
      </Alert>
    );
  }
  const shares = query.data ?? [];
  if (shares.length === 0) {
    return (
      <div className="shares-empty" data-testid="shares-empty">
        {empty}
      </div>
    );
  }
  return (
    <ul className="share-list" aria-label={label} data-testid={testId}>
      {shares.map((s) => (
        <ShareItem key={s.id} share={s} viewer={viewer} />
      ))}
    </ul>
  );
}
