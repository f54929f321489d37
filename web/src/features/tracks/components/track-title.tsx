import { EditIcon } from '@/components/icons';
import { OnDemandStatus } from '@/components/on-demand-status';
import { onDemand, preload, useOnDemand } from '@/lib/on-demand';

/** The title's editor loads the first time a title is renamed; a pointer over or a focus on 'Rename' starts it. */
const editor = onDemand(() => import('./track-title-editor').then((m) => m.TrackTitleEditor));
const preloadEditor = () => preload(editor);

/**
 * A track's title, renamed in place: 'Rename' (or F2 on it or on the row's select box) turns it
 * into an input (track-title-editor.tsx). `title` is what the row shows (the version's, the same as its
 * track's); `trackId` is the listed track, the one renamed. Until the editor arrives the title stays.
 */
export function TrackTitle({
  trackId,
  title,
  editing,
  onEditingChange,
}: {
  trackId: string;
  title: string;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
}) {
  const { value: Editor, failed, retry } = useOnDemand(editor, editing);
  if (editing && Editor) return <Editor trackId={trackId} title={title} onClose={() => onEditingChange(false)} />;
  return (
    <>
      <h3 className="track-title" data-testid="track-title">
        {title}
      </h3>
      <button
        type="button"
        className="icon-button track-rename"
        onClick={() => onEditingChange(true)}
        onKeyDown={(e) => e.key === 'F2' && onEditingChange(true)}
        onPointerEnter={preloadEditor}
        onFocus={preloadEditor}
        aria-label={`Rename ${title}`}
        title="Rename (F2)"
        data-testid="track-rename"
      >
        <EditIcon width={16} height={16} />
      </button>
      {editing && failed && <OnDemandStatus failed retry={retry} testId="track-title-unavailable" />}
    </>
  );
}
