import { UploadIcon } from '@/components/icons';
import { preloadUpload } from '@/features/tracks/hooks/use-upload-modal';

/** Above the list: the whole panel takes a dropped file, or the user chooses one. */
export function TracksDropZone({ onBrowse }: { onBrowse: () => void }) {
  return (
    <p className="tracks-drop-zone" data-testid="tracks-drop-zone">
      <UploadIcon width={18} height={18} />
      <span>
        Drop an audio file anywhere on your tracks to upload it, or{' '}
        <button
          type="button"
          className="tracks-drop-zone-browse"
          onClick={onBrowse}
          {...preloadUpload}
          data-testid="tracks-drop-zone-browse"
        >
          choose a file
        </button>
        .
      </span>
    </p>
  );
}
