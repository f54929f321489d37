import { statusLabel, statusTone } from '@/features/feedback/utils/share';

/** A share's status: accepted green, pending yellow, declined red, anything else grey. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`badge status-badge status-${statusTone(status)}`} data-testid="share-status" data-status={status}>
      {statusLabel(status)}
    </span>
  );
}
