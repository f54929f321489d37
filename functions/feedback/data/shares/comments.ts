/** Comments on a share: added within the cap, edited and deleted, each with its track link's list of comment ids. */
import type { ShareStatus } from '../../../../shared/feedback.js';
import { cancellation, failedItem } from '../../../platform/data/index.js';
import { MAX_COMMENTS_PER_SHARE } from '../../../../shared/constants.js';
import { digestUpsert } from './emails.js';
import { type CommentRecord, type ShareRecord, T, commentKey, isFull, linkKey, participants, reviewEditsKey } from './records.js';
import { inOpenShare } from './open-share.js';
import { findingConfirmed } from './findings.js';
import type { FindingKind } from '../../../../shared/findings.js';

/**
 * One more change to a review not yet submitted (its comments, or a re-check's marks), counted with the
 * change (records.ts says why).
 */
export const reviewEdit = (shareId: string) => ({
  Update: {
    TableName: T(),
    Key: reviewEditsKey(shareId),
    UpdateExpression: 'ADD edits :one SET entity = :e',
    ExpressionAttributeValues: { ':one': 1, ':e': 'review-edits' },
  },
});

/** 'full': the request has its most comments (MAX_COMMENTS_PER_SHARE). */
export type WriteResult = 'written' | 'exists' | 'closed' | 'full';

/**
 * Writes a new comment, puts it in the recipient's digest (none for a `draft`: a comment of a review not
 * yet submitted) and lists it on the share's link, in one transaction that requires the share to be open and not in one of `closed`. 'exists' when the comment id is taken (an idempotent retry);
 * 'closed' when the share is gone, being deleted or in a closed status.
 */
export async function putNewComment(
  share: ShareRecord,
  comment: CommentRecord,
  opts: {
    closed: ShareStatus[];
    digest: { toUserId: string; dueAt: string } | null;
    requestHash?: string;
    draft?: boolean;
    /** A finding confirmed as this comment: counted for its detector's rate, once per request. */
    confirms?: { id: string; kind: FindingKind };
  },
): Promise<WriteResult> {
  const write = (counted: boolean) =>
    inOpenShare(share.id, opts.closed, [
      {
        Put: {
          TableName: T(),
          Item: {
            ...commentKey(share.id, comment.id),
            entity: 'comment',
            // A comment of a review not yet submitted concerns its author alone: the realtime channel, which
            // tells an item's participants of its every change, tells the musician nothing of it (its edits
            // and deletion keep this list). The review's submission is what tells them.
            participants: opts.draft ? [comment.userId] : participants(share),
            ...comment,
            ...(opts.requestHash ? { requestHash: opts.requestHash } : {}),
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      ...(opts.digest ? [digestUpsert(share.id, opts.digest.toUserId, [comment.id], opts.digest.dueAt)] : []),
      // Listed on the link, for a deletion to find without reading the share's partition.
      {
        Update: {
          TableName: T(),
          Key: linkKey(share.trackId, share.id),
          UpdateExpression: 'ADD commentIds :c, commentsVersion :one',
          ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(commentIds) OR size(commentIds) < :most)',
          ExpressionAttributeValues: { ':c': new Set([comment.id]), ':one': 1, ':most': MAX_COMMENTS_PER_SHARE },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
        },
      },
      ...(opts.draft ? [reviewEdit(share.id)] : []),
      ...(counted && opts.confirms ? findingConfirmed(share.id, opts.confirms) : []),
    ]);
  let err = await write(true);
  const reasons = err ? cancellation(err) : undefined;
  // Confirmed before in this request (the comment deleted since): the comment is written, the count stays.
  if (reasons && opts.confirms && reasons.at(-2) === 'ConditionalCheckFailed' && reasons.slice(0, -2).every((r) => r === 'None'))
    err = await write(false);
  if (!err) return 'written';
  const why = cancellation(err)!;
  // 'exists' first: a retry of a comment that landed gets it back even if the share has closed since.
  if (why[1] === 'ConditionalCheckFailed') return 'exists';
  const link = opts.digest ? 3 : 2;
  if (why[link] === 'ConditionalCheckFailed' && isFull(failedItem(err, link), 'commentIds', MAX_COMMENTS_PER_SHARE)) return 'full';
  return 'closed';
}

/**
 * Changes a comment's text, tags and time, only while the comment exists and is the author's and the
 * share is open: a comment deleted meanwhile stays deleted. 'exists' is never returned; 'written',
 * 'closed' (the share), or null when the comment is gone.
 */
export async function updateComment(
  share: ShareRecord,
  comment: CommentRecord,
  opts: { closed: ShareStatus[]; draft?: boolean },
): Promise<Exclude<WriteResult, 'exists'> | null> {
  const err = await inOpenShare(share.id, opts.closed, [
    {
      Update: {
        TableName: T(),
        Key: commentKey(share.id, comment.id),
        UpdateExpression: `SET #text = :t, tags = :g, #ts = :ts, endTimestamp = :end, updatedAt = :u${comment.made ? ', made = :made' : ''}`,
        ConditionExpression: 'attribute_exists(PK) AND userId = :me',
        ExpressionAttributeNames: { '#text': 'text', '#ts': 'timestamp' },
        ExpressionAttributeValues: {
          ':t': comment.text,
          ':g': comment.tags,
          ':ts': comment.timestamp,
          ':end': comment.endTimestamp ?? null,
          ':u': comment.updatedAt,
          ':me': comment.userId,
          ...(comment.made ? { ':made': comment.made } : {}),
        },
      },
    },
    ...(opts.draft ? [reviewEdit(share.id)] : []),
  ]);
  if (!err) return 'written';
  return cancellation(err)![0] === 'ConditionalCheckFailed' ? 'closed' : null;
}

/**
 * Deletes the author's comment under the same rule as an edit (the share open and not in one of `closed`,
 * checked by the write itself), and takes its id off the share's link in the same transaction: the link's
 * list is what the cap on comments counts, so a deleted comment gives its place back. A set loses an id
 * once: a deletion retried finds the comment gone (null) and writes nothing. 'written', 'closed' (the
 * share, or its link gone with it), or null when the comment is gone.
 */
export async function deleteComment(
  share: Pick<ShareRecord, 'id' | 'trackId'>,
  commentId: string,
  userId: string,
  opts: { closed: ShareStatus[]; draft?: boolean },
): Promise<'written' | 'closed' | null> {
  const err = await inOpenShare(share.id, opts.closed, [
    {
      Delete: {
        TableName: T(),
        Key: commentKey(share.id, commentId),
        ConditionExpression: 'attribute_exists(PK) AND userId = :me',
        ExpressionAttributeValues: { ':me': userId },
      },
    },
    {
      // Only an existing link: an update would otherwise create one.
      Update: {
        TableName: T(),
        Key: linkKey(share.trackId, share.id),
        UpdateExpression: 'DELETE commentIds :c ADD commentsVersion :one',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':c': new Set([commentId]), ':one': 1 },
      },
    },
    ...(opts.draft ? [reviewEdit(share.id)] : []),
  ]);
  if (!err) return 'written';
  const reasons = cancellation(err)!;
  return reasons[1] === 'ConditionalCheckFailed' && reasons[0] !== 'ConditionalCheckFailed' ? null : 'closed';
}
