import type { UserView } from '@shared/schemas/users';

/** The profile form's fields, in the order the form shows them. */
export const PROFILE_FIELDS = [
  'fullName',
  'username',
  'bio',
  'location',
  'keyCredits',
  'availability',
  'responseTime',
  'mentorshipStyle',
  'featuredTrack',
  'testimonials',
  'eventParticipation',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileFormValues = Record<ProfileField, string>;

/** What the form starts with: the stored values, an empty box for each one not set. */
export function profileFormValues(user: Partial<Pick<UserView, ProfileField>>): ProfileFormValues {
  return Object.fromEntries(PROFILE_FIELDS.map((key) => [key, user[key] ?? ''])) as ProfileFormValues;
}

/** Comma-separated links as the server keeps them: trimmed, empty entries dropped, joined by ', '. */
export function normalizeLinks(value: string): string {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
}

/** A value as it will be stored, for comparing: trimmed; usernames lower case; links in the server's form. */
function comparable(key: ProfileField, value: string): string {
  const trimmed = value.trim();
  if (key === 'username') return trimmed.toLowerCase();
  if (key === 'featuredTrack') return normalizeLinks(trimmed);
  return trimmed;
}

/**
 * The fields whose value differs from what is stored, trimmed: what the Save button sends (nothing when
 * nothing changed). An emptied optional field is sent as '' and clears it.
 */
export function changedProfileFields(initial: ProfileFormValues, current: ProfileFormValues): Partial<ProfileFormValues> {
  const changes: Partial<ProfileFormValues> = {};
  for (const key of PROFILE_FIELDS) {
    if (comparable(key, current[key]) !== comparable(key, initial[key])) changes[key] = current[key].trim();
  }
  return changes;
}

/** 'technical' as the choice reads: 'Technical'. */
export const capitalise = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);
