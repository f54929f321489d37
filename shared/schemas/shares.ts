import * as z from 'zod/mini';
import { cursorField, intBetween, secondsField, textField } from './common.js';
import { idempotencyKey } from './idempotency.js';
import {
  CONTEXT_VALUES,
  CRITERION_KEYS,
  FEEDBACK_CATEGORY_KEYS,
  FEEDBACK_CATEGORY_TAGS,
  MAY_NOT_APPLY,
  PARTICIPANT_SIDES,
  SHARE_STATUSES,
  TRACK_PURPOSE_VALUES,
} from '../feedback.js';
import { COMMENT_MADE } from '../comment-made.js';
import { DECLINE_REASON_VALUES, DISPUTE_REASON_VALUES, DISPUTE_STATUSES, LISTENING } from '../review.js';
import { reputationView } from './reputation.js';
import { findingView, reportSummary } from './technical-report.js';
import { receiptView } from './receipt.js';

const id = z.string().check(z.uuid('Invalid id'));

/** How the reviewer marks a point of the previous review on a re-check. */
export const CHECK_MARKS = ['fixed', 'not_fixed', 'not_applicable'] as const;
export type CheckMark = (typeof CHECK_MARKS)[number];
/** `total` leaves out the points marked not applicable. */
export const recheckOutcomeView = z.object({ fixed: z.int(), notFixed: z.int(), notApplicable: z.int(), total: z.int() });
export type RecheckOutcome = z.infer<typeof recheckOutcomeView>;
/** What a re-check of a completed review costs now, in cents (0: free), by the one price rule. */
export const recheckQuoteView = z.object({ feedbackPriceCents: z.number() });
const userId = z.string().check(z.minLength(1), z.maxLength(64));

export const shareOptionsSchema = z.object({
  feedbackNotes: textField({ multiline: true }).check(
    z.minLength(1, 'Feedback notes are required'),
    z.maxLength(2000, 'Feedback notes are too long'),
  ),
  context: z.enum(CONTEXT_VALUES, { error: 'Context is required' }),
  referenceTrack: z._default(textField().check(z.maxLength(500, 'The reference track is too long')), ''),
  categories: z._default(z.array(z.enum(FEEDBACK_CATEGORY_KEYS)).check(z.maxLength(10)), []),
  trackPurpose: z.optional(z.enum(TRACK_PURPOSE_VALUES)),
  mixingMastering: z._default(z.literal(true), true),
  compositionArrangement: z._default(z.literal(true), true),
  /** False: an instrumental, with no vocals or lyrics to score (shared/feedback.ts criteriaAsked). */
  vocalsLyrics: z._default(z.boolean(), true),
  energyImpact: z._default(z.literal(true), true),
  feedbackType: z._default(z.literal('peer'), 'peer'),
  peerUsername: z.optional(textField().check(z.maxLength(64, 'The username is too long'))),
});
export type ShareOptions = z.infer<typeof shareOptionsSchema>;

