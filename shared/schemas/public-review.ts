import * as z from 'zod/mini';
import { receiptView } from './receipt.js';
import { criteriaSchema, madeView } from './shares.js';

/** How long a review's read-only link works, from when it is made. */
export const PUBLIC_LINK_DAYS = 30;

/** A completed review's read-only link, as its musician sees it. */
export const publicLinkView = z.object({
  token: z.string(),
  /** The app's path that opens it (`/review/<token>`). */
  path: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type PublicLinkView = z.infer<typeof publicLinkView>;
export const publicLinkOutput = z.object({ link: z.nullable(publicLinkView) });
/** Whether a link was turned off (false: there was none). */
export const revokedOutput = z.object({ revoked: z.boolean() });

export const publicReviewInput = z.strictObject({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,64}$/, 'This review link is not valid')),
});

/**
 * What a read-only link shows to anyone holding it: the review (scores, the reviewer's comments at their
 * moments on the waveform), never the audio, the musician's own comments or anyone's account.
 */
export const publicReviewView = z.object({
  trackTitle: z.string(),
  reviewerName: z.string(),
  /** The reviewer was vetted by Snip as World-Class when the review was asked for. */
  reviewerWorldClass: z.boolean(),
  duration: z.number(),
  /** The waveform's peaks (as the track's list gives them), for placing the comments: no audio. */
  peaks: z.string(),
  criteria: criteriaSchema,
  comment: z.nullable(z.string()),
  comments: z.array(
    z.object({
      timestamp: z.nullable(z.number()),
      endTimestamp: z.optional(z.nullable(z.number())),
      text: z.string(),
      tags: z.array(z.string()),
      made: z.optional(madeView),
    }),
  ),
  reviewedAt: z.string(),
  /** What the review drew on besides the ear, only where its comments did (shared/comment-made.ts drewOn). */
  drewOn: z.optional(z.array(z.string())),
  expiresAt: z.string(),
  /** A paid review's signed receipt, with whether it checks: the page's 'verified' mark. */
  receipt: z.optional(z.nullable(receiptView)),
});
export type PublicReviewView = z.infer<typeof publicReviewView>;
