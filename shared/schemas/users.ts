import * as z from 'zod';
import { ALL_SUB_GENRES, PROFILE_GENRES } from '../genres.js';
import { COST_RANGE, EXPERIENCE_YEARS, USER_TYPES } from '../constants.js';
import { emailField, intBetween } from './common.js';

export const usernameField = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, 'Username must be at least 3 characters')
  .max(30, 'Username must be at most 30 characters')
  .regex(/^[a-z0-9_.]+$/, 'Username may contain only letters, digits, dots and underscores');

export const userTypeField = z.enum(USER_TYPES, { error: 'Type must be musician or pro' });

/** The onboarding's sub-genres and the profile page's flat list (spec section 3, both readings). */
const knownGenres = new Set<string>([...ALL_SUB_GENRES, ...PROFILE_GENRES.map((g) => g.label)]);
export const genresField = z
  .array(z.string().refine((g) => knownGenres.has(g), { message: 'Unknown genre' }), {
    error: 'Please select at least one genre',
  })
  .min(1, 'Please select at least one genre')
  .max(knownGenres.size, 'Too many genres')
  .transform((list) => [...new Set(list)]);

const costMessage = (end: string) => `${end} cost must be a whole number from $${COST_RANGE.min} to $${COST_RANGE.max}`;
export const costRangeField = z
  .object(
    {
      min: intBetween(COST_RANGE.min, COST_RANGE.max, costMessage('Minimum')),
      max: intBetween(COST_RANGE.min, COST_RANGE.max, costMessage('Maximum')),
    },
    { error: 'Cost range is required' },
  )
  .refine((r) => r.min <= r.max, { message: 'Minimum cost must not exceed maximum cost', path: ['max'] });

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
  costRange: z.object({ min: z.number(), max: z.number() }).nullable(),
  experience: z.number().nullable(),
  feedbackPriceCents: z.number().int().nullable(),
  balanceCents: z.number().int(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  keyCredits: z.string().nullable(),
  availability: z.string().nullable(),
  responseTime: z.string().nullable(),
  mentorshipStyle: z.string().nullable(),
  featuredTrack: z.string().nullable(),
  testimonials: z.string().nullable(),
  eventParticipation: z.string().nullable(),
  socialMedia: z.array(z.object({ platform: z.string(), url: z.string() })),
  website: z.string().nullable(),
  /** Public image URLs (served by the CDN), null for none: the page shows the default picture. */
  profileImage: z.string().nullable(),
  coverImage: z.string().nullable(),
  /** draft: chose 'pro' at onboarding and has yet to send the application; then pending, approved or declined. */
  proApplication: z.enum(['draft', 'pending', 'approved', 'declined']).nullable(),
  createdAt: z.string(),
});
export type UserView = z.infer<typeof userView>;

export const emailExistsInput = z.object({ email: emailField }).strict();
export const usernameExistsInput = z.object({ username: usernameField }).strict();
export const chooseTypeInput = z.object({ type: userTypeField }).strict();
export const saveGenresInput = z.object({ genres: genresField }).strict();
export const saveProProfileInput = z
  .object({ genres: genresField, costRange: costRangeField, experience: experienceField })
  .strict();
