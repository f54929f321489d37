import { useState, type FormEvent } from 'react';
import { COST_RANGE, EXPERIENCE_YEARS, MIN_GENRES } from '@shared/constants';
import { ALL_SUB_GENRES } from '@shared/genres';
import { fieldErrors } from '@shared/schemas/auth';
import { proApplicationInput } from '@shared/schemas/profile';
import type { UserView } from '@shared/schemas/users';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { GenrePicker } from '@/components/genre-picker';
import { ProRates } from '@/components/pro-rates';
import type { Range } from '@/components/range-slider';
import { TextAreaField, TextField } from '@/components/text-field';
import { ApiError } from '@/lib/api';
import { formatDate } from '@/lib/dates';
import { errorMessage } from '@/lib/errors';
import { useApplyForPro, useMyApplication } from '@/features/profile/api/profile';
import '@/styles/forms.css';

export const APPLICATION_PENDING = 'Your application is being reviewed. We will e-mail you when it is decided.';

/** The application form: genres, cost range, years of experience, credits and a featured track. */
function ApplicationForm({ user, onCancel }: { user: UserView; onCancel: () => void }) {
  const known = new Set(ALL_SUB_GENRES);
  const [genres, setGenres] = useState<string[]>(() => user.genres.filter((g) => known.has(g)));
  const [cost, setCost] = useState<Range>({ min: COST_RANGE.defaultMin, max: COST_RANGE.defaultMax });
  const [experience, setExperience] = useState<number>(EXPERIENCE_YEARS.default);
  const [credits, setCredits] = useState(user.keyCredits ?? '');
  const [featuredTrack, setFeaturedTrack] = useState(user.featuredTrack ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const apply = useApplyForPro();
  const noGenres = genres.length < MIN_GENRES;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = { genres, costRange: cost, experience, credits: credits.trim(), featuredTrack: featuredTrack.trim() };
    const parsed = proApplicationInput.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    apply.mutate(input, {
      onError: (err) => {
        if (err instanceof ApiError && err.fields) setErrors(err.fields);
      },
    });
  };

  const otherError = apply.isError && !(apply.error instanceof ApiError && apply.error.fields);
  return (
    <form className="form application-form" onSubmit={submit} noValidate data-testid="application-form">
      <GenrePicker value={genres} onChange={setGenres} />
      {errors.genres && <p className="field-error">{errors.genres}</p>}

      <ProRates
        kind="form"
        testIds={{ cost: 'application-cost', experience: 'application-experience' }}
        titleIds={{ cost: 'application-cost-label' }}
        cost={cost}
        onCostChange={setCost}
        costError={errors['costRange.min'] || errors['costRange.max']}
        experience={experience}
        onExperienceChange={setExperience}
      />

      <TextAreaField
        label="Credits"
        name="credits"
        rows={3}
        maxLength={1000}
        value={credits}
        onChange={setCredits}
        error={errors.credits}
        placeholder="Releases, artists, labels, awards"
        data-testid="application-credits"
      />
      <TextField
        label="Featured track link"
        name="featuredTrack"
        inputMode="url"
        maxLength={1000}
        value={featuredTrack}
        onChange={setFeaturedTrack}
        error={errors.featuredTrack}
        placeholder="https://soundcloud.com/you/track"
        hint="A link to a track that shows your work (up to 5, separated by commas)."
        data-testid="application-featured"
      />
      {otherError && <Alert tone="error">{errorMessage(apply.error, 'Failed to send the application. Please try again.')}</Alert>}
      <div className="profile-form-actions">
        <Button variant="ghost" onClick={onCancel} disabled={apply.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={noGenres} busy={apply.isPending} busyText="Sending..." data-testid="application-submit">
          {noGenres ? 'Select at least one genre' : 'Send application'}
        </Button>
      </div>
    </form>
  );
}

/**
 * 'Apply to become a pro' (musicians): a button opening the form when there is no application or the
 * last one was declined (its reason shown), the review notice while one is pending.
 */
export function ProApplicationCard({ user }: { user: UserView }) {
  const application = useMyApplication();
  const [formOpen, setFormOpen] = useState(false);
  // The account says where the application stands until the application itself (with any reason) is read.
  const status = application.data !== undefined ? (application.data?.status ?? null) : user.proApplication;
  const pending = status === 'pending';
  const declined = status === 'declined' ? application.data : null;

  return (
    <section className="panel application-card" aria-labelledby="application-title" data-testid="application-card">
      <h2 id="application-title" className="panel-title">
        Apply to become a pro
      </h2>
      {pending ? (
        <Alert tone="info" testId="application-pending">
          {APPLICATION_PENDING}
        </Alert>
      ) : status === 'approved' ? (
        <Alert tone="success" testId="application-approved">
          Your application was approved: reload the page to see your pro profile.
        </Alert>
      ) : (
        <>
          {declined ? (
            <Alert tone="error" title="Your last application was not approved" testId="application-declined">
              {declined.reason && <p data-testid="application-reason">{declined.reason}</p>}
              {declined.decidedAt && <p className="small">Decided on {formatDate(declined.decidedAt)}. You can apply again.</p>}
            </Alert>
          ) : (
            <p className="panel-text">
              Pros review tracks for other musicians and set a price for their feedback. Tell us what you work with and our team will review
              your application.
            </p>
          )}
          {application.isError && <p className="muted small">{errorMessage(application.error, 'Your application could not be loaded.')}</p>}
          {formOpen ? (
            <ApplicationForm user={user} onCancel={() => setFormOpen(false)} />
          ) : (
            <div>
              <Button onClick={() => setFormOpen(true)} data-testid="application-open">
                {declined ? 'Apply again' : 'Apply to become a pro'}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
