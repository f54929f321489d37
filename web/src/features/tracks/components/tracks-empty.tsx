import { Button } from '@/components/button';
import { UploadIcon, WaveIcon } from '@/components/icons';
import { preloadUpload } from '@/features/tracks/hooks/use-upload-modal';

/** No tracks yet: what the list is for, and the way to the first upload. */
export function TracksEmpty({ onUpload }: { onUpload: () => void }) {
  return (
    <div className="tracks-empty" data-testid="tracks-empty">
      <span className="tracks-empty-icon">
        <WaveIcon width={28} height={28} />
      </span>
      <h3>No tracks yet</h3>
      <p className="muted">
        Upload your first track<span className="drop-hint"> (or drop an audio file here)</span> to trim a snippet and get feedback from
        peers and pros.
      </p>
      <Button variant="secondary" onClick={onUpload} {...preloadUpload}>
        <UploadIcon width={18} height={18} />
        Upload your first track
      </Button>
    </div>
  );
}
