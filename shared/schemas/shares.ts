import * as z from 'zod';
import { intBetween, secondsField, textField } from './common.js';
import { CONTEXT_VALUES, CRITERION_KEYS, FEEDBACK_CATEGORY_KEYS, FEEDBACK_CATEGORY_TAGS, SHARE_STATUSES, TRACK_PURPOSE_VALUES } from '../feedback.js';

const id = z.string().uuid('Invalid id');
const userId = z.string().min(1).max(64);

/** A user as others see them in search, Choose Your Pro and share views. */
export const userCard = z.object({
  id: z.string(),
  fullName: z.string(),
  username: z.string(),
  type: z.enum(['musician', 'pro', 'admin']),
  bio: z.string().nullable(),
  genres: z.array(z.string()),
  feedbackPriceCents: z.number().int().nullable(),
  profileImage: z.string().nullable(),
  availability: z.string().nullable(),
  responseTime: z.string().nullable(),
  keyCredits: z.string().nullable(),
  featuredTrack: z.string().nullable(),
  socialMedia: z.array(z.object({ platform: z.string(), url: z.string() })),
  website: z.string().nullable(),
});
export type UserCard = z.infer<typeof userCard>;

export const searchUsersInput = z
  .object({
    q: textField().min(2, 'Type at least 2 characters').max(100, 'The search is too long'),
    excludeIds: z.string().max(2000).optional(),
    type: z.enum(['musician', 'pro']).optional(),
  })
  .strict();
export const listProsInput = z.object({ cursor: z.string().max(2000).optional() }).strict();
export const userCardList = z.object({ users: z.array(userCard) });
/** Pros by name, a page at a time ('Load more' follows `next`). */
export const proPage = z.object({ users: z.array(userCard), next: z.string().nullable() });

export const shareOptionsSchema = z.object({
  feedbackNotes: textField({ multiline: true }).min(1, 'Feedback notes are required').max(2000, 'Feedback notes are too long'),
  context: z.enum(CONTEXT_VALUES, { error: 'Context is required' }),
  referenceTrack: textField().max(500, 'The reference track is too long').optional().default(''),
  categories: z.array(z.enum(FEEDBACK_CATEGORY_KEYS)).max(10).optional().default([]),
  trackPurpose: z.enum(TRACK_PURPOSE_VALUES).optional(),
  mixingMastering: z.literal(true).optional().default(true),
  compositionArrangement: z.literal(true).optional().default(true),
  vocalsLyrics: z.literal(true).optional().default(true),
  energyImpact: z.literal(true).optional().default(true),
  feedbackType: z.literal('peer').optional().default('peer'),
  peerUsername: textField().max(64, 'The username is too long').optional(),
});
export type ShareOptions = z.infer<typeof shareOptionsSchema>;

export const shareView = z.object({
  id: z.string(),
  trackId: z.string(),
  trackTitle: z.string(),
  trackAudioUrl: z.string(),
  trackDuration: z.number(),
  trackPeaks: z.string(),
  sharedByUserId: z.string(),
  sharedWithUserId: z.string(),
  sharedByName: z.string(),
  sharedByUsername: z.string(),
  sharedWithName: z.string(),
  sharedWithUsername: z.string(),
  status: z.enum(SHARE_STATUSES),
  shareOptions: shareOptionsSchema,
  /** The musician's 1-5 rating of the feedback, once given. */
  rating: z.number().int().nullable().optional(),
  /**
   * A paid request: what the musician paid and, while it is open, by when the pro must accept it (pending)
   * or complete it (accepted) before it expires and is refunded.
   */
  paid: z.object({ amountCents: z.number().int(), respondBy: z.string().nullable() }).nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ShareView = z.infer<typeof shareView>;

export const commentView = z.object({
  id: z.string(),
  shareId: z.string(),
  trackId: z.string(),
  userId: z.string(),
  authorName: z.string(),
  timestamp: z.number().nullable(),
  text: z.string(),
  tags: z.array(z.enum(FEEDBACK_CATEGORY_TAGS)),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CommentView = z.infer<typeof commentView>;

const score = (label: string) => intBetween(1, 5, `${label} must be a whole number from 1 to 5`);
export const criteriaSchema = z.partialRecord(z.enum(CRITERION_KEYS), score('Each criterion score'));

export const feedbackView = z.object({
  criteria: criteriaSchema,
  comment: z.string().nullable(),
  userId: z.string(),
  createdAt: z.string(),
});
export const rankingView = z.object({ rating: score('Rating'), comment: z.string().nullable(), createdAt: z.string() });

export const shareDetail = z.object({
  share: shareView,
  feedback: feedbackView.nullable(),
  comments: z.array(commentView),
  ranking: rankingView.nullable(),
});
export type ShareDetail = z.infer<typeof shareDetail>;

/**
 * One per user intent (a dialog submission, a composer submit), sent again on a retry: the same key from
 * the same user gives the same result and never a second item; with another request, 409 idempotency_conflict.
 */
const idempotencyKey = z.string().uuid('Invalid idempotency key').optional();
export const createShareInput = z.object({ sharedWithId: userId, trackId: id, shareOptions: shareOptionsSchema, idempotencyKey }).strict();
export const listSharesInput = z
  .object({
    as: z.enum(['author', 'reviewer']),
    /** Comma-separated statuses. */
    status: z.string().regex(new RegExp(`^(${SHARE_STATUSES.join('|')})(,(${SHARE_STATUSES.join('|')}))*$`), 'Unknown status').optional(),
    /** The `next` of the page before, asked for with the same `as` and `status`. */
    cursor: z.string().max(2000).optional(),
  })
  .strict();
/** A page of requests, newest first; `next` asks for the following page (null after the last). */
export const shareList = z.object({ shares: z.array(shareView), next: z.string().nullable() });
export const getShareInput = z.object({ id }).strict();
export const respondToShareInput = z.object({ id, status: z.enum(['accepted', 'declined']) }).strict();

const commentText = textField({ multiline: true }).min(1, 'Comment text is required').max(2000, 'The comment is too long');
const timestamp = secondsField('The timestamp').nullable();
/** Comment tags are the spec's category tags ('#Mixing'), each at most once. */
const tags = z.array(z.enum(FEEDBACK_CATEGORY_TAGS)).max(10).transform((l) => [...new Set(l)]);
export const addCommentInput = z.object({ id, timestamp, text: commentText, tags: tags.default([]), idempotencyKey }).strict();
export const updateCommentInput = z.object({ id, commentId: id, timestamp: timestamp.optional(), text: commentText, tags: tags.default([]) }).strict();
export const deleteCommentInput = z.object({ id, commentId: id }).strict();

export const submitFeedbackInput = z
  .object({ id, criteria: criteriaSchema.default({}), comment: textField({ multiline: true }).max(5000, 'The general comment is too long').optional() })
  .strict();
export const rateFeedbackInput = z
  .object({ id, rating: score('Rating'), comment: textField({ multiline: true }).max(2000, 'The comment is too long').optional() })
  .strict();

export const suggestionInput = z
  .object({
    text: textField({ multiline: true }).min(1, 'Write something first').max(2000, 'The comment is too long'),
    timestamp: secondsField('The timestamp').nullable().optional(),
    tags: z.array(z.enum(FEEDBACK_CATEGORY_TAGS)).max(10).optional(),
  })
  .strict();
export const suggestionView = z.object({ text: z.string() });
