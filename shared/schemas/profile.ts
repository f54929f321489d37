/**
 * The profile page's requests: the record's fields, social links, a pro's own price, profile images,
 * and the application to become a pro.
 */
import * as z from 'zod/mini';
import { AVAILABILITY_OPTIONS, FEEDBACK_TIERS, MENTORSHIP_STYLES, RESPONSE_TIME_OPTIONS } from '../constants.js';
import { SOCIAL_PLATFORMS, normalizeSocialUrl } from '../social.js';
import { FEEDBACK_CATEGORY_KEYS } from '../feedback.js';
import { cursorField, intBetween, textField, worldClassReason } from './common.js';
import { costRangeField, experienceField, genresField, usernameField } from './users.js';

export const REQUIRED_FIELD = 'This field is required';

/** An optional free-text field: empty (after trimming) stores nothing. */
const optionalText = (label: string, max: number, multiline = false) =>
  z.nullable(
    z.pipe(
      textField({ multiline }).check(z.maxLength(max, `${label} must be at most ${max} characters`)),
      z.transform((v) => (v === '' ? null : v)),
    ),
  );

/** A choice from a fixed list, or '' / null for none. */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.pipe(
    z.nullable(
      z.enum([...values, ''] as unknown as [T[number] | '', ...(T[number] | '')[]], {
        error: `${label} must be one of: ${values.join(', ')}`,
      }),
    ),
    z.transform((v): T[number] | null => (v === '' ? null : v)),
  );

/** Up to five comma-separated http(s) links. */
export const featuredTrackField = z.nullable(
  z.pipe(
    textField().check(z.maxLength(1000, 'Featured tracks must be at most 1000 characters')),
    z.transform((v, ctx) => {
      const links = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (links.length > 5) ctx.issues.push({ code: 'custom', message: 'Add at most 5 featured track links', input: v });
      for (const link of links) {
        if (!isWebLink(link))
          ctx.issues.push({ code: 'custom', message: `"${link.slice(0, 60)}" is not a web link (https://...)`, input: v });
      }
      return links.length ? links.join(', ') : null;
    }),
  ),
);

