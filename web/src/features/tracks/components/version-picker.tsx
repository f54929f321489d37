import type { TrackView } from '@shared/schemas/tracks';
import { TrashIcon } from '@/components/icons';
import { formatDate } from '@/features/tracks/utils/track-meta';

/** The track's versions, v1 to the newest: the one shown is pressed; a later one shown can be deleted alone. */
export function VersionPicker({
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
