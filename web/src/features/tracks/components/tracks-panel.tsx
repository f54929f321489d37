import { useEffect, useMemo, useRef, useState, type DragEvent, type ReactNode } from 'react';
import type { TrackView } from '@shared/schemas/tracks';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { ConfirmDialog, Dialog } from '@/components/dialog';
import { TrashIcon, UploadIcon, WaveIcon } from '@/components/icons';
import { LoadMore } from '@/components/load-more';
import { LoadingRow, QueryStates } from '@/components/query-states';
import { errorMessage } from '@/lib/errors';
import { useDeleteTracks, useTrackPages } from '@/features/tracks/api/tracks';
import { useTracksLive } from '@/features/tracks/hooks/use-tracks-live';
import { TrackRow } from './track-row';
import { OnDemandStatus } from '@/components/on-demand-status';
import { onDemand, preload, useOnDemand } from '@/lib/on-demand';
import '@/features/tracks/tracks.css';

// The upload modal (and the upload code) loads at the first sign of an upload: a pointer over or focus on
// an upload button, or a file dragged over the panel. Once loaded it stays mounted, as an upload outlives it.
const uploadModal = onDemand(() => import('./upload-track-modal').then((m) => m.UploadTrackModal));
const preloadUpload = { onPointerEnter: () => preload(uploadModal), onFocus: () => preload(uploadModal) };

/** What a delete confirmation is about: one row's track, or the selected ones. */
interface PendingDelete {
  ids: string[];
  title?: string;
}

/** A track the API could not fully delete, named by the title it had when the delete was asked for. */
interface DeleteFailure {
  id: string;
  title: string;
  message: string;
}

/** Only file drags count: text or links dragged over the panel are none of its business. */
function isFileDrag(e: DragEvent<HTMLElement>): boolean {
  // React bubbles events from portals (the dialogs) up here; those are not over the panel itself.
  if (!(e.target instanceof Node) || !e.currentTarget.contains(e.target)) return false;
  return Array.from(e.dataTransfer?.types ?? []).includes('Files');
}

export function deleteDialogText(pending: PendingDelete): { title: string; description: string; confirm: string } {
  if (pending.ids.length === 1) {
    return {
      title: 'Delete track?',
      description: `"${pending.title ?? 'This track'}" will be deleted for good, with its audio, snippet and feedback.`,
      confirm: 'Delete',
    };
  }
  const n = pending.ids.length;
  return {
    title: `Delete ${n} tracks?`,
    description: `These ${n} tracks will be deleted for good, with their audio, snippets and feedback.`,
    confirm: `Delete ${n} tracks`,
  };
}

/**
 * The user's tracks, newest first: upload (button, or a file dropped anywhere on the panel), select and
 * select-all, bulk and single delete with a confirmation, and a row per track with its player. Changes
 * made elsewhere show without a reload.
 */