export function isWebLink(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** The profile record's fields, with name and username. Only changed fields are sent; at least one. */
export const updateProfileInput = z
  .partial(
    z.strictObject({
      fullName: textField().check(z.minLength(1, REQUIRED_FIELD), z.maxLength(100, 'The name must be at most 100 characters')),
      username: z.pipe(z.string().check(z.trim(), z.minLength(1, REQUIRED_FIELD)), usernameField),
      bio: optionalText('The bio', 1000, true),
      location: optionalText('The location', 100),
      keyCredits: optionalText('Key credits', 1000, true),
      availability: optionalChoice(AVAILABILITY_OPTIONS, 'Availability'),
      responseTime: optionalChoice(RESPONSE_TIME_OPTIONS, 'Response time'),
      mentorshipStyle: optionalChoice(MENTORSHIP_STYLES, 'Mentorship style'),
      featuredTrack: featuredTrackField,
      testimonials: optionalText('Testimonials', 2000, true),
      eventParticipation: optionalText('Event participation', 1000, true),
      /** A pro's opting in to Snip Pro requests matched from the pool (shared/pool.ts). */
      takesPoolWork: z.boolean({ error: 'Say yes or no' }),
      /** The feedback categories a pro reviews best: pool requests asking for them come to them first. */
      focusAreas: z
        .array(z.enum(FEEDBACK_CATEGORY_KEYS, { error: 'Unknown focus area' }))
        .check(z.refine((a) => new Set(a).size === a.length, 'Name each focus area once')),
    }),
  )
  .check(z.refine((v) => Object.keys(v).length > 0, { message: 'Nothing to save: change a field first' }));
export type ProfileChanges = z.infer<typeof updateProfileInput>;

/** One input per platform; an empty value removes the platform. Website is among them. */
export const saveSocialLinksInput = z.strictObject({
  links: z
    .partialRecord(
      z.enum(SOCIAL_PLATFORMS.map((p) => p.key) as [string, ...string[]]),
      textField().check(z.maxLength(300, 'A link must be at most 300 characters')),
    )
    .check(
      z.superRefine((links, ctx) => {
        for (const [platform, value] of Object.entries(links)) {
          if (value && !normalizeSocialUrl(platform, value)) {
            ctx.addIssue({ code: 'custom', path: [platform], message: `The ${platform} link is not a valid web address`, input: value });
          }
        }
      }),
    ),
});

/** A pro's own price: one of the spec's tiers, in dollars (0 is free). */
export const FEEDBACK_PRICE_TIERS = FEEDBACK_TIERS.map((t) => t.price);
export const setOwnPriceInput = z.strictObject({
  price: z
    .number({ error: 'Choose a price' })
    .check(
      z.refine(
        (p) => (FEEDBACK_PRICE_TIERS as readonly number[]).includes(p),
        `Choose one of: ${FEEDBACK_PRICE_TIERS.map((p) => (p ? `$${p}` : 'free')).join(', ')}`,
      ),
    ),
  /** Re-checks of a later version free (else half the price); unchanged when absent. */
  freeRechecks: z.optional(z.boolean()),
});

/** Profile photo or cover. Files are resized in the browser to what the page shows before upload. */
export const IMAGE_KINDS = ['photo', 'cover'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The largest image kept, in pixels: twice what the page shows (photo 128 px, cover 300 px high). */
export const IMAGE_MAX_SIZE = { photo: { width: 512, height: 512 }, cover: { width: 2400, height: 800 } } as const;

export const createImageUploadInput = z.strictObject({
  kind: z.enum(IMAGE_KINDS, { error: 'Kind must be photo or cover' }),
  contentType: z.pipe(
    z.string().check(z.refine((t) => t.startsWith('image/'), 'Only image files can be uploaded')),
    z.enum(IMAGE_TYPES, { error: 'Upload a JPEG, PNG or WebP image' }),
  ),
  size: intBetween(1, MAX_IMAGE_BYTES, `An image must be from 1 byte to ${MAX_IMAGE_BYTES / 1024 / 1024} MB`),
});
export const imageUploadTicket = z.object({ url: z.string(), fields: z.record(z.string(), z.string()), key: z.string() });
export const saveImageInput = z.strictObject({ kind: z.enum(IMAGE_KINDS), key: z.string().check(z.minLength(1), z.maxLength(300)) });

/** The application a musician sends to review for money. */
export const proApplicationInput = z.strictObject({
  genres: genresField,
  costRange: costRangeField,
  experience: experienceField,
  credits: z._default(textField({ multiline: true }).check(z.maxLength(1000, 'Credits must be at most 1000 characters')), ''),
  featuredTrack: z._default(featuredTrackField, null),
});

export const PRO_APPLICATION_STATUSES = ['pending', 'approved', 'declined'] as const;
export const proApplicationView = z.object({
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  username: z.string(),
  status: z.enum(PRO_APPLICATION_STATUSES),
  genres: z.array(z.string()),
  costRange: z.object({ min: z.number(), max: z.number() }),
  experience: z.number(),
  credits: z.string(),
  featuredTrack: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  submittedAt: z.string(),
  decidedAt: z.nullable(z.string()),
});
export type ProApplicationView = z.infer<typeof proApplicationView>;

export const listApplicationsInput = z.strictObject({
  status: z._default(z.enum(PRO_APPLICATION_STATUSES), 'pending'),
  cursor: cursorField,
});
export const applicationPage = z.object({ applications: z.array(proApplicationView), next: z.nullable(z.string()) });
/**
 * Approve (with `worldClass`: vetted as World-Class at once, for that reason, such as their credits), or
 * decline with a reason the applicant is e-mailed.
 */
export const decideApplicationInput = z
  .strictObject({
    id: z.string().check(z.minLength(1), z.maxLength(64)),
    decision: z.enum(['approve', 'decline'], { error: 'Decision must be approve or decline' }),
    reason: z.optional(textField({ multiline: true }).check(z.maxLength(1000, 'The reason is too long'))),
    worldClass: z.optional(worldClassReason()),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.decision === 'decline' && (v.reason ?? '').length < 3) {
        ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Give the applicant a reason (at least 3 characters)', input: v.reason });
      }
      if (v.decision === 'decline' && v.worldClass !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['worldClass'],
          message: 'Only an approved applicant is vetted as World-Class',
          input: v.worldClass,
        });
      }
    }),
  );
export const myApplicationView = z.object({ application: z.nullable(proApplicationView) });
