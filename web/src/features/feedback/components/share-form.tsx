import { useId, type FormEvent, type ReactNode, type RefObject } from 'react';
import { TRACK_PURPOSES } from '@shared/feedback';
import { chosenTierOf, tierLabel } from '@shared/tiers';
import { AlertIf } from '@/components/alert';
import { Button } from '@/components/button';
import { SelectField, TextAreaField, TextField } from '@/components/text-field';
import { CategoryToggles } from '@/components/category-toggles';
import {
  isSnipPro,
  SNIP_PRO,
  type ShareableTrack,
  type ShareDetailErrors,
  type ShareDetails,
} from '@/features/feedback/utils/share-details';
import { ShareContextField } from './share-context-field';
import { ShareTrackField } from './share-track-field';
import { UserSearch } from './user-search';
import { SnipProChoice, SnipProGenre } from './snip-pro-fields';
import '@/styles/forms.css';

/**
 * The details step of the share dialog: who (the user search, then the feedback tier the chosen user's
 * price puts the request in, and the price when they charge), which track, feedback notes and context
 * (required), a reference track, the categories to focus on, the track's purpose and whether it is an
 * instrumental (then Vocals & Lyrics is not scored). Submit stays
 * disabled until a user is chosen.
 */
export function ShareForm({
  formRef,
  details,
  errors,
  price,
  notice,
  failure,
  sending,
  tracks,
  tracksLoading,
  moreTracks,
  onChange,
  onSubmit,
  onCancel,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  details: ShareDetails;
  errors: ShareDetailErrors;
  /** The chosen pro's price per feedback, when they charge. */
  price: string | null;
  /** Why the dialog came back to this step on its own. */
  notice: string | null;
  failure: string | null;
  sending: boolean;
  tracks: ShareableTrack[];
  tracksLoading: boolean;
  moreTracks?: ReactNode;
  onChange: <K extends keyof ShareDetails>(key: K, value: ShareDetails[K]) => void;
  onSubmit: (e: FormEvent) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const tier = details.user ? tierLabel(isSnipPro(details.user) ? 'pro' : chosenTierOf(details.user)) : null;
  return (
    <form ref={formRef} className="form share-form" onSubmit={onSubmit} noValidate>
      {!details.user && <SnipProChoice onChoose={() => onChange('user', SNIP_PRO)} />}
      <UserSearch value={details.user} onChange={(u) => onChange('user', u)} error={errors.user} />
      {isSnipPro(details.user) && (
        <SnipProGenre id={`${id}-genre`} value={details.genre ?? ''} error={errors.genre} onChange={(v) => onChange('genre', v)} />
      )}
      {tier && (
        <p className="share-tier" data-testid="share-tier">
          {tier}
        </p>
      )}
      {price && (
        <div className="share-paid" data-testid="share-paid">
          <p className="share-price" data-testid="share-price">
            {price} per feedback
          </p>
          <p className="muted small">You pay on the next step, with PayPal.</p>
        </div>
      )}

      <ShareTrackField
        id={`${id}-track`}
        tracks={tracks}
        loading={tracksLoading}
        more={moreTracks}
        value={details.trackId}
        error={errors.trackId}
        onChange={(v) => onChange('trackId', v)}
      />

      <TextAreaField
        label="Feedback notes"
        name="share-notes"
        error={errors.feedbackNotes}
        rows={3}
        maxLength={2000}
        value={details.feedbackNotes}
        onChange={(v) => onChange('feedbackNotes', v)}
        placeholder="What should they listen for? E.g. does the chorus hit hard enough?"
        required
        data-testid="share-notes"
      />

      <ShareContextField id={`${id}-context`} value={details.context} error={errors.context} onChange={(v) => onChange('context', v)} />

      <TextField
        label="Reference track (optional)"
        name="referenceTrack"
        value={details.referenceTrack}
        onChange={(v) => onChange('referenceTrack', v)}
        placeholder="A link, or Artist - Title"
        maxLength={500}
        autoComplete="off"
      />

      <div className="field">
        <span className="field-label" id={`${id}-categories`}>
          Feedback categories
        </span>
        <CategoryToggles
          value={details.categories}
          onChange={(c) => onChange('categories', c)}
          label="Feedback categories"
          showStatus={false}
        />
      </div>

      <SelectField
        label="Track purpose"
        id={`${id}-purpose`}
        value={details.trackPurpose}
        onChange={(v) => onChange('trackPurpose', v)}
        data-testid="share-purpose"
      >
        <option value="">Not specified</option>
        {TRACK_PURPOSES.map((p) => (
          <option key={p.value} value={p.value}>
            {p.label}
          </option>
        ))}
      </SelectField>

      <label className="checkbox-label small">
        <input
          type="checkbox"
          checked={details.instrumental}
          onChange={(e) => onChange('instrumental', e.target.checked)}
          data-testid="share-instrumental"
        />
        An instrumental: no vocals or lyrics to score
      </label>

      <AlertIf message={notice} tone="info" testId="share-notice" />
      <AlertIf message={failure} testId="share-error" />

      <div className="dialog-actions">
        <Button variant="ghost" onClick={onCancel} disabled={sending}>
          Cancel
        </Button>
        <Button type="submit" disabled={!details.user} busy={sending} busyText="Sending..." data-testid="share-submit">
          {price ? 'Continue to Payment' : 'Send Request'}
        </Button>
      </div>
    </form>
  );
}
