/** The share's records and their keys and indexes (functions/feedback/data/shares.ts lists them), and what every write on a share conditions on. */
import type { Made } from '../../../../shared/comment-made.js';
import type { SignedReceipt } from '../../../../shared/receipt.js';
import type { Finding } from '../../../../shared/findings.js';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ParticipantSide, ShareStatus } from '../../../../shared/feedback.js';
import type { CheckMark, RecheckOutcome, ShareOptions } from '../../../../shared/schemas/shares.js';
import type { DeclineReason, DisputeReason, DisputeStatus } from '../../../../shared/review.js';
import { config } from '../../../lib/config.js';
import type { ReportSummaryView } from '../../../../shared/schemas/technical-report.js';

export interface ShareRecord {
  id: string;
  trackId: string;
  trackTitle: string;
  trackAudioUrl: string;
  trackDuration: number;
  trackPeaks: string;
  /**
   * The track's technical report without its lane, copied as its peaks are (absent: the track had none): a
   * share is read by every list of requests, and a 4-hour track's lane weighs 19 KB. The lane is the track's.
   */
  trackReport?: ReportSummaryView;
  /** On a request being made: the track's analysis findings, written beside it (findingsKey), never on it. */
  trackFindings?: Finding[];
  sharedByUserId: string;
  sharedWithUserId: string;
  sharedByName: string;
  sharedByUsername: string;
  sharedWithName: string;
  sharedWithUsername: string;
  /** The reviewer was vetted as World-Class when the request was made (or, from the pool, claimed): what it bought. */
  reviewerWorldClass?: true;
  status: ShareStatus;
  shareOptions: ShareOptions;
  /** The musician's rating of the feedback, copied here so that lists show it without reading rankings. */
  rating?: number | null;
  /**
   * A paid request: the payment it was created by (functions/money/data/payments.ts), and its deadlines as they
   * stood when it was paid: hours to accept from payment, days to complete from acceptance (the pro's word).
   */
  payment?: PaidTerms | null;
  /** When the reviewer accepted it. */
  acceptedAt?: string;
  /** When its delivered paid review was refunded in full (a report upheld): the request stays completed. */
  refundedAt?: string;
  /** Why the reviewer declined it. */
  decline?: { reason: DeclineReason; text: string | null } | null;
  /** The track this request is on is a later version: the track it is a version of, and its number (absent: a track itself, v1). */
  trackStackId?: string;
  trackVersion?: number;
  /** A re-check: the completed request on an earlier version whose review it checks again. */
  recheckOf?: string;
  /**
   * Only on a re-check being created (and a paid one's draft): the ids of the previous review's points,
   * written to its CHECKLIST item, never kept on the share itself.
   */
  checklistPoints?: string[];
  /** Set as a re-check completes: how the previous review's points were marked. */
  recheckOutcome?: RecheckOutcome;
  /** Which side deleted their account (account/account-deletion.ts): the request stays for the other, closed to new comments. */
  leftBy?: ParticipantSide;
  createdAt: string;
  updatedAt: string;
}

/**
 * A re-check's checklist (one item, written with the share): the points themselves are the previous
 * review's comments, read from that request; here are only the reviewer's marks and the musician's moves,
 * by comment id, each side writing its own map.
 */
export interface ChecklistRecord {
  /** The previous review's comments that are points of the checklist, in time order. */
  points: string[];
  marks: Record<string, { mark: CheckMark; note: string | null; at: string }>;
  /** Where the musician placed a point on the new version (seconds; null: the general comment's place). */
  moved: Record<string, number | null>;
}

export interface PaidTerms {
  orderId: string;
  amountCents: number;
  acceptHours: number;
  completeDays: number;
  /**
   * The pro's earning, fixed when the capture created the request: its completion moves it from pending
   * to held without reading the payment (requests of earlier versions got it from `npm run migrate`).
   */
  earningCents?: number;
}

/** The seconds of the track the reviewer has heard (shared/review.ts), one item per share, bounded by the track's length. */
export interface ListeningRecord {
  /** Base64 of one bit per second. */
  heard: string;
  heardSeconds: number;
  /** When listening began (the first session given, or before sessions, the first report). */
  startedAt: string;
  lastAt: string;
  /** The sessions that reported. */
  sessions: number;
  /** The sessions that reported last (a few), so that two tabs reporting in turn count once each. */
  recentSessions: string[];
  /** The sessions given with the audio, newest first (a few): only these may report. Absent before sessions. */
  issued?: { id: string; at: string }[];
  /**
   * The listening clock: seconds a player showed signs of life (each silence counted up to
   * LISTENING.clockGapSeconds), as of `tickAt`. What a claim is measured against. Absent before sessions.
   */
  clockSeconds?: number;
  tickAt?: string;
  version: number;
}

