import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type { TrackStackView, TrackView } from '@shared/schemas/tracks';
import { AudioPlayer, formatTime, type AudioPlayerHandle } from '@/components/audio-player';
import { preloadConfirm } from '@/components/dialog';
import { AlertIcon, MessageIcon, ScissorsIcon, SendIcon, TrashIcon, UploadIcon, WaveIcon } from '@/components/icons';
import { getTrackLane, getTrackUrl, versionsOf } from '@/features/tracks/api/tracks';
import type { Snippet } from '@/features/tracks/utils/snippet';
import { formatDate, isNewTrack, newUntil } from '@/features/tracks/utils/track-meta';
import { OnDemandStatus } from '@/components/on-demand-status';
import { TrackTitle } from './track-title';
import { onDemand, preload, useOnDemand, type OnDemand } from '@/lib/on-demand';
import { versionedTitle } from '@shared/track-version';

// The snippet editor's code loads at the first sign of opening it (a pointer over Snippet, or focus).
const snippetEditor = onDemand(() => import('./snippet-editor').then((m) => m.SnippetEditor));
// So is the technical report's (opened by few, so not part of the dashboard's first load), and the A/B
// comparison of versions.
const technicalReport = onDemand(() => import('@/components/technical-report').then((m) => m.TechnicalReport));
const versionCompare = onDemand(() => import('./version-compare').then((m) => m.VersionCompare));

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

/**
 * Which version a row shows: the newest, unless another was picked. A new version, once it arrives, is
 * shown (the pick is forgotten), and so is the newest when the picked one is deleted.
 */
function useShownVersion(stack: TrackStackView) {
  const all = versionsOf(stack);
  const newest = all[all.length - 1];
  const [picked, setPicked] = useState<{ id: string; newest: string } | null>(null);
  const shown = (picked?.newest === newest.id && all.find((v) => v.id === picked.id)) || newest;
  return { all, shown, pick: (id: string) => setPicked({ id, newest: newest.id }) };
}

/**
 * One of the user's tracks: selection, title, the versions, the player of the version shown, and the
 * snippet, feedback and report areas under it (each about that version).
 */
