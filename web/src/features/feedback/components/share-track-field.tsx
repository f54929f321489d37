import type { ReactNode } from 'react';
import { versionedTitle } from '@shared/track-version';
import { Field } from '@/components/text-field';
import type { ShareableTrack } from '@/features/feedback/utils/share-details';
import '@/styles/forms.css';

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
    <Field label="Track" id={id} error={error} errorTestId="share-track-error" described={false} after={more}>
      {(control) =>
        tracks.length === 0 && !loading ? (
          <p className="muted small" data-testid="share-no-tracks">
            Upload a track first to request feedback on it.
          </p>
        ) : (
          <select {...control} className="field-input" value={value} onChange={(e) => onChange(e.target.value)} data-testid="share-track">
            <option value="">{loading ? 'Loading your tracks...' : 'Choose a track'}</option>
            {tracks.map((t) => (
              <option key={t.id} value={t.id}>
                {versionedTitle(t)}
              </option>
            ))}
          </select>
        )
      }
    </Field>
  );
}