/** The reviewer's scores and general comment before Submit: private to the reviewer. */
export interface DraftRecord {
  criteria: Record<string, number>;
  comment: string;
  /** What is typed in the comment box but not yet sent. */
  note: string;
  /** Where that comment sits and its tags (absent on drafts saved before they were kept). */
  noteAt?: { timestamp: number | null; endTimestamp?: number | null; tags: string[] };
  savedAt: string;
}

/** A musician's report of a paid review (feedback/data/shares/disputes.ts), and what an admin decided. */
export interface DisputeRecord {
  shareId: string;
  orderId: string;
  reason: DisputeReason;
  text: string | null;
  status: DisputeStatus;
  openedAt: string;
  resolvedAt: string | null;
  resolution: string | null;
  resolvedBy: string | null;
}

export interface FeedbackRecord {
  criteria: Record<string, number>;
  /** Criteria the reviewer said do not apply to the track (shared/feedback.ts MAY_NOT_APPLY). */
  notApplicable?: string[];
  comment: string | null;
  userId: string;
  createdAt: string;
  /** A paid review's signed receipt (functions/feedback/receipts.ts); absent until signed. */
  receipt?: SignedReceipt;
}

export interface CommentRecord {
  id: string;
  shareId: string;
  trackId: string;
  userId: string;
  timestamp: number | null;
  /** A comment on a range: where it ends (absent: a moment, or general feedback). */
  endTimestamp?: number | null;
  text: string;
  tags: string[];
  /** How the reviewer made it (shared/comment-made.ts); absent on the musician's and on older comments. */
  made?: Made;
  /** The analysis finding the reviewer confirmed as this comment (shared/findings.ts: 'clip-2'). */
  finding?: string;
  createdAt: string;
  updatedAt: string;
}

export interface RankingRecord {
  rating: number;
  comment: string | null;
  createdAt: string;
}

/** A completed review's read-only link (./public-links.ts): the share's pointer item, and the token's lookup. */
export interface PublicLinkRecord {
  token: string;
  shareId: string;
  createdAt: string;
  /** Epoch seconds: the table's TTL removes the lookup after it, and reads refuse it from then on. */
  expiresAt: number;
}
export const PUBLIC_LINK_SK = 'PUBLICLINK';
export const publicLinkFields = (i: Record<string, unknown>): PublicLinkRecord => ({
  token: i.token as string,
  shareId: i.shareId as string,
  createdAt: i.createdAt as string,
  expiresAt: i.expiresAt as number,
});

export interface ShareBundle {
  share: ShareRecord;
  feedback: FeedbackRecord | null;
  comments: CommentRecord[];
  ranking: RankingRecord | null;
  listening: ListeningRecord | null;
  draft: DraftRecord | null;
  dispute: DisputeRecord | null;
  checklist: ChecklistRecord | null;
  /** Changes made to the reviewer's comments before the review was submitted (reviewEditsKey). */
  reviewEdits?: number;
  /** Its read-only link, whether or not still in time (absent: none, or a bundle made without it). */
  publicLink?: PublicLinkRecord | null;
  /** The AI suggestions the reviewer was given for this request (suggestedKey), oldest first. */
  suggested?: string[];
  /** The track's analysis findings as the request copied them (findingsKey; absent on older requests). */
  findings?: Finding[];
  /** The analysis findings the reviewer dismissed (findingsKey). */
  dismissed?: string[];
}

/** Comments waiting to be e-mailed to one participant of a share, as one message, at `dueAt`. */
export interface DigestRecord {
  shareId: string;
  toUserId: string;
  dueAt: string;
  commentIds: string[];
  /** Sends that failed so far. */
  attempts: number;
}

/** An item written for a request that carried an idempotency key, with the hash of that request. */
export interface Keyed<T> {
  record: T;
  requestHash: string | null;
}

export const SHARE_ENTITIES = ['share', 'feedback', 'comment', 'ranking'] as const;
export const T = () => config.tableName;
export const pk = (id: string) => `SHARE#${id}`;
export const metaKey = (id: string) => ({ PK: pk(id), SK: 'META' });
export const commentKey = (shareId: string, commentId: string) => ({ PK: pk(shareId), SK: `COMMENT#${commentId}` });

