import { ConfirmDialog } from '@/components/dialog';
import type { PendingDelete } from './use-track-deletion';

export function deleteDialogText(pending: PendingDelete): { title: string; description: string; confirm: string } {
  if (pending.ids.length === 1) {
    return {
      title: 'Delete track?',
      description: `"${pending.title ?? 'This track'}" will be deleted for good, with its audio, snippet and feedback.`,
      confirm: 'Delete',
    };
  }
  const n = pending.ids.length;
  return {
    title: `Delete ${n} tracks?`,
    description: `These ${n} tracks will be deleted for good, with their audio, snippets and feedback.`,
    confirm: `Delete ${n} tracks`,
  };
}

/** The confirmation of a delete, of one track (named) or of several (counted): it is for good. */
export function DeleteTracksDialog({
  pending,
  deleting,
  error,
  onConfirm,
  onCancel,
}: {
  pending: PendingDelete | null;
  deleting: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const text = pending ? deleteDialogText(pending) : null;
  if (!text) return null;
  return (
    <ConfirmDialog
      open={!!pending}
      title={text.title}
      description={text.description}
      confirmLabel={text.confirm}
      busyLabel="Deleting..."
      busy={deleting}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId="delete-dialog"
    />
  );
}
