import { UploadIcon } from '@/components/icons';
import '@/features/tracks/drop-overlay.css';

/**
 * Over the whole panel while a file is dragged over it. The message stays in the middle of the window
 * while the panel is taller than it (CSS: sticky), so it is seen wherever the file is dragged over the list.
 */
export function TracksDropOverlay() {
  return (
    <div className="tracks-drop-overlay" aria-hidden="true" data-testid="tracks-drop-overlay">
      <div className="tracks-drop-message" data-testid="tracks-drop-message">
        <span className="drop-zone-icon">
          <UploadIcon />
        </span>
        <span className="tracks-drop-overlay-text">Drop your audio file to upload</span>
      </div>
    </div>
  );
}