export const trackKey = (trackId: string) => ({ PK: `TRACK#${trackId}`, SK: 'META' });

export const digestKey = (shareId: string, toUserId: string) => ({ PK: pk(shareId), SK: `DIGEST#${toUserId}` });

export const listeningKey = (shareId: string) => ({ PK: pk(shareId), SK: 'LISTENING' });
export const draftKey = (shareId: string) => ({ PK: pk(shareId), SK: 'DRAFT' });
/**
 * How often the reviewer's comments changed before the review was submitted (`edits`): the completion
 * requires the count it read, so a comment edited or deleted while Submit was under way cannot land a
 * review below the floor it was checked against. No participants: the realtime channel says nothing of it.
 */
export const reviewEditsKey = (shareId: string) => ({ PK: pk(shareId), SK: 'REVIEW_EDITS' });
export const checklistKey = (shareId: string) => ({ PK: pk(shareId), SK: 'CHECKLIST' });
/**
 * The AI suggestions given to the reviewer for this request (`texts`), so that a comment made from one says
 * so. No participants: the realtime channel says nothing of it, and only the reviewer's comments read it.
 */
export const suggestedKey = (shareId: string) => ({ PK: pk(shareId), SK: 'SUGGESTED' });
/**
 * The analysis findings of the request's track, copied when it is made (`findings`), and those its reviewer
 * dismissed (`findingIds`). Apart from the share itself, so that no list of requests carries them; no
 * participants, so that the realtime channel says nothing of a dismissal, and the musician never reads it (a
 * dismissed finding reaches them only as their own report's 'found by analysis').
 */
export const findingsKey = (shareId: string) => ({ PK: pk(shareId), SK: 'FINDINGS' });
/** What each detector's findings became in reviews, for the admins: confirmed_<kind> and dismissed_<kind> counts. */
export const findingStatsKey = () => ({ PK: 'STATS#FINDINGS', SK: 'META' });
/** The most suggestions one request keeps (each at most 2,000 characters: well inside an item's 400 KB). */
export const SUGGESTIONS_KEPT = 100;
export const disputeKey = (shareId: string) => ({ PK: pk(shareId), SK: 'DISPUTE' });

export const linkKey = (trackId: string, shareId: string) => ({ PK: `TRACK#${trackId}`, SK: `SHARE#${shareId}` });

/** Every e-mail event a share can claim (functions/platform/notifications.ts). */
export const SHARE_EMAIL_EVENTS = ['requested', 'answered', 'responded', 'accept_reminder', 'complete_reminder'] as const;
export type ShareEmailEvent = (typeof SHARE_EMAIL_EVENTS)[number];
export const DIGEST_DUE = 'DIGEST#DUE';

/** Every comment writes its digest's index entry: spread over this many partitions, read all at once. */
export const DIGEST_SHARDS = 8;
export const participants = (s: Pick<ShareRecord, 'sharedByUserId' | 'sharedWithUserId'>) => [s.sharedByUserId, s.sharedWithUserId];
export const byIndex = (s: ShareRecord) => ({ GSI1PK: `SHAREDBY#${s.sharedByUserId}`, GSI1SK: `SHARE#${s.createdAt}#${s.id}` });

export const withIndex = (s: Pick<ShareRecord, 'sharedWithUserId' | 'status' | 'createdAt' | 'id'>) => ({
  GSI2PK: `SHAREDWITH#${s.sharedWithUserId}`,
  GSI2SK: `${s.status}#${s.createdAt}#${s.id}`,
});

/** The fence attribute, and the condition that a META item (share or track) exists and is not fenced. */
export const FENCE = 'deletingAt';
export const OPEN = `attribute_exists(PK) AND attribute_not_exists(${FENCE})`;
export function strip(item: Record<string, unknown>) {
  const {
    PK: _p,
    SK: _s,
    GSI1PK: _a,
    GSI1SK: _b,
    GSI2PK: _c,
    GSI2SK: _d,
    entity: _e,
    participants: _pp,
    shareId: _sid,
    requestHash: _h,
    [FENCE]: _f,
    ...rest
  } = item;
  return rest;
}

/** One update of a transaction, as another entity module builds it. */
export type TransactUpdate = NonNullable<NonNullable<TransactWriteCommandInput['TransactItems']>[number]['Update']>;

/** Whether an item refused a write because its list of ids holds the most it may. */
export const isFull = (item: Record<string, unknown> | null, list: string, most: number) =>
  ((item?.[list] as Set<string> | undefined)?.size ?? 0) >= most;
