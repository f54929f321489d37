import { Dialog, loadDialogs } from '@/components/dialog';
import { OnDemandStatus } from '@/components/on-demand-status';
import { onDemand, preload, useOnDemand } from '@/lib/on-demand';
import type { useTrackDeletion } from '@/features/tracks/hooks/use-track-deletion';

/** The delete confirmation (delete-tracks-dialog.tsx) comes with the dialogs' code, the first time a delete is asked. */
const deleteDialog = onDemand(() => Promise.all([import('./delete-tracks-dialog'), loadDialogs()]).then(([m]) => m.DeleteTracksDialog));

/** Spread on a button that asks to delete: pointing at it or focusing it starts loading the confirmation. */
export const preloadDeletion = { onPointerEnter: () => preload(deleteDialog), onFocus: () => preload(deleteDialog) };

/**
 * Where the delete confirmation goes: the confirmation once its code has arrived, or, when it could not
 * load, a dialog that says so and offers to try again.
 */
export function DeleteDialogSlot({ deletion }: { deletion: ReturnType<typeof useTrackDeletion> }) {
  const { value: Confirmation, failed, retry } = useOnDemand(deleteDialog, Boolean(deletion.pending));
  if (Confirmation) return <Confirmation deletion={deletion} />;
  if (!failed) return null;
  return (
    <Dialog open={Boolean(deletion.pending)} title="Delete" onClose={deletion.cancel}>
      <OnDemandStatus failed retry={retry} />
    </Dialog>
  );
}
