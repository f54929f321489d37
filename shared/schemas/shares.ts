import { z } from 'zod';
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
    q: z.string().trim().min(2, 'Type at least 2 characters').max(100),
    excludeIds: z.string().max(2000).optional(),
    type: z.enum(['musician', 'pro']).optional(),
  })
  .strict();
export const listProsInput = z.object({}).strict();
export const userCardList = z.object({ users: z.array(userCard) });

export const shareOptionsSchema = z.object({
  feedbackNotes: z.string().trim().min(1, 'Feedback notes are required').max(2000),
  context: z.enum(CONTEXT_VALUES, { error: 'Context is required' }),
  referenceTrack: z.string().trim().max(500).optional().default(''),
  categories: z.array(z.enum(FEEDBACK_CATEGORY_KEYS)).max(10).optional().default([]),
  trackPurpose: z.enum(TRACK_PURPOSE_VALUES).optional(),
  mixingMastering: z.literal(true).optional().default(true),
  compositionArrangement: z.literal(true).optional().default(true),
  vocalsLyrics: z.literal(true).optional().default(true),
  energyImpact: z.literal(true).optional().default(true),
  feedbackType: z.literal('peer').optional().default('peer'),
  peerUsername: z.string().max(64).optional(),
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

const score = z.number().int().min(1).max(5);
export const criteriaSchema = z.partialRecord(z.enum(CRITERION_KEYS), score);

export const feedbackView = z.object({
  criteria: criteriaSchema,
  comment: z.string().nullable(),
  userId: z.string(),
  createdAt: z.string(),
});
export const rankingView = z.object({ rating: score, comment: z.string().nullable(), createdAt: z.string() });

export const shareDetail = z.object({
  share: shareView,
  feedback: feedbackView.nullable(),
  comments: z.array(commentView),
  ranking: rankingView.nullable(),
});
export type ShareDetail = z.infer<typeof shareDetail>;

export const createShareInput = z.object({ sharedWithId: userId, trackId: id, shareOptions: shareOptionsSchema }).strict();
export const listSharesInput = z
  .object({
    as: z.enum(['author', 'reviewer']),
    /** Comma-separated statuses. */
    status: z.string().regex(/^(pending|accepted|declined|completed)(,(pending|accepted|declined|completed))*$/, 'Unknown status').optional(),
  })
  .strict();
export const shareList = z.object({ shares: z.array(shareView) });
export const getShareInput = z.object({ id }).strict();
export const respondToShareInput = z.object({ id, status: z.enum(['accepted', 'declined']) }).strict();

const commentText = z.string().trim().min(1, 'Comment text is required').max(2000, 'The comment is too long');
const timestamp = z.number().min(0).max(24 * 3600).nullable();
/** Comment tags are the spec's category tags ('#Mixing'), each at most once. */
const tags = z.array(z.enum(FEEDBACK_CATEGORY_TAGS)).max(10).transform((l) => [...new Set(l)]);
export const addCommentInput = z.object({ id, timestamp, text: commentText, tags: tags.default([]) }).strict();
export const updateCommentInput = z.object({ id, commentId: id, timestamp: timestamp.optional(), text: commentText, tags: tags.default([]) }).strict();
export const deleteCommentInput = z.object({ id, commentId: id }).strict();

export const submitFeedbackInput = z
  .object({ id, criteria: criteriaSchema.default({}), comment: z.string().trim().max(5000).optional() })
  .strict();
export const rateFeedbackInput = z
  .object({ id, rating: score, comment: z.string().trim().max(2000).optional() })
  .strict();

export const suggestionInput = z
  .object({
    text: z.string().trim().min(1, 'Write something first').max(2000),
    timestamp: z.number().min(0).nullable().optional(),
    tags: z.array(z.enum(FEEDBACK_CATEGORY_TAGS)).max(10).optional(),
  })
  .strict();
export const suggestionView = z.object({ text: z.string() });
