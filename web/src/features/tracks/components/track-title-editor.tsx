import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { errorMessage } from '@/lib/errors';
import { useRenameTrack } from '@/features/tracks/api/track-changes';
import { checkTitle } from '@/features/tracks/utils/title';
import '@/styles/forms.css';

/**
 * A track's title as an input (track-title.tsx opens it): Enter or leaving the input saves the trimmed
 * title, Esc cancels. Loaded the first time a title is renamed.
 */
export function TrackTitleEditor({ trackId, title, onClose }: { trackId: string; title: string; onClose: () => void }) {
  // The title is read as the edit starts, not followed while typing.
  const [draft, setDraft] = useState(title);
  const [error, setError] = useState<string>();
  const rename = useRenameTrack();
  const input = useRef<HTMLInputElement>(null);
  // Enter, then the blur of the input going away, must save once; Esc must not save on that blur.
  const settled = useRef(false);

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const close = () => {
    settled.current = true;
    onClose();
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