export function TracksPanel({
  title = 'Your Tracks',
  onGetFeedback,
  renderFeedback,
}: {
  title?: string;
  /** 'Get feedback' on a row: opens the request-feedback dialog for that track. */
  onGetFeedback?: (track: TrackView) => void;
  /** The content of a row's feedback view. */
  renderFeedback?: (track: TrackView) => ReactNode;
}) {
  useTracksLive();
  const tracks = useTrackPages();
  const remove = useDeleteTracks();
  const [uploadOpen, setUploadOpen] = useState(false);
  const [droppedFile, setDroppedFile] = useState<File | null>(null);
  const [uploadWanted, setUploadWanted] = useState(false);
  const modal = useOnDemand(uploadModal, uploadWanted);
  const [dropping, setDropping] = useState(false);
  // dragenter/dragleave also fire for every child crossed; counting them keeps the overlay from flickering.
  const dragDepth = useRef(0);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const [deleteFailures, setDeleteFailures] = useState<DeleteFailure[]>([]);
  const selectAllRef = useRef<HTMLInputElement>(null);

  const list: TrackView[] = useMemo(() => tracks.data?.tracks ?? [], [tracks.data]);
  // The list is paged: the count is of all the user's tracks, loaded or not.
  const total = tracks.data?.total ?? 0;
  const partial = list.length < total;

  // Tracks that are gone (deleted here or elsewhere) leave the selection.
  useEffect(() => {
    setSelected((prev) => {
      const ids = new Set(list.map((t) => t.id));
      const next = new Set([...prev].filter((id) => ids.has(id)));
      return next.size === prev.size ? prev : next;
    });
  }, [list]);

  const allSelected = list.length > 0 && selected.size === list.length;
  const someSelected = selected.size > 0 && !allSelected;
  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = someSelected;
  }, [someSelected]);

  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const confirmDelete = () => {
    if (!pending) return;
    // Taken now: a failed track may already be gone from the list by the time the answer comes.
    const titles = new Map(list.map((t) => [t.id, t.title]));
    remove.mutate(pending.ids, {
      onSuccess: ({ deleted, failed }) => {
        const gone = new Set(deleted);
        // Tracks that stayed keep their selection, so deleting them again is one click away.
        setSelected((prev) => new Set([...prev].filter((id) => !gone.has(id))));
        setDeleteFailures(failed.map((f) => ({ id: f.id, title: titles.get(f.id) ?? f.id, message: f.message })));
        setPending(null);
      },
    });
  };

  const openDelete = (p: PendingDelete) => {
    remove.reset();
    setDeleteFailures([]);
    setPending(p);
  };

  const openUpload = (file: File | null) => {
    setDroppedFile(file);
    setUploadOpen(true);
    setUploadWanted(true);
  };

  const closeUpload = () => {
    setUploadOpen(false);
    setDroppedFile(null);
  };

  const endDrag = () => {
    dragDepth.current = 0;
    setDropping(false);
  };

  const dropHandlers = {
    onDragEnter: (e: DragEvent<HTMLElement>) => {
      if (!isFileDrag(e)) return;
      e.preventDefault();
      preload(uploadModal);
      dragDepth.current += 1;
      setDropping(true);
    },
    onDragOver: (e: DragEvent<HTMLElement>) => {
      if (!isFileDrag(e)) return;
      // Without this the browser refuses the drop (and would open the file itself).
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
      setDropping(true);
    },
    onDragLeave: (e: DragEvent<HTMLElement>) => {
      if (!isFileDrag(e)) return;
      dragDepth.current = Math.max(0, dragDepth.current - 1);
      if (dragDepth.current === 0) setDropping(false);
    },
    onDrop: (e: DragEvent<HTMLElement>) => {
      if (!isFileDrag(e)) return;
      e.preventDefault();
      endDrag();
      // The modal checks the file, so a wrong type is explained there rather than silently ignored.
      const file = e.dataTransfer.files?.[0];
      if (file) openUpload(file);
    },
  };

  const text = pending ? deleteDialogText(pending) : null;
  const count = Math.max(total, list.length);

  return (
    <section
      className={`panel tracks-panel${dropping ? ' is-dropping' : ''}`}
      aria-labelledby="tracks-title"
      data-testid="tracks-panel"
      {...dropHandlers}
    >
      {dropping && (
        // The message stays in the middle of the window while the panel is taller than it (CSS: sticky),
        // so it is seen wherever the file is dragged over the list.
        <div className="tracks-drop-overlay" aria-hidden="true" data-testid="tracks-drop-overlay">
          <div className="tracks-drop-message" data-testid="tracks-drop-message">
            <span className="drop-zone-icon">
              <UploadIcon />
            </span>
            <span className="tracks-drop-overlay-text">Drop your audio file to upload</span>
          </div>
        </div>
      )}
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
        <Button onClick={() => openUpload(null)} {...preloadUpload} data-testid="upload-open">
          <UploadIcon width={18} height={18} />
          Upload Track
        </Button>
      </div>

      {deleteFailures.length > 0 && (
        <Alert tone="error" title="Some tracks could not be fully deleted:" testId="delete-failed">
          <ul className="delete-failed-list">
            {deleteFailures.map((f) => (
              <li key={f.id}>
                <strong>{f.title}</strong>: {f.message}
              </li>
            ))}
          </ul>
          <button type="button" className="link-button" onClick={() => setDeleteFailures([])}>
            Dismiss
          </button>
        </Alert>
      )}

      <QueryStates
        query={tracks}
        loading={<LoadingRow text="Loading your tracks..." />}
        failed="Failed to load your tracks"
        errorTestId="tracks-error"
        isEmpty={count === 0}
        empty={
          <div className="tracks-empty" data-testid="tracks-empty">
            <span className="tracks-empty-icon">
              <WaveIcon width={28} height={28} />
            </span>
            <h3>No tracks yet</h3>
            <p className="muted">
              Upload your first track<span className="drop-hint"> (or drop an audio file here)</span> to trim a snippet and get feedback
              from peers and pros.
            </p>
            <Button variant="secondary" onClick={() => openUpload(null)} {...preloadUpload}>
              <UploadIcon width={18} height={18} />
              Upload your first track
            </Button>
          </div>
        }
      >
        {() => (
          <>
            <p className="tracks-drop-zone" data-testid="tracks-drop-zone">
              <UploadIcon width={18} height={18} />
              <span>
                Drop an audio file anywhere on your tracks to upload it, or{' '}
                <button
                  type="button"
                  className="tracks-drop-zone-browse"
                  onClick={() => openUpload(null)}
                  {...preloadUpload}
                  data-testid="tracks-drop-zone-browse"
                >
                  choose a file
                </button>
                .
              </span>
            </p>
            <div className="tracks-toolbar" data-testid="tracks-toolbar">
              <label className="checkbox-label">
                <input
                  ref={selectAllRef}
                  type="checkbox"
                  checked={allSelected}
                  onChange={(e) => setSelected(e.target.checked ? new Set(list.map((t) => t.id)) : new Set())}
                  data-testid="tracks-select-all"
                />
                Select all
                {partial && (
                  <span className="muted small" data-testid="tracks-select-all-hint">
                    {' '}
                    ({list.length} loaded)
                  </span>
                )}
              </label>
              {selected.size > 0 && (
                <div className="tracks-bulk" role="status">
                  <span className="muted small" data-testid="tracks-selected">
                    {selected.size} selected
                  </span>
                  <Button
                    variant="danger"
                    className="btn-sm"
                    onClick={() => {
                      const ids = list.filter((t) => selected.has(t.id));
                      openDelete({ ids: ids.map((t) => t.id), title: ids.length === 1 ? ids[0].title : undefined });
                    }}
                    data-testid="tracks-delete-selected"
                  >
                    <TrashIcon width={16} height={16} />
                    Delete selected
                  </Button>
                </div>
              )}
            </div>
            <ul className="track-list" data-testid="track-list">
              {list.map((track) => (
                <TrackRow
                  key={track.id}
                  track={track}
                  selected={selected.has(track.id)}
                  onSelect={(on) => toggle(track.id, on)}
                  onDelete={() => openDelete({ ids: [track.id], title: track.title })}
                  onGetFeedback={onGetFeedback && track.status === 'ready' ? () => onGetFeedback(track) : undefined}
                  feedback={renderFeedback?.(track)}
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

      {modal.value ? (
        <modal.value open={uploadOpen} initialFile={droppedFile} onClose={closeUpload} />
      ) : (
        modal.failed && (
          <Dialog open={uploadOpen} title="Upload Track" onClose={closeUpload}>
            <OnDemandStatus {...modal} />
          </Dialog>
        )
      )}
      {text && (
        <ConfirmDialog
          open={!!pending}
          title={text.title}
          description={text.description}
          confirmLabel={text.confirm}
          busyLabel="Deleting..."
          busy={remove.isPending}
          error={remove.isError ? errorMessage(remove.error, 'Failed to delete tracks') : null}
          onConfirm={confirmDelete}
          onCancel={() => setPending(null)}
          testId="delete-dialog"
        />
      )}
    </section>
  );
}
