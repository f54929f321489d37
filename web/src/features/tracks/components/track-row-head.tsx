import { useState, type KeyboardEvent } from 'react';
import type { TrackStackView, TrackView } from '@shared/schemas/tracks';
import { formatTime } from '@/components/audio-player';
import { preloadConfirm } from '@/components/dialog';
import { TrashIcon } from '@/components/icons';
import { useIsNew } from '@/features/tracks/hooks/use-is-new';
import { formatDate } from '@/features/tracks/utils/track-meta';
import { TrackTitle } from './track-title';

/**
 * A row's head: its select box, the title (renamed in place) with the New badge, the version shown's
 * artist, length and date, and the delete of the whole track.
 */
export function TrackRowHead({
  stack,
  track,
  all,
  selected,
  onSelect,
  onDelete,
}: {
  stack: TrackStackView;
  /** The version shown. */
  track: TrackView;
  /** Every version, v1 to the newest. */
  all: TrackView[];
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onDelete: () => void;
}) {
  const isNew = useIsNew(all[all.length - 1]);
  const [renaming, setRenaming] = useState(false);
  const renameOnF2 = (e: KeyboardEvent) => {
    if (e.key !== 'F2') return;
    e.preventDefault();
    setRenaming(true);
  };

  return (
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
  );
}
