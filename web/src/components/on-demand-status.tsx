import { Alert } from './alert';
import { LoadingRow } from './query-states';

/** In place of a part of the page whose code is loading, or could not load (see lib/on-demand.ts). */
export function OnDemandStatus({ failed, retry, testId }: { failed: boolean; retry: () => void; testId?: string }) {
  if (failed) {
    return (
      <Alert tone="error" testId={testId}>
        This part of the page could not load. Check your connection.{' '}
        <button type="button" className="link-button" onClick={retry}>
          Try again
        </button>
      </Alert>
    );
  }
  return <LoadingRow />;
}
