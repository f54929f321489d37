import { useMemo, useState, type FormEvent } from 'react';
import { AVAILABILITY_OPTIONS, MENTORSHIP_STYLES, RESPONSE_TIME_OPTIONS } from '@shared/constants';
import { fieldErrors } from '@shared/schemas/auth';
import { updateProfileInput } from '@shared/schemas/profile';
import type { UserView } from '@shared/schemas/users';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { SelectField, TextAreaField, TextField, type SelectFieldProps } from '@/components/text-field';
import { Panel } from '@/components/panel';
import { ApiError } from '@/lib/api';
import { useUpdateProfile } from '@/features/profile/api/profile';
import { reloadPage } from '@/features/profile/utils/reload';
import { noteProfileSaved } from '@/features/profile/utils/saved-note';
import {
  capitalise,
  changedProfileFields,
  profileFormValues,
  type ProfileField,
  type ProfileFormValues,
} from '@/features/profile/utils/profile-form';
import '@/styles/forms.css';

export const USERNAME_TAKEN = 'Username already exists. Please choose a different one.';
export const PROFILE_SAVE_FAILED = 'Error updating profile. Please try again.';
/** The form's heading: where the header's 'Edit Profile' takes the reader. */
export const PROFILE_DETAILS_ID = 'profile-details-title';

/** A labelled choice from a fixed list, with 'Not set' first (which clears it). */
function ChoiceField({
  options,
  format = (v: string) => v,
  value,
  ...field
}: Omit<SelectFieldProps, 'children'> & { value: string; options: readonly string[]; format?: (v: string) => string }) {
  return (
    <SelectField className="profile-select" value={value} {...field}>
      <option value="">Not set</option>
      {/* A stored value no longer offered stays visible rather than silently changing. */}
      {value && !options.includes(value) && <option value={value}>{format(value)}</option>}
      {options.map((o) => (
        <option key={o} value={o}>
          {format(o)}
        </option>
      ))}
    </SelectField>
  );
}

/** The fields under the grid, in their order: text boxes (with their rows), and the links' one-line field. */
const LONG_FIELDS: { key: ProfileField; label: string; maxLength: number; placeholder: string; rows?: number; hint?: string }[] = [
  { key: 'bio', label: 'Bio', rows: 4, maxLength: 1000, placeholder: 'Who you are and what you make' },
  {
    key: 'keyCredits',
    label: 'Key Credits / Notable Work',
    rows: 3,
    maxLength: 1000,
    placeholder: 'Releases, labels, artists you have worked with',
  },
  {
    key: 'featuredTrack',
    label: 'Featured Track links',
    maxLength: 1000,
    placeholder: 'https://soundcloud.com/you/track, https://...',
    hint: 'Up to 5 links, separated by commas.',
  },
  { key: 'testimonials', label: 'Testimonials', rows: 3, maxLength: 2000, placeholder: 'What artists say about working with you' },
  { key: 'eventParticipation', label: 'Event Participation', rows: 3, maxLength: 1000, placeholder: 'Festivals, panels, workshops' },
];

/**
 * The profile's fields: name and username (required), bio, location, key credits, availability, response
 * time, mentorship style, featured track links, testimonials and event participation. Only what changed
 * is sent, trimmed; Save stays disabled until something changes, and a saved profile reloads the page.
 */
export function ProfileForm({ user }: { user: UserView }) {
  const initial = useMemo(() => profileFormValues(user), [user]);
  const [values, setValues] = useState<ProfileFormValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [failed, setFailed] = useState(false);
  const save = useUpdateProfile();
  const changes = changedProfileFields(initial, values);
  const dirty = Object.keys(changes).length > 0;
  const isPro = user.type === 'pro';

  const set = (key: ProfileField) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (key in e ? { ...e, [key]: undefined } : e));
    setFailed(false);
  };
  const field = (key: ProfileField) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: set(key),
    'data-testid': `profile-${key}`,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!dirty || save.isPending) return;
    const parsed = updateProfileInput.safeParse(changes);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFailed(false);
    save.mutate(parsed.data, {
      // Spec: a profile save that succeeds reloads the page; the reloaded page says it saved.
      onSuccess: () => {
        noteProfileSaved();
        reloadPage();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'username_taken') setErrors({ username: USERNAME_TAKEN });
        else if (
          err instanceof ApiError &&
          err.code === 'validation_failed' &&
          err.fields &&
          Object.keys(err.fields).some((k) => k in values)
        )
          setErrors(err.fields);
        else setFailed(true);
      },
    });
  };

  return (
    <Panel title="Profile details" titleId={PROFILE_DETAILS_ID} className="profile-form-panel" testId="profile-form-panel" headed>
      <p className="muted small profile-panel-intro">
        {isPro
          ? 'Musicians read these on Choose Your Pro: availability, response time, key credits and featured tracks appear when they open "More about" you.'
          : 'Your public profile: what pros and other musicians see about you.'}
      </p>
      <form className="form profile-form" onSubmit={submit} noValidate>
        {failed && (
          <Alert tone="error" testId="profile-save-error">
            {PROFILE_SAVE_FAILED}
          </Alert>
        )}
        <div className="profile-form-grid">
          <TextField label="Name" autoComplete="name" maxLength={100} required {...field('fullName')} />
          <TextField
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={30}
            required
            {...field('username')}
          />
          <TextField label="Location" autoComplete="address-level2" maxLength={100} placeholder="City, country" {...field('location')} />
          {/* What a pro's listing says to musicians choosing a reviewer: a musician has none until approved. */}
          {isPro && (
            <>
              <ChoiceField label="Mentorship Style" options={MENTORSHIP_STYLES} format={capitalise} {...field('mentorshipStyle')} />
              <ChoiceField label="Availability" options={AVAILABILITY_OPTIONS} {...field('availability')} />
              <ChoiceField label="Response Time" options={RESPONSE_TIME_OPTIONS} {...field('responseTime')} />
            </>
          )}
        </div>
        {LONG_FIELDS.map(({ key, rows, ...props }) =>
          rows ? (
            <TextAreaField key={key} rows={rows} {...props} {...field(key)} />
          ) : (
            <TextField key={key} inputMode="url" {...props} {...field(key)} />
          ),
        )}
        <div className="profile-form-actions">
          {!dirty && <p className="muted small">Change a field to save.</p>}
          <Button type="submit" disabled={!dirty} busy={save.isPending} busyText="Saving..." data-testid="profile-save">
            Save
          </Button>
        </div>
      </form>
    </Panel>
  );
}
