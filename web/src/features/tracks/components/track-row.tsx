import { useCallback, useMemo, type ReactNode } from 'react';
import type { TrackStackView, TrackView } from '@shared/schemas/tracks';
import { AudioPlayer } from '@/components/audio-player';
import { getTrackUrl } from '@/features/tracks/api/tracks';
import { useShownVersion } from '@/features/tracks/hooks/use-shown-version';
import { useSnippetAudition } from '@/features/tracks/hooks/use-snippet-audition';
import { useTrackRowPanels } from '@/features/tracks/hooks/use-track-row-panels';
import { versionedTitle } from '@shared/track-version';
import { FailedVersionActions, TrackActions } from './track-actions';
import { TrackRowHead } from './track-row-head';
import { TrackRowPanels } from './track-row-panels';
import { TrackStatus } from './track-status';
import { VersionPicker } from './version-picker';

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
  const playable = useMemo(() => ({ ...track, title: versionedTitle(track), loudness: track.report }), [track]);
  const panels = useTrackRowPanels();
  const snippet = useSnippetAudition();
  const comparable = all.filter((v) => v.status === 'ready').length > 1;
  const loadUrl = useCallback(() => getTrackUrl(track.id), [track.id]);

  return (
    <li className={`track-row${selected ? ' is-selected' : ''}`} data-testid="track-row" data-track-id={stack.id}>
      <TrackRowHead stack={stack} track={track} all={all} selected={selected} onSelect={onSelect} onDelete={onDelete} />

      {all.length > 1 && <VersionPicker all={all} shown={track} onPick={pick} onDelete={onDeleteVersion} />}

      {track.status === 'ready' ? (
        <>
          <AudioPlayer
            key={track.id}
            ref={snippet.player}
            track={playable}
            loadUrl={loadUrl}
            region={panels.snippet.open ? snippet.draft : null}
            onPlayingChange={snippet.onPlayingChange}
          />
          {renderUnderWave?.(track)}
          <TrackActions track={track} panels={panels} comparable={comparable} onNewVersion={onNewVersion} onGetFeedback={onGetFeedback} />
        </>
      ) : (
        <>
          <TrackStatus track={track} />
          {track.status === 'failed' && track.stackId && onDeleteVersion && (
            <FailedVersionActions track={track} onDelete={onDeleteVersion} />
          )}
        </>
      )}

      <TrackRowPanels panels={panels} track={track} all={all} comparable={comparable} feedback={feedback} snippet={snippet} />
    </li>
  );
}
