import { Alert } from '@/components/alert';
import type { DeleteFailure } from '@/features/tracks/hooks/use-track-deletion';

/** The tracks a delete could not fully remove, each with the API's reason, until dismissed. */
export function DeleteFailuresAlert({ failures, onDismiss }: { failures: DeleteFailure[]; onDismiss: () => void }) {
  return (
    <Alert tone="error" title="Some tracks could not be fully deleted:" testId="delete-failed">
      <ul className="delete-failed-list">
        {failures.map((f) => (
          <li key={f.id}>
            <strong>{f.title}</strong>: {f.message}
          </li>
        ))}
      </ul>
      <button type="button" className="link-button" onClick={onDismiss}>
        Dismiss
      </button>
    </Alert>
  );
}
