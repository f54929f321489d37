import { useCallback, useEffect, useId, useRef, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import type { TrackView } from '@shared/schemas/tracks';
import { AudioPlayer, formatTime, type AudioPlayerHandle } from '@/components/audio-player';
import { AlertIcon, MessageIcon, ScissorsIcon, SendIcon, TrashIcon, WaveIcon } from '@/components/icons';
import { getTrackLane, getTrackUrl } from '@/features/tracks/api/tracks';
import type { Snippet } from '@/features/tracks/utils/snippet';
import { formatDate, isNewTrack, newUntil } from '@/features/tracks/utils/track-meta';
import { OnDemandStatus } from '@/components/on-demand-status';
import { onDemand, preload, useOnDemand } from '@/lib/on-demand';

// The snippet editor's code loads at the first sign of opening it (a pointer over Snippet, or focus).
const snippetEditor = onDemand(() => import('./snippet-editor').then((m) => m.SnippetEditor));
// So is the technical report's (opened by few, so not part of the dashboard's first load).
const technicalReport = onDemand(() => import('@/components/technical-report').then((m) => m.TechnicalReport));

/** Re-renders when the track stops counting as new. */
function useIsNew(track: TrackView): boolean {
  const [, setTick] = useState(0);
  const remaining = newUntil(track);
  useEffect(() => {
    if (remaining === null) return;
    const timer = setTimeout(() => setTick((t) => t + 1), remaining + 50);
    return () => clearTimeout(timer);
  }, [remaining]);
  return isNewTrack(track);
}

/** Instead of the player while the audio is not ready: processing, or why it failed and what to do. */
function TrackStatus({ track }: { track: TrackView }) {
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

/** One of the user's tracks: selection, title, the player, and the snippet and feedback areas under it. */
export function TrackRow({
  track,
  selected,
  onSelect,
  onDelete,
  onGetFeedback,
  feedback,
}: {
  track: TrackView;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onDelete: () => void;
  /** Opens the request-feedback dialog for this track. */
  onGetFeedback?: () => void;
  /** What the feedback view shows (the requests made for this track and their feedback). */
  feedback?: ReactNode;
}) {
  const isNew = useIsNew(track);
  const [snippetOpen, setSnippetOpen] = useState(false);
  const editor = useOnDemand(snippetEditor, snippetOpen);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const report = useOnDemand(technicalReport, reportOpen);
  const [draft, setDraft] = useState<Snippet | null>(null);
  const [playing, setPlaying] = useState(false);
  const [auditioning, setAuditioning] = useState(false);
  const player = useRef<AudioPlayerHandle>(null);
  const baseId = useId();
  const snippetId = `${baseId}-snippet`;
  const feedbackId = `${baseId}-feedback`;
  const reportId = `${baseId}-report`;

  const loadUrl = useCallback(() => getTrackUrl(track.id), [track.id]);
  const onPlayingChange = useCallback((p: boolean) => {
    setPlaying(p);
    if (!p) setAuditioning(false);
  }, []);

  const audition = (range: Snippet) => {
    if (auditioning && playing) {
      player.current?.pause();
      return;
    }
    setAuditioning(true);
    void player.current?.playRange(range.start, range.end);
  };

  return (
    <li className={`track-row${selected ? ' is-selected' : ''}`} data-testid="track-row" data-track-id={track.id}>
      <div className="track-row-head">
        <label className="track-check">
          <input
            type="checkbox"
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
            aria-label={`Select ${track.title}`}
            data-testid="track-select"
          />
        </label>
        <div className="track-info">
          <div className="track-title-line">
            <h3 className="track-title" data-testid="track-title">
              {track.title}
            </h3>
            {isNew && (
              <span className="badge badge-new" data-testid="track-new">
                New
              </span>
            )}
          </div>
          <p className="track-meta">
            {track.artist && <span className="track-artist">{track.artist}</span>}
            {track.status === 'ready' && <span data-testid="track-duration">{formatTime(track.duration)}</span>}
            <span>{formatDate(track.createdAt)}</span>
          </p>
        </div>
        <button
          type="button"
          className="icon-button icon-button-danger"
          onClick={onDelete}
          aria-label={`Delete ${track.title}`}
          title="Delete"
          data-testid="track-delete"
        >
          <TrashIcon />
        </button>
      </div>

      {track.status === 'ready' ? (
        <>
          <AudioPlayer ref={player} track={track} loadUrl={loadUrl} region={snippetOpen ? draft : null} onPlayingChange={onPlayingChange} />

          <div className="track-actions">
            <PanelToggle
              open={snippetOpen}
              onToggle={setSnippetOpen}
              controls={snippetId}
              testId="track-snippet-toggle"
              onPointerEnter={() => preload(snippetEditor)}
              onFocus={() => preload(snippetEditor)}
            >
              <ScissorsIcon width={16} height={16} />
              Snippet
            </PanelToggle>
            <PanelToggle open={feedbackOpen} onToggle={setFeedbackOpen} controls={feedbackId} testId="track-feedback-toggle">
              <MessageIcon width={16} height={16} />
              Feedback
            </PanelToggle>
            <PanelToggle
              open={reportOpen}
              onToggle={setReportOpen}
              controls={reportId}
              testId="track-report-toggle"
              onPointerEnter={() => preload(technicalReport)}
              onFocus={() => preload(technicalReport)}
            >
              <WaveIcon width={16} height={16} />
              Report
            </PanelToggle>
            <span className="track-actions-spacer" />
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={onGetFeedback}
              disabled={!onGetFeedback}
              aria-label={`Get feedback on ${track.title}`}
              data-testid="track-get-feedback"
            >
              <SendIcon width={16} height={16} />
              Get feedback
            </button>
          </div>
        </>
      ) : (
        <TrackStatus track={track} />
      )}

      {snippetOpen &&
        (editor.value ? (
          <editor.value id={snippetId} track={track} onDraftChange={setDraft} onAudition={audition} auditioning={auditioning && playing} />
        ) : (
          <div id={snippetId}>
            <OnDemandStatus {...editor} />
          </div>
        ))}

      {reportOpen &&
        (report.value ? (
          <report.value id={reportId} trackId={track.id} report={track.report} loadLane={() => getTrackLane(track.id)} />
        ) : (
          <div id={reportId}>
            <OnDemandStatus {...report} />
          </div>
        ))}

      {feedbackOpen &&
        (feedback ? (
          <section
            className="feedback-view feedback-view-list"
            id={feedbackId}
            aria-label={`Feedback on ${track.title}`}
            data-testid="feedback-view"
          >
            {feedback}
          </section>
        ) : (
          <section className="feedback-view" id={feedbackId} aria-label={`Feedback on ${track.title}`} data-testid="feedback-view">
            <MessageIcon />
            <div>
              <p className="feedback-view-title">No feedback yet</p>
              <p className="muted small">Ask a peer or a pro with Get feedback; their ratings and timestamped comments will show here.</p>
            </div>
          </section>
        ))}
    </li>
  );
}

/** A chip that opens and closes one of the row's panels (`controls`: its id). */
function PanelToggle({
  open,
  onToggle,
  controls,
  testId,
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onToggle'> & {
  open: boolean;
  onToggle: (change: (open: boolean) => boolean) => void;
  controls: string;
  testId: string;
}) {
  return (
    <button
      type="button"
      className={`chip-button${open ? ' is-active' : ''}`}
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => onToggle((o) => !o)}
      data-testid={testId}
      {...rest}
    />
  );
}
