import type { TrackView } from '@shared/schemas/tracks';
import { preloadConfirm } from '@/components/dialog';
import { MessageIcon, ScissorsIcon, SendIcon, TrashIcon, UploadIcon, WaveIcon } from '@/components/icons';
import { snippetEditor, technicalReport, versionCompare, type RowPanels } from '@/features/tracks/hooks/use-track-row-panels';
import { versionedTitle } from '@shared/track-version';
import { PanelToggle } from './panel-toggle';

/**
 * Under a ready version's waveform: the toggles of the row's panels (A/B only with two versions ready to
 * compare), New version, and Get feedback on the version shown.
 */
export function TrackActions({
  track,
  panels,
  comparable,
  onNewVersion,
  onGetFeedback,
}: {
  track: TrackView;
  panels: RowPanels;
  comparable: boolean;
  onNewVersion?: () => void;
  onGetFeedback?: (version: TrackView) => void;
}) {
  return (
    <div className="track-actions">
      <PanelToggle panel={panels.snippet} testId="track-snippet-toggle" preloads={snippetEditor}>
        <ScissorsIcon width={16} height={16} />
        Snippet
      </PanelToggle>
      <PanelToggle panel={panels.feedback} testId="track-feedback-toggle">
        <MessageIcon width={16} height={16} />
        Feedback
      </PanelToggle>
      <PanelToggle panel={panels.report} testId="track-report-toggle" preloads={technicalReport}>
        <WaveIcon width={16} height={16} />
        Report
      </PanelToggle>
      {comparable && (
        <PanelToggle panel={panels.compare} testId="track-compare-toggle" preloads={versionCompare}>
          <WaveIcon width={16} height={16} />
          A/B
        </PanelToggle>
      )}
      {onNewVersion && (
        <button type="button" className="chip-button" onClick={onNewVersion} data-testid="track-new-version">
          <UploadIcon width={16} height={16} />
          New version
        </button>
      )}
      <span className="track-actions-spacer" />
      <button
        type="button"
        className="btn btn-primary btn-sm"
        onClick={() => onGetFeedback?.(track)}
        disabled={!onGetFeedback}
        aria-label={`Get feedback on ${versionedTitle(track)}`}
        data-testid="track-get-feedback"
      >
        <SendIcon width={16} height={16} />
        Get feedback
      </button>
    </div>
  );
}

/** A version that failed is deleted on its own (the track's delete would take every version). */
export function FailedVersionActions({ track, onDelete }: { track: TrackView; onDelete: (version: TrackView) => void }) {
  return (
    <div className="track-actions">
      <button type="button" className="chip-button" onClick={() => onDelete(track)} {...preloadConfirm} data-testid="track-version-delete">
        <TrashIcon width={16} height={16} />
        Delete v{track.version}
      </button>
    </div>
  );
}