export const shareView = z.object({
  id: z.string(),
  trackId: z.string(),
  trackTitle: z.string(),
  trackAudioUrl: z.string(),
  trackDuration: z.number(),
  trackPeaks: z.string(),
  /** The track's technical report as it was when the request was made (null: measured before reports). */
  trackReport: z.optional(z.nullable(reportSummary)),
  sharedByUserId: z.string(),
  sharedWithUserId: z.string(),
  sharedByName: z.string(),
  sharedByUsername: z.string(),
  sharedWithName: z.string(),
  sharedWithUsername: z.string(),
  status: z.enum(SHARE_STATUSES),
  shareOptions: shareOptionsSchema,
  /** The musician's 1-5 rating of the feedback, once given. */
  rating: z.optional(z.nullable(z.int())),
  /**
   * A paid request: what the musician paid and, while it is open, by when the pro must accept it (pending)
   * or complete it (accepted) before it expires and is refunded.
   */
  paid: z.optional(
    z.nullable(
      z.object({
        amountCents: z.int(),
        respondBy: z.nullable(z.string()),
        /** Days the pro has to complete it once accepted (their response time when it was paid). */
        completeDays: z.int(),
        /** When its delivered review was refunded in full (a report upheld); a request that ended unreviewed says so by its status. */
        refundedAt: z.optional(z.string()),
      }),
    ),
  ),
  /** The reviewer was vetted as World-Class when the request was made: the badge on their review. */
  reviewerWorldClass: z.optional(z.boolean()),
  /** Why the reviewer declined it, when they did. */
  decline: z.optional(z.nullable(z.object({ reason: z.enum(DECLINE_REASON_VALUES), text: z.nullable(z.string()) }))),
  /** On a later version of a track: the track (v1) it is a version of, and its number. */
  trackStackId: z.optional(z.string()),
  trackVersion: z.optional(z.int()),
  /** A re-check: the completed request on an earlier version whose review it checks again. */
  recheckOf: z.optional(z.nullable(z.string())),
  /** A completed re-check: how the previous review's points were marked ('7 of 9 fixed'). */
  recheckOutcome: z.optional(z.nullable(recheckOutcomeView)),
  /** Which side deleted their account: the request stays for the other, closed to new comments. */
  leftBy: z.optional(z.enum(PARTICIPANT_SIDES)),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ShareView = z.infer<typeof shareView>;

/**
 * A point of the previous review, on a re-check: the reviewer's comment, placed at its time on the new
 * version (`timestamp`: where the musician moved it, else where it was), and how the reviewer marked it.
 */
export const checkItemView = z.object({
  commentId: z.string(),
  text: z.string(),
  tags: z.array(z.string()),
  originalTimestamp: z.nullable(z.number()),
  timestamp: z.nullable(z.number()),
  mark: z.nullable(z.enum(CHECK_MARKS)),
  note: z.nullable(z.string()),
});
export type CheckItemView = z.infer<typeof checkItemView>;
/** What a point's change changed: its mark and note, or its place. */
export const checkChangeView = z.object({
  commentId: z.string(),
  mark: z.optional(z.enum(CHECK_MARKS)),
  note: z.optional(z.nullable(z.string())),
  timestamp: z.optional(z.nullable(z.number())),
});
export type CheckChangeView = z.infer<typeof checkChangeView>;

/** How a reviewer's comment was made (shared/comment-made.ts). */
export const madeView = z.object({ how: z.enum(COMMENT_MADE), kept: z.optional(z.number()) });

export const commentView = z.object({
  id: z.string(),
  shareId: z.string(),
  trackId: z.string(),
  userId: z.string(),
  authorName: z.string(),
  timestamp: z.nullable(z.number()),
  /** A comment on a range: where it ends (absent or null: a moment, or general feedback). */
  endTimestamp: z.optional(z.nullable(z.number())),
  text: z.string(),
  tags: z.array(z.enum(FEEDBACK_CATEGORY_TAGS)),
  /** How the reviewer's comment was made; absent on the musician's and on older ones. */
  made: z.optional(madeView),
  /** The analysis finding the reviewer confirmed as this comment ('clip-2'). */
  finding: z.optional(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CommentView = z.infer<typeof commentView>;

const score = (label: string) => intBetween(1, 5, `${label} must be a whole number from 1 to 5`);
export const criteriaSchema = z.partialRecord(z.enum(CRITERION_KEYS), score('Each criterion score'));

export const feedbackView = z.object({
  criteria: criteriaSchema,
  /** Criteria the reviewer said do not apply to the track. */
  notApplicable: z.optional(z.array(z.string())),
  comment: z.nullable(z.string()),
  userId: z.string(),
  createdAt: z.string(),
});
export const rankingView = z.object({ rating: score('Rating'), comment: z.nullable(z.string()), createdAt: z.string() });

/** What the reviewer has heard (shared/review.ts): the reviewer sees it as it grows, the musician once the review is in. */
export const listeningView = z.object({
  /** Base64 of one bit per second of the track. */
  heard: z.string(),
  heardSeconds: z.int(),
  sessions: z.int(),
  /** Heard seconds a paid review needs (0 for a free one). */
  requiredSeconds: z.int(),
});
export type ListeningView = z.infer<typeof listeningView>;

/** The reviewer's unsubmitted scores, general comment and comment box: theirs alone. */
export const draftView = z.object({
  criteria: criteriaSchema,
  comment: z.string(),
  note: z.string(),
  noteAt: z.optional(
    z.object({ timestamp: z.nullable(z.number()), endTimestamp: z.optional(z.nullable(z.number())), tags: z.array(z.string()) }),
  ),
  savedAt: z.string(),
});
export type DraftView = z.infer<typeof draftView>;

/** A musician's report of a paid review, and what an admin decided. */
export const disputeView = z.object({
  shareId: z.string(),
  reason: z.enum(DISPUTE_REASON_VALUES),
  text: z.nullable(z.string()),
  status: z.enum(DISPUTE_STATUSES),
  openedAt: z.string(),
  resolvedAt: z.nullable(z.string()),
  /** The admin's reason, when they rejected it. */
  resolution: z.nullable(z.string()),
});
export type DisputeView = z.infer<typeof disputeView>;

/**
 * A request as one participant sees it. Until the review is submitted the reviewer's comments, listening
 * and draft are theirs alone: the musician sees their own comments and that the review is in progress.
 */
export const shareDetail = z.object({
  share: shareView,
  feedback: z.nullable(feedbackView),
  comments: z.array(commentView),
  ranking: z.nullable(rankingView),
  listening: z.nullable(listeningView),
  draft: z.nullable(draftView),
  /** The reviewer's reputation, as a request is opened. */
  reviewerReputation: z.optional(z.nullable(reputationView)),
  /** The musician's report of the review, if they made one. */
  dispute: z.optional(z.nullable(disputeView)),
  /** A delivered paid review's signed receipt, with whether it checks. */
  receipt: z.optional(z.nullable(receiptView)),
  /** A re-check: the previous review's points, in time order (null on a first request). */
  checklist: z.optional(z.nullable(z.array(checkItemView))),
});
export type ShareDetail = z.infer<typeof shareDetail>;

export const createShareInput = z.strictObject({
  sharedWithId: userId,
  trackId: id,
  shareOptions: shareOptionsSchema,
  idempotencyKey,
  /** A re-check of this completed request, by its reviewer, on a later version (`trackId`) of its track. */
  recheckOf: z.optional(id),
});
export const listSharesInput = z.strictObject({
  as: z.enum(['author', 'reviewer']),
  /** Comma-separated statuses. */
  status: z.optional(
    z.string().check(z.regex(new RegExp(`^(${SHARE_STATUSES.join('|')})(,(${SHARE_STATUSES.join('|')}))*$`), 'Unknown status')),
  ),
  /** The `next` of the page before, asked for with the same `as` and `status`. */
  cursor: cursorField,
});
/** A page of requests, newest first; `next` asks for the following page (null after the last). */
export const shareList = z.object({ shares: z.array(shareView), next: z.nullable(z.string()) });
export const getShareInput = z.strictObject({ id });
export const respondToShareInput = z.strictObject({
  id,
  status: z.enum(['accepted', 'declined']),
  /** A decline's reason, shown to the musician. */
  reason: z.optional(z.enum(DECLINE_REASON_VALUES, { error: 'Choose a reason' })),
  reasonText: z.optional(textField({ multiline: true }).check(z.maxLength(500, 'The reason is too long'))),
});

const commentText = textField({ multiline: true }).check(
  z.minLength(1, 'Comment text is required'),
  z.maxLength(2000, 'The comment is too long'),
);
const timestamp = z.nullable(secondsField('The timestamp'));
/** Comment tags are the spec's category tags ('#Mixing'), each at most once. */
const tags = z._default(
  z.pipe(
    z.array(z.enum(FEEDBACK_CATEGORY_TAGS)).check(z.maxLength(10)),
    z.transform((l) => [...new Set(l)]),
  ),
  [],
);
/** A range's end: after its start, which it needs. */
const endTimestamp = z.optional(z.nullable(secondsField('The end')));
const rangeInOrder = z.refine<{ timestamp?: number | null; endTimestamp?: number | null }>(
  (c) => c.endTimestamp == null || (c.timestamp != null && c.endTimestamp > c.timestamp),
  { message: 'The end of a range must come after its start', path: ['endTimestamp'] },
);
/** The editor saw the text pasted in: the one way of making a comment the server takes the client's word for. */
const pasted = z.optional(z.boolean());
/** An analysis finding of the track, by its id ('clip-2': shared/findings.ts). */
const findingId = z.string().check(z.regex(/^[a-zA-Z]{1,16}-\d{1,4}$/, 'Invalid finding'));
/** `finding`: the reviewer confirms that analysis finding as this comment. */
export const addCommentInput = z
  .strictObject({ id, timestamp, endTimestamp, text: commentText, tags, pasted, finding: z.optional(findingId), idempotencyKey })
  .check(rangeInOrder);
/** What the reviewer does with a finding: it becomes a comment (addComment), or is dismissed. */
export const dismissFindingInput = z.strictObject({ id, findingId });
/** The analysis findings of a request's track, as its reviewer works with them. */
export const reviewFindingsView = z.object({
  findings: z.array(
    z.object({
      ...findingView.shape,
      /** 'open': suggested; 'confirmed': a comment (`commentId`); 'dismissed': no longer suggested. */
      status: z.enum(['open', 'confirmed', 'dismissed']),
      commentId: z.optional(z.string()),
    }),
  ),
});
export type ReviewFindingsView = z.infer<typeof reviewFindingsView>;
export const updateCommentInput = z
  .strictObject({ id, commentId: id, timestamp: z.optional(timestamp), endTimestamp, text: commentText, tags, pasted })
  .check(rangeInOrder);
export const deleteCommentInput = z.strictObject({ id, commentId: id });

/**
 * A point of a re-check's checklist: the reviewer marks it (with a note, optional), the musician moves it
 * (to where the part is on the new version, in seconds; null makes it a general point).
 */
export const markCheckInput = z.union([
  z.strictObject({
    id,
    commentId: id,
    mark: z.enum(CHECK_MARKS, { error: 'Choose fixed, not fixed or not applicable' }),
    note: z._default(textField({ multiline: true }).check(z.maxLength(280, 'The note is too long')), ''),
  }),
  z.strictObject({ id, commentId: id, timestamp: z.nullable(secondsField('The time')) }),
]);

export const submitFeedbackInput = z.strictObject({
  id,
  criteria: z._default(criteriaSchema, {}),
  /** Criteria the reviewer says do not apply to the track (MAY_NOT_APPLY): not scored, not asked for. */
  notApplicable: z._default(z.array(z.enum(MAY_NOT_APPLY)).check(z.maxLength(MAY_NOT_APPLY.length)), []),
  comment: z.optional(textField({ multiline: true }).check(z.maxLength(5000, 'The general comment is too long'))),
});
/** Seconds heard, as [from, to] ranges of the track (merged by the player; any order). */
const heardRange = z
  .tuple([secondsField('A range start'), secondsField('A range end')])
  .check(z.refine(([from, to]) => from <= to, 'A range must end after it starts'));
export const reportListeningInput = z.strictObject({
  id,
  /** The session the server gave with the audio (startListening): only those it gave are counted. */
  session: z.string().check(z.uuid('Invalid session')),
  ranges: z.array(heardRange).check(z.maxLength(LISTENING.maxRanges, 'Too many ranges: merge them first')),
});

export const saveDraftInput = z.strictObject({
  id,
  criteria: z._default(criteriaSchema, {}),
  comment: z._default(textField({ multiline: true }).check(z.maxLength(5000, 'The general comment is too long')), ''),
  note: z._default(textField({ multiline: true }).check(z.maxLength(2000, 'The comment is too long')), ''),
  /** Where the comment in the box sits and its tags, kept with its text (absent: general feedback, no tags). */
  noteAt: z.optional(z.strictObject({ timestamp, endTimestamp, tags }).check(rangeInOrder)),
});

export const reportReviewInput = z.strictObject({
  id,
  reason: z.enum(DISPUTE_REASON_VALUES, { error: 'Choose a reason' }),
  text: z._default(textField({ multiline: true }).check(z.maxLength(2000, 'The report is too long')), ''),
});

export const rateFeedbackInput = z.strictObject({
  id,
  rating: score('Rating'),
  comment: z.optional(textField({ multiline: true }).check(z.maxLength(2000, 'The comment is too long'))),
});
