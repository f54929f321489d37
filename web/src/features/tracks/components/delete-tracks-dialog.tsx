import { ConfirmDialog } from '@/components/dialog';
import type { PendingDelete, useTrackDeletion } from '@/features/tracks/hooks/use-track-deletion';

export function deleteDialogText(pending: PendingDelete): { title: string; description: string; confirm: string } {
  if (pending.version) {
    return {
      title: 'Delete this version?',
      description: `Version ${pending.version} of "${pending.title ?? 'this track'}" will be deleted for good, with its audio, snippet and feedback. The other versions stay.`,
      confirm: `Delete v${pending.version}`,
    };
  }
  if (pending.ids.length === 1 && pending.versions && pending.versions > 1) {
    return {
      title: 'Delete track?',
      description: `"${pending.title ?? 'This track'}" will be deleted for good with all ${pending.versions} of its versions, their audio, snippets and feedback.`,
      confirm: 'Delete all versions',
    };
  }
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
export function DeleteTracksDialog({ deletion }: { deletion: ReturnType<typeof useTrackDeletion> }) {
  const { pending } = deletion;
  const text = pending ? deleteDialogText(pending) : null;
  if (!text) return null;
  return (
    <ConfirmDialog
      open={!!pending}
      title={text.title}
      description={text.description}
      confirmLabel={text.confirm}
      busyLabel="Deleting..."
      busy={deletion.deleting}
      error={deletion.error}
      onConfirm={deletion.confirm}
      onCancel={deletion.cancel}
      testId="delete-dialog"
    />
  );
}
