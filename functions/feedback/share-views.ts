/** How a share and what hangs on it are shown to each of its two participants. */
import type { CommentView, DisputeView, ShareDetail, ShareView } from '../../shared/schemas/shares.js';
import type { CommentRecord, DisputeRecord, ShareBundle, ShareRecord } from './data/shares.js';
import { pick } from '../lib/pick.js';
import { respondBy } from './data/paid-deadlines.js';
import { toDraftView, toListeningView } from './review-work.js';

export const toDisputeView = (d: DisputeRecord): DisputeView =>
  pick(d, ['shareId', 'reason', 'text', 'status', 'openedAt', 'resolvedAt', 'resolution']);

export const toShareView = ({ checklistPoints: _points, trackFindings: _findings, refundedAt, ...s }: ShareRecord): ShareView => ({
  ...s,
  trackReport: s.trackReport ?? null,
  paid: s.payment
    ? {
        amountCents: s.payment.amountCents,
        respondBy: respondBy(s),
        completeDays: s.payment.completeDays,
        ...(refundedAt ? { refundedAt } : {}),
      }
    : null,
  decline: s.decline ?? null,
});

/** Time order: timed comments by their second, general ones last, ties by creation. */
export function orderComments<T extends { timestamp: number | null; createdAt: string }>(comments: T[]): T[] {
  return [...comments].sort((a, b) => {
    if (a.timestamp == null || b.timestamp == null) {
      if (a.timestamp != null) return -1;
      if (b.timestamp != null) return 1;
    } else if (a.timestamp !== b.timestamp) return a.timestamp - b.timestamp;
    return a.createdAt.localeCompare(b.createdAt);
  });
}

/** Spec: the author's name is the sharer's if the sharer wrote it, else the recipient's. */
export const authorName = (share: ShareRecord, userId: string) =>
  userId === share.sharedByUserId ? share.sharedByName : share.sharedWithName;

export const toCommentView = (share: ShareRecord, c: CommentRecord): CommentView => ({
  id: c.id,
  shareId: share.id,
  trackId: share.trackId,
  userId: c.userId,
  authorName: authorName(share, c.userId),
  timestamp: c.timestamp,
  ...(c.endTimestamp != null ? { endTimestamp: c.endTimestamp } : {}),
  text: c.text,
  tags: c.tags,
  ...(c.made ? { made: c.made } : {}),
  ...(c.finding ? { finding: c.finding } : {}),
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});

/**
 * The comments `viewerId` may read: until the review is submitted, the reviewer's comments are the
 * reviewer's alone. Every view of a share's comments (the request, the data export) goes through here.
 */
export const visibleComments = (share: ShareRecord, comments: CommentRecord[], viewerId: string) =>
  viewerId === share.sharedWithUserId || share.status === 'completed'
    ? comments
    : comments.filter((c) => c.userId !== share.sharedWithUserId);

/**
 * The share as `viewerId` sees it. Until the review is submitted, the reviewer's comments, listening and
 * draft are the reviewer's alone: the musician sees their own comments, and that it is in progress.
 */
export function toShareDetail(b: ShareBundle, viewerId: string): ShareDetail {
  const { share } = b;
  const isReviewer = viewerId === share.sharedWithUserId;
  const submitted = share.status === 'completed';
  return {
    share: toShareView(share),
    feedback: b.feedback ? pick(b.feedback, ['criteria', 'notApplicable', 'comment', 'userId', 'createdAt']) : null,
    comments: orderComments(visibleComments(share, b.comments, viewerId)).map((c) => toCommentView(share, c)),
    ranking: b.ranking,
    listening: isReviewer || submitted ? toListeningView(share, b.listening) : null,
    draft: isReviewer && share.status === 'accepted' && b.draft ? toDraftView(b.draft) : null,
    dispute: b.dispute ? toDisputeView(b.dispute) : null,
  };
}