export function TrackRow({
  track: stack,
  selected,
  onSelect,
  onDelete,
  onDeleteVersion,
  onNewVersion,
  onGetFeedback,
  renderFeedback,
  renderUnderWave,
}: {
  track: TrackStackView;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  /** Deletes the track, with all its versions. */
  onDelete: () => void;
  /** Deletes one later version. */
  onDeleteVersion?: (version: TrackView) => void;
  /** Opens the upload dialog for a new version. */
  onNewVersion?: () => void;
  /** Opens the request-feedback dialog for this version. */
  onGetFeedback?: (version: TrackView) => void;
  /** What the feedback view shows (the requests made for this version and their feedback). */
  renderFeedback?: (version: TrackView) => ReactNode;
  /** What goes right under the version's waveform (where its reviewers agree). */
  renderUnderWave?: (version: TrackView) => ReactNode;
}) {
  const { all, shown: track, pick } = useShownVersion(stack);
  const feedback = renderFeedback?.(track);
  // The player names the version it plays ('Play Night Drive (v2)').
  const playable = useMemo(() => ({ ...track, title: versionedTitle(track) }), [track]);
  const isNew = useIsNew(all[all.length - 1]);
  const [renaming, setRenaming] = useState(false);
  const renameOnF2 = (e: KeyboardEvent) => {
    if (e.key !== 'F2') return;
    e.preventDefault();
    setRenaming(true);
  };
  const [snippetOpen, setSnippetOpen] = useState(false);
  const editor = useOnDemand(snippetEditor, snippetOpen);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const report = useOnDemand(technicalReport, reportOpen);
  const [compareOpen, setCompareOpen] = useState(false);
  const compare = useOnDemand(versionCompare, compareOpen);
  const comparable = all.filter((v) => v.status === 'ready').length > 1;
  const [draft, setDraft] = useState<Snippet | null>(null);
  const [playing, setPlaying] = useState(false);
  const [auditioning, setAuditioning] = useState(false);
  const player = useRef<AudioPlayerHandle>(null);
  const baseId = useId();
  const snippetId = `${baseId}-snippet`;
  const feedbackId = `${baseId}-feedback`;
  const reportId = `${baseId}-report`;
  const compareId = `${baseId}-compare`;

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
    <li className={`track-row${selected ? ' is-selected' : ''}`} data-testid="track-row" data-track-id={stack.id}>
      <div className="track-row-head">
        <label className="track-check">
          <input
            type="checkbox"
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
            // F2 renames the row's track, as in a file list (the rename button answers it too).
            onKeyDown={renameOnF2}
            aria-label={`Select ${stack.title}`}
            data-testid="track-select"
          />
        </label>
        <div className="track-info">
          <div className="track-title-line">
            <TrackTitle trackId={stack.id} title={track.title} editing={renaming} onEditingChange={setRenaming} />
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
          {...preloadConfirm}
          aria-label={all.length > 1 ? `Delete ${stack.title} and all its versions` : `Delete ${stack.title}`}
          title="Delete"
          data-testid="track-delete"
        >
          <TrashIcon />
        </button>
      </div>

      {all.length > 1 && <VersionPicker all={all} shown={track} onPick={pick} onDelete={onDeleteVersion} />}

      {track.status === 'ready' ? (
        <>
          <AudioPlayer
            key={track.id}
            ref={player}
            track={playable}
            loadUrl={loadUrl}
            region={snippetOpen ? draft : null}
            onPlayingChange={onPlayingChange}
          />
          {renderUnderWave?.(track)}

          <div className="track-actions">
            <PanelToggle
              open={snippetOpen}
              onToggle={setSnippetOpen}
              controls={snippetId}
              testId="track-snippet-toggle"
              preloads={snippetEditor}
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
              preloads={technicalReport}
            >
              <WaveIcon width={16} height={16} />
              Report
            </PanelToggle>
            {comparable && (
              <PanelToggle
                open={compareOpen}
                onToggle={setCompareOpen}
                controls={compareId}
                testId="track-compare-toggle"
                preloads={versionCompare}
              >
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
        </>
      ) : (
        <>
          <TrackStatus track={track} />
          {/* A version that failed is deleted on its own (the track's delete would take every version). */}
          {track.status === 'failed' && track.stackId && onDeleteVersion && (
            <div className="track-actions">
              <button
                type="button"
                className="chip-button"
                onClick={() => onDeleteVersion(track)}
                {...preloadConfirm}
                data-testid="track-version-delete"
              >
                <TrashIcon width={16} height={16} />
                Delete v{track.version}
              </button>
            </div>
          )}
        </>
      )}

      {snippetOpen &&
        (editor.value ? (
          <editor.value
            key={track.id}
            id={snippetId}
            track={track}
            onDraftChange={setDraft}
            onAudition={audition}
            auditioning={auditioning && playing}
          />
        ) : (
          <div id={snippetId}>
            <OnDemandStatus {...editor} />
          </div>
        ))}

      {reportOpen &&
        (report.value ? (
          <report.value key={track.id} id={reportId} trackId={track.id} report={track.report} loadLane={() => getTrackLane(track.id)} />
        ) : (
          <div id={reportId}>
            <OnDemandStatus {...report} />
          </div>
        ))}

      {compareOpen &&
        comparable &&
        (compare.value ? (
          <compare.value id={compareId} versions={all} />
        ) : (
          <div id={compareId}>
            <OnDemandStatus {...compare} />
          </div>
        ))}

      {feedbackOpen &&
        (feedback ? (
          <section
            className="feedback-view feedback-view-list"
            id={feedbackId}
            aria-label={`Feedback on ${versionedTitle(track)}`}
            data-testid="feedback-view"
          >
            {feedback}
          </section>
        ) : (
          <section
            className="feedback-view"
            id={feedbackId}
            aria-label={`Feedback on ${versionedTitle(track)}`}
            data-testid="feedback-view"
          >
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

/** The track's versions, v1 to the newest: the one shown is pressed; a later one shown can be deleted alone. */
function VersionPicker({
  all,
  shown,
  onPick,
  onDelete,
}: {
  all: TrackView[];
  shown: TrackView;
  onPick: (id: string) => void;
  onDelete?: (version: TrackView) => void;
}) {
  return (
    <div className="track-versions" data-testid="track-versions">
      <div className="segmented" role="group" aria-label={`Versions of ${all[0].title}`}>
        {all.map((v) => (
          <button
            key={v.id}
            type="button"
            className="segmented-item"
            aria-pressed={v.id === shown.id}
            onClick={() => onPick(v.id)}
            title={`Version ${v.version}, uploaded ${formatDate(v.createdAt)}${v.status === 'ready' ? '' : ` (${v.status})`}`}
            data-testid={`track-version-${v.version}`}
          >
            v{v.version}
          </button>
        ))}
      </div>
      {shown.stackId && onDelete && shown.status !== 'failed' && (
        <button
          type="button"
          className="icon-button icon-button-danger"
          onClick={() => onDelete(shown)}
          aria-label={`Delete version ${shown.version} of ${shown.title}`}
          title={`Delete v${shown.version}`}
          data-testid="track-version-delete"
        >
          <TrashIcon width={16} height={16} />
        </button>
      )}
    </div>
  );
}

/**
 * A chip that opens and closes one of the row's panels (`controls`: its id); pointing at it or focusing it
 * starts loading the panel's code (`preloads`).
 */
function PanelToggle({
  open,
  onToggle,
  controls,
  testId,
  preloads,
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onToggle'> & {
  open: boolean;
  onToggle: (change: (open: boolean) => boolean) => void;
  controls: string;
  testId: string;
  preloads?: OnDemand<unknown>;
}) {
  const warm = preloads ? () => preload(preloads) : undefined;
  return (
    <button
      type="button"
      className={`chip-button${open ? ' is-active' : ''}`}
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => onToggle((o) => !o)}
      onPointerEnter={warm}
      onFocus={warm}
      data-testid={testId}
      {...rest}
    />
  );
}
