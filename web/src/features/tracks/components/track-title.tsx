import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { EditIcon } from '@/components/icons';
import { errorMessage } from '@/lib/errors';
import { useRenameTrack } from '@/features/tracks/api/tracks';
import { checkTitle } from '@/features/tracks/utils/title';

/**
 * A track's title, renamed in place: 'Rename' (or F2 on it or on the row's select box) turns it
 * into an input; Enter or leaving the input saves, Esc cancels. `title` is what the row shows (the version's,
 * the same as its track's); `trackId` is the listed track, the one renamed.
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
  const [draft, setDraft] = useState(title);
  const [error, setError] = useState<string>();
  const rename = useRenameTrack();
  const input = useRef<HTMLInputElement>(null);
  // Enter, then the blur of the input going away, must save once; Esc must not save on that blur.
  const settled = useRef(false);

  useEffect(() => {
    if (!editing) return;
    setDraft(title);
    setError(undefined);
    settled.current = false;
    input.current?.focus();
    input.current?.select();
    // The title is read as the edit starts, not followed while typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing]);

  const close = () => {
    settled.current = true;
    onEditingChange(false);
  };

  const save = async () => {
    if (settled.current || rename.isPending) return;
    const next = draft.trim();
    if (next === title) return close();
    const problem = await checkTitle(next);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      await rename.mutateAsync({ id: trackId, title: next });
      close();
    } catch (err) {
      setError(errorMessage(err, 'Failed to rename the track'));
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void save();
    } else if (e.key === 'Escape') {
      // The row's Esc (a dialog's, a panel's) is not also this one.
      e.stopPropagation();
      close();
    }
  };

  if (!editing) {
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
          aria-label={`Rename ${title}`}
          title="Rename (F2)"
          data-testid="track-rename"
        >
          <EditIcon width={16} height={16} />
        </button>
      </>
    );
  }
  return (
    <div className="track-title-edit">
      <input
        ref={input}
        className="track-title-input"
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          setError(undefined);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => void save()}
        readOnly={rename.isPending}
        aria-label="Track title"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${trackId}-title-error` : undefined}
        data-testid="track-title-input"
      />
      {error && (
        <p className="field-error" id={`${trackId}-title-error`} role="alert" data-testid="track-title-error">
          {error}
        </p>
      )}
    </div>
  );
}
