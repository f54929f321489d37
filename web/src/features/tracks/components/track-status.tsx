import type { TrackView } from '@shared/schemas/tracks';
import { AlertIcon } from '@/components/icons';

/** Instead of the player while the audio is not ready: processing, or why it failed and what to do. */
export function TrackStatus({ track }: { track: TrackView }) {
  if (track.status === 'processing') {
    return (
      <div className="track-status" role="status" data-testid="track-processing">
        <span className="spinner" aria-hidden="true" />
        <div>
          <p className="track-status-title">Processing...</p>
          <p className="muted small">Checking the file and drawing its waveform. It plays here in a moment.</p>
        </div>
      </div>
    );
  }
  return (
    <div className="track-status track-status-failed" role="alert" data-testid="track-failed">
      <AlertIcon width={20} height={20} />
      <div>
        <p className="track-status-title">This file could not be used</p>
        <p className="small" data-testid="track-failure-reason">
          {track.failureReason ?? 'Processing failed.'} Delete it and upload the file again.
        </p>
      </div>
    </div>
  );
}
