/**
 * The profile page's requests: the record's fields, social links, a pro's own price, profile images,
 * and the application to become a pro.
 */
import * as z from 'zod';
import { AVAILABILITY_OPTIONS, FEEDBACK_TIERS, MENTORSHIP_STYLES, RESPONSE_TIME_OPTIONS } from '../constants.js';
import { SOCIAL_PLATFORMS, normalizeSocialUrl } from '../social.js';
import { intBetween, textField } from './common.js';
import { costRangeField, experienceField, genresField, usernameField } from './users.js';

export const REQUIRED_FIELD = 'This field is required';

/** An optional free-text field: empty (after trimming) stores nothing. */
const optionalText = (label: string, max: number, multiline = false) =>
  textField({ multiline })
    .max(max, `${label} must be at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable();

/** A choice from a fixed list, or '' / null for none. */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .enum([...values, ''] as unknown as [T[number] | '', ...(T[number] | '')[]], { error: `${label} must be one of: ${values.join(', ')}` })
    .nullable()
    .transform((v): T[number] | null => (v === '' ? null : v));

/** Up to five comma-separated http(s) links. */
export const featuredTrackField = textField()
  .max(1000, 'Featured tracks must be at most 1000 characters')
  .transform((v, ctx) => {
    const links = v.split(',').map((s) => s.trim()).filter(Boolean);
    if (links.length > 5) ctx.addIssue({ code: 'custom', message: 'Add at most 5 featured track links' });
    for (const link of links) {
      if (!isWebLink(link)) ctx.addIssue({ code: 'custom', message: `"${link.slice(0, 60)}" is not a web link (https://...)` });
    }
    return links.length ? links.join(', ') : null;
  })
  .nullable();

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
  .object({
    fullName: textField().min(1, REQUIRED_FIELD).max(100, 'The name must be at most 100 characters'),
    username: z.string().trim().min(1, REQUIRED_FIELD).pipe(usernameField),
    bio: optionalText('The bio', 1000, true),
    location: optionalText('The location', 100),
    keyCredits: optionalText('Key credits', 1000, true),
    availability: optionalChoice(AVAILABILITY_OPTIONS, 'Availability'),
    responseTime: optionalChoice(RESPONSE_TIME_OPTIONS, 'Response time'),
    mentorshipStyle: optionalChoice(MENTORSHIP_STYLES, 'Mentorship style'),
    featuredTrack: featuredTrackField,
    testimonials: optionalText('Testimonials', 2000, true),
    eventParticipation: optionalText('Event participation', 1000, true),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to save: change a field first' });
export type ProfileChanges = z.infer<typeof updateProfileInput>;

/** One input per platform; an empty value removes the platform. Website is among them. */
export const saveSocialLinksInput = z
  .object({
    links: z
      .partialRecord(z.enum(SOCIAL_PLATFORMS.map((p) => p.key) as [string, ...string[]]), textField().max(300, 'A link must be at most 300 characters'))
      .superRefine((links, ctx) => {
        for (const [platform, value] of Object.entries(links)) {
          if (value && !normalizeSocialUrl(platform, value)) {
            ctx.addIssue({ code: 'custom', path: [platform], message: `The ${platform} link is not a valid web address` });
          }
        }
      }),
  })
  .strict();

/** A pro's own price: one of the spec's tiers, in dollars (0 is free). */
export const FEEDBACK_PRICE_TIERS = FEEDBACK_TIERS.map((t) => t.price);
export const setOwnPriceInput = z
  .object({
    price: z
      .number({ error: 'Choose a price' })
      .refine((p) => (FEEDBACK_PRICE_TIERS as readonly number[]).includes(p), `Choose one of: ${FEEDBACK_PRICE_TIERS.map((p) => (p ? `$${p}` : 'free')).join(', ')}`),
  })
  .strict();

/** Profile photo or cover. Files are resized in the browser to what the page shows before upload. */
export const IMAGE_KINDS = ['photo', 'cover'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The largest image kept, in pixels: twice what the page shows (photo 128 px, cover 300 px high). */
export const IMAGE_MAX_SIZE = { photo: { width: 512, height: 512 }, cover: { width: 2400, height: 800 } } as const;

export const createImageUploadInput = z
  .object({
    kind: z.enum(IMAGE_KINDS, { error: 'Kind must be photo or cover' }),
    contentType: z.string().refine((t) => t.startsWith('image/'), 'Only image files can be uploaded').pipe(z.enum(IMAGE_TYPES, { error: 'Upload a JPEG, PNG or WebP image' })),
    size: intBetween(1, MAX_IMAGE_BYTES, `An image must be from 1 byte to ${MAX_IMAGE_BYTES / 1024 / 1024} MB`),
  })
  .strict();
export const imageUploadTicket = z.object({ url: z.string(), fields: z.record(z.string(), z.string()), key: z.string() });
export const saveImageInput = z.object({ kind: z.enum(IMAGE_KINDS), key: z.string().min(1).max(300) }).strict();

/** The application a musician sends to review for money. */
export const proApplicationInput = z
  .object({
    genres: genresField,
    costRange: costRangeField,
    experience: experienceField,
    credits: textField({ multiline: true }).max(1000, 'Credits must be at most 1000 characters').optional().default(''),
    featuredTrack: featuredTrackField.optional().default(null),
  })
  .strict();

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
  featuredTrack: z.string().nullable(),
  reason: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ProApplicationView = z.infer<typeof proApplicationView>;

export const listApplicationsInput = z.object({ status: z.enum(PRO_APPLICATION_STATUSES).optional().default('pending'), cursor: z.string().max(2000).optional() }).strict();
export const applicationPage = z.object({ applications: z.array(proApplicationView), next: z.string().nullable() });
/** Approve, or decline with a reason the applicant is e-mailed. */
export const decideApplicationInput = z
  .object({
    id: z.string().min(1).max(64),
    decision: z.enum(['approve', 'decline'], { error: 'Decision must be approve or decline' }),
    reason: textField({ multiline: true }).max(1000, 'The reason is too long').optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.decision === 'decline' && (v.reason ?? '').length < 3) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Give the applicant a reason (at least 3 characters)' });
    }
  });
export const myApplicationView = z.object({ application: proApplicationView.nullable() });
