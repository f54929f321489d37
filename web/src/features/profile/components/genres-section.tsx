import { useState } from 'react';
import { MIN_GENRES } from '@shared/constants';
import { genresSelectedText } from '@shared/genres';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { toggleGenre } from '@/components/genre-picker';
import { EditIcon } from '@/components/icons';
import { Panel } from '@/components/panel';
import { useSaveProfileGenres } from '@/features/profile/api/profile';
import { genreOptions, genreSummary } from '@/features/profile/utils/genres';
import '@/components/chips.css';

export const GENRES_SAVE_FAILED = 'Failed to save genres. Please try again.';
export const SELECT_ONE_GENRE = 'Please select at least one genre';

/** At most three genres as chips, then '+N' for the rest (spec section 9). */
export function GenreChips({ genres, testId = 'profile-genres' }: { genres: readonly string[]; testId?: string }) {
  const { shown, more } = genreSummary(genres);
  if (genres.length === 0) return <p className="muted small">No genres yet.</p>;
  return (
    <ul className="profile-genre-chips" aria-label="Genres" data-testid={testId}>
      {shown.map((g) => (
        <li key={g} className="profile-tag">
          {g}
        </li>
      ))}
      {more > 0 && (
        <li className="profile-tag is-more" title={genres.slice(shown.length).join(', ')} data-testid={`${testId}-more`}>
          <span aria-hidden="true">+{more}</span>
          <span className="visually-hidden">and {more} more</span>
        </li>
      )}
    </ul>
  );
}

/**
 * The genre dialog, mounted while open (a fresh one per opening): the chosen genres and the profile's flat
 * list as toggle chips, 'N genre(s) selected'.
 */
function GenresDialog({ initial, onClose }: { initial: string[]; onClose: () => void }) {
  const [selected, setSelected] = useState<string[]>(initial);
  // The chips keep their places while toggled: the genres chosen when the dialog opened come first.
  const [options] = useState(() => genreOptions(initial));
  const save = useSaveProfileGenres();
  const none = selected.length < MIN_GENRES;

  const submit = () =>
    save.mutate(selected, {
      onSuccess: onClose,
      onError: (err) => console.error('Saving the genres failed', err),
    });

  return (
    <Dialog
      open
      title="Edit genres"
      description="Choose the genres you work with."
      onClose={onClose}
      dismissible={!save.isPending}
      testId="genres-dialog"
      footer={
        <div className="profile-dialog-footer">
          <p className="genre-count" aria-live="polite" data-testid="genres-selected">
            {genresSelectedText(selected.length)}
          </p>
          <div className="profile-dialog-buttons">
            <Button variant="ghost" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button onClick={submit} disabled={none} busy={save.isPending} busyText="Saving..." data-testid="genres-save">
              {none ? SELECT_ONE_GENRE : 'Save'}
            </Button>
          </div>
        </div>
      }
    >
      <div className="profile-dialog-body">
        {save.isError && <Alert tone="error">{GENRES_SAVE_FAILED}</Alert>}
        {selected.length > 0 && (
          <p className="small profile-chosen" data-testid="genres-chosen">
            <span className="muted">Chosen: </span>
            {selected.join(', ')}
          </p>
        )}
        <div className="chip-list profile-chip-list" role="group" aria-label="Genres">
          {options.map((g) => {
            const pressed = selected.includes(g);
            return (
              <button key={g} type="button" className="chip" aria-pressed={pressed} onClick={() => setSelected((s) => toggleGenre(s, g))}>
                {pressed && (
                  <span className="chip-check" aria-hidden="true">
                    ✓
                  </span>
                )}
                {g}
              </button>
            );
          })}
        </div>
      </div>
    </Dialog>
  );
}

/** The profile's genres (three, then '+N') and the 'Edit genres' button that opens the dialog. */
export function GenresSection({ genres }: { genres: string[] }) {
  const [open, setOpen] = useState(false);
  // A fresh dialog per opening: it starts from what is saved.
  const [session, setSession] = useState(0);
  return (
    <Panel
      title="Genres"
      titleId="profile-genres-title"
      className="profile-side-panel"
      testId="profile-genres-panel"
      actions={
        <Button
          variant="secondary"
          className="btn-sm"
          onClick={() => {
            setSession((n) => n + 1);
            setOpen(true);
          }}
          data-testid="edit-genres"
        >
          <EditIcon width={16} height={16} />
          Edit genres
        </Button>
      }
    >
      <GenreChips genres={genres} />
      {open && <GenresDialog key={session} initial={genres} onClose={() => setOpen(false)} />}
    </Panel>
  );
}
