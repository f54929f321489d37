import * as z from 'zod/mini';
import { ALL_SUB_GENRES, PROFILE_GENRES } from '../genres.js';
import { COST_RANGE, EXPERIENCE_YEARS, USER_TYPES } from '../constants.js';
import { emailField, intBetween, standingDecision } from './common.js';
import { MAIL_KINDS, type MailKind } from '../mail-preferences.js';

const mailPreferencesView = z.object(Object.fromEntries(MAIL_KINDS.map((k) => [k, z.boolean()])) as Record<MailKind, z.ZodMiniBoolean>);

export const usernameField = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(3, 'Username must be at least 3 characters'),
    z.maxLength(30, 'Username must be at most 30 characters'),
    z.regex(/^[a-z0-9_.]+$/, 'Username may contain only letters, digits, dots and underscores'),
  );

export const userTypeField = z.enum(USER_TYPES, { error: 'Type must be musician or pro' });

/** The onboarding's sub-genres and the profile page's flat list (spec section 3, both readings). */
const knownGenres = new Set<string>([...ALL_SUB_GENRES, ...PROFILE_GENRES.map((g) => g.label)]);
export const genresField = z.pipe(
  z
    .array(z.string().check(z.refine((g) => knownGenres.has(g), { message: 'Unknown genre' })), {
      error: 'Please select at least one genre',
    })
    .check(z.minLength(1, 'Please select at least one genre'), z.maxLength(knownGenres.size, 'Too many genres')),
  z.transform((list) => [...new Set(list)]),
);

const costMessage = (end: string) => `${end} cost must be a whole number from $${COST_RANGE.min} to $${COST_RANGE.max}`;
export const costRangeField = z
  .object(
    {
      min: intBetween(COST_RANGE.min, COST_RANGE.max, costMessage('Minimum')),
      max: intBetween(COST_RANGE.min, COST_RANGE.max, costMessage('Maximum')),
    },
    { error: 'Cost range is required' },
  )
  .check(z.refine((r) => r.min <= r.max, { message: 'Minimum cost must not exceed maximum cost', path: ['max'] }));

export const experienceField = intBetween(
  EXPERIENCE_YEARS.min,
  EXPERIENCE_YEARS.max,
  `Experience must be a whole number of years from ${EXPERIENCE_YEARS.min} to ${EXPERIENCE_YEARS.max}`,
);

/** The caller's own account as the API returns it. Money is integer cents. */
export const userView = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  username: z.string(),
  type: z.enum(['musician', 'pro', 'admin']),
  typeChosen: z.boolean(),
  isAdmin: z.boolean(),
  genres: z.array(z.string()),
  costRange: z.nullable(z.object({ min: z.number(), max: z.number() })),
  experience: z.nullable(z.number()),
  feedbackPriceCents: z.nullable(z.int()),
  /** Re-checks of a later version for free; else at half the price (shared/recheck.ts). */
  freeRechecks: z.boolean(),
  /** An admin's vetting as World-Class (null: not vetted), without which the World-Class price is not theirs to ask. */
  worldClass: standingDecision,
  /** A pro who takes Snip Pro requests from the pool (shared/pool.ts). */
  takesPoolWork: z.boolean(),
  /** The feedback categories a pro reviews best: Snip Pro requests asking for them are offered to them first. */
  focusAreas: z.array(z.string()),
  balanceCents: z.int(),
  bio: z.nullable(z.string()),
  location: z.nullable(z.string()),
  keyCredits: z.nullable(z.string()),
  availability: z.nullable(z.string()),
  responseTime: z.nullable(z.string()),
  mentorshipStyle: z.nullable(z.string()),
  featuredTrack: z.nullable(z.string()),
  testimonials: z.nullable(z.string()),
  eventParticipation: z.nullable(z.string()),
  socialMedia: z.array(z.object({ platform: z.string(), url: z.string() })),
  website: z.nullable(z.string()),
  /** Public image URLs (served by the CDN), null for none: the page shows the default picture. */
  profileImage: z.nullable(z.string()),
  coverImage: z.nullable(z.string()),
  /** draft: chose 'pro' at onboarding and has yet to send the application; then pending, approved or declined. */
  proApplication: z.nullable(z.enum(['draft', 'pending', 'approved', 'declined'])),
  /** Which kinds of e-mail the user gets (shared/mail-preferences.ts), every kind present. */
  mailPreferences: mailPreferencesView,
  createdAt: z.string(),
});
export type UserView = z.infer<typeof userView>;

/** The kinds of e-mail to turn on or off; those not named stay as they are. */
export const saveMailPreferencesInput = z
  .strictObject(
    Object.fromEntries(MAIL_KINDS.map((k) => [k, z.optional(z.boolean())])) as Record<MailKind, z.ZodMiniOptional<z.ZodMiniBoolean>>,
  )
  .check(z.refine((p) => Object.values(p).some((v) => v !== undefined), { message: 'Choose at least one kind of e-mail' }));

/**
 * An e-mail's unsubscribe link (public): its token and kind, and `subscribed` to undo. A mail provider's
 * one-click unsubscribe (RFC 8058) posts the form field `List-Unsubscribe=One-Click` to the same address.
 */
export const unsubscribeInput = z.strictObject({
  token: z.string().check(z.minLength(10, 'This unsubscribe link is incomplete'), z.maxLength(200, 'This unsubscribe link is not valid')),
  kind: z.enum(MAIL_KINDS, { error: 'This unsubscribe link is not valid' }),
  subscribed: z.optional(z.boolean()),
  'List-Unsubscribe': z.optional(z.literal('One-Click')),
});
export const unsubscribeOutput = z.object({
  kind: z.enum(MAIL_KINDS),
  subscribed: z.boolean(),
  /** The address, partly hidden (j***@example.com): whose e-mails these are, to someone holding only the link. */
  email: z.string(),
});

/** Whether a changed password was told to the account's address now (false: already told, or no recent change). */
export const passwordNoticeView = z.object({ notified: z.boolean() });
export const emailExistsInput = z.strictObject({ email: emailField });
export const usernameExistsInput = z.strictObject({ username: usernameField });
export const chooseTypeInput = z.strictObject({ type: userTypeField });
export const saveGenresInput = z.strictObject({ genres: genresField });
export const saveProProfileInput = z.strictObject({ genres: genresField, costRange: costRangeField, experience: experienceField });
