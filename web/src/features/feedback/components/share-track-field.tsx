import type { ReactNode } from 'react';
import type { ShareableTrack } from './share-details';

/**
 * Which track to share: a picker of the user's tracks (with 'Loading your tracks...' while they come),
 * or a note to upload one first when there are none; under it the way to older tracks.
 */
export function ShareTrackField({
  id,
  tracks,
  loading,
  more,
  value,
  error,
  onChange,
}: {
  id: string;
  tracks: ShareableTrack[];
  loading: boolean;
  more?: ReactNode;
  value: string;
  error?: string;
  onChange: (trackId: string) => void;
}) {
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label className="field-label" htmlFor={id}>
        Track
      </label>
      {tracks.length === 0 && !loading ? (
        <p className="muted small" data-testid="share-no-tracks">
          Upload a track first to request feedback on it.
        </p>
      ) : (
        <select
          id={id}
          className="field-input"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          data-testid="share-track"
        >
          <option value="">{loading ? 'Loading your tracks...' : 'Choose a track'}</option>
          {tracks.map((t) => (
            <option key={t.id} value={t.id}>
              {t.title}
            </option>
          ))}
        </select>
      )}
      {more}
      {error && (
        <p className="field-error" data-testid="share-track-error">
          {error}
        </p>
      )}
    </div>
  );
}
