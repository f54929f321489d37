import { Dialog } from '@/components/dialog';
import { OnDemandStatus } from '@/components/on-demand-status';
import type { useUploadModal } from '@/features/tracks/hooks/use-upload-modal';

/**
 * Where the upload modal goes: the modal itself once its chunk has arrived (kept mounted, as an upload
 * outlives it), or, when it could not load, a dialog that says so and offers to try again.
 */
export function UploadModalSlot({ upload }: { upload: ReturnType<typeof useUploadModal> }) {
  const { modal, open, file, versionOf, closeUpload } = upload;
  if (modal.value) return <modal.value open={open} initialFile={file} versionOf={versionOf} onClose={closeUpload} />;
  if (!modal.failed) return null;
  return (
    <Dialog open={open} title="Upload Track" onClose={closeUpload}>
      <OnDemandStatus {...modal} />
    </Dialog>
  );
}
