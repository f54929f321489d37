import { useMemo, type ReactNode } from 'react';
import type { TrackStackView, TrackView } from '@shared/schemas/tracks';
import { MAX_VERSIONS } from '@shared/constants';
import { Button } from '@/components/button';
import { UploadIcon } from '@/components/icons';
import { LoadMore } from '@/components/load-more';
import { LoadingRow, QueryStates } from '@/components/query-states';
import { onDemand, preload, useOnDemand } from '@/lib/on-demand';
import { useTrackPages } from '@/features/tracks/api/tracks';
import { useTracksLive } from '@/features/tracks/hooks/use-tracks-live';
import { DeleteFailuresAlert } from './delete-failures-alert';
import { DeleteTracksDialog } from './delete-tracks-dialog';
import { TrackRow } from './track-row';
import { TracksDropZone } from './tracks-drop-zone';
import { TracksEmpty } from './tracks-empty';
import { TracksToolbar } from './tracks-toolbar';
import { UploadModalSlot } from './upload-modal-slot';
import { useFileDrop } from '@/features/tracks/hooks/use-file-drop';
import { useTrackDeletion } from '@/features/tracks/hooks/use-track-deletion';
import { useTrackSelection } from '@/features/tracks/hooks/use-track-selection';
import { preloadUpload, uploadModal, useUploadModal } from '@/features/tracks/hooks/use-upload-modal';
import '@/features/tracks/tracks.css';

export { deleteDialogText } from './delete-tracks-dialog';

/**
 * The drop target over the list, loaded at the first file dragged over it (the drop zone's own highlight
 * shows meanwhile, and alone should it not load).
 */
const dropOverlay = onDemand(() => import('./tracks-drop-overlay').then((m) => m.TracksDropOverlay));

/**
 * The user's tracks, newest first: upload (button, or a file dropped anywhere on the panel), select and
 * select-all, bulk and single delete with a confirmation, and a row per track with its player. Changes
 * made elsewhere show without a reload.
 */
export function TracksPanel({
  title = 'Your Tracks',
  onGetFeedback,
  renderFeedback,
  renderUnderWave,
}: {
  title?: string;
  /** 'Get feedback' on a row: opens the request-feedback dialog for the version it shows. */
  onGetFeedback?: (track: TrackView) => void;
  /** The content of a row's feedback view, for the version it shows. */
  renderFeedback?: (track: TrackView) => ReactNode;
  /** What goes under a row's waveform, for the version it shows. */
  renderUnderWave?: (track: TrackView) => ReactNode;
}) {
  useTracksLive();
  const tracks = useTrackPages();
  const upload = useUploadModal();
  const list: TrackStackView[] = useMemo(() => tracks.data?.tracks ?? [], [tracks.data]);
  // The list is paged: the count is of all the user's tracks, loaded or not.
  const total = tracks.data?.total ?? 0;
  const count = Math.max(total, list.length);
  const selection = useTrackSelection(list);
  const deletion = useTrackDeletion(list, selection.deselect);
  // The modal checks a dropped file, so a wrong type is explained there rather than silently ignored.
  const drop = useFileDrop({ onEnter: () => preload(uploadModal), onFile: upload.openUpload });
  const { value: DropOverlay } = useOnDemand(dropOverlay, drop.dropping);

  const deleteSelected = () => {
    const ids = list.filter((t) => selection.selected.has(t.id));
    deletion.ask({ ids: ids.map((t) => t.id), title: ids.length === 1 ? ids[0].title : undefined });
  };

  return (
    <section
      className={`panel tracks-panel${drop.dropping ? ' is-dropping' : ''}`}
      aria-labelledby="tracks-title"
      data-testid="tracks-panel"
      {...drop.handlers}
    >
      {drop.dropping && DropOverlay && <DropOverlay />}
      <div className="panel-head">
        <div>
          <h2 id="tracks-title" className="panel-title">
            {title}
          </h2>
          {tracks.isSuccess && count > 0 && (
            <p className="muted small" data-testid="tracks-count">
              {count === 1 ? '1 track' : `${count} tracks`}
            </p>
          )}
        </div>
        <Button onClick={() => upload.openUpload(null)} {...preloadUpload} data-testid="upload-open">
          <UploadIcon width={18} height={18} />
          Upload Track
        </Button>
      </div>

      {deletion.failures.length > 0 && <DeleteFailuresAlert failures={deletion.failures} onDismiss={deletion.dismissFailures} />}

      <QueryStates
        query={tracks}
        loading={<LoadingRow text="Loading your tracks..." />}
        failed="Failed to load your tracks"
        errorTestId="tracks-error"
        isEmpty={count === 0}
        empty={<TracksEmpty onUpload={() => upload.openUpload(null)} />}
      >
        {() => (
          <>
            <TracksDropZone onBrowse={() => upload.openUpload(null)} />
            <TracksToolbar
              selectAllRef={selection.selectAllRef}
              allSelected={selection.allSelected}
              loaded={list.length}
              partial={list.length < total}
              selectedCount={selection.selected.size}
              onSelectAll={selection.selectAll}
              onDeleteSelected={deleteSelected}
            />
            <ul className="track-list" data-testid="track-list">
              {list.map((track) => (
                <TrackRow
                  key={track.id}
                  track={track}
                  selected={selection.selected.has(track.id)}
                  onSelect={(on) => selection.toggle(track.id, on)}
                  onDelete={() => deletion.ask({ ids: [track.id], title: track.title, versions: track.versions.length + 1 })}
                  onDeleteVersion={(v) => deletion.ask({ ids: [v.id], title: track.title, version: v.version })}
                  onNewVersion={track.versions.length + 1 < MAX_VERSIONS ? () => upload.openUpload(null, track) : undefined}
                  onGetFeedback={onGetFeedback}
                  renderFeedback={renderFeedback}
                  renderUnderWave={renderUnderWave}
                />
              ))}
            </ul>
            <LoadMore
              pages={tracks}
              label="Load more tracks"
              failed="Could not load more tracks. Please try again."
              className="tracks-load-more"
              testId="tracks-load-more"
            />
          </>
        )}
      </QueryStates>

      <UploadModalSlot upload={upload} />
      <DeleteTracksDialog deletion={deletion} />
    </section>
  );
}
