/** Creating a share: the share, its track's link and the track's list of shares, in one transaction. */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../lib/aws/dynamo.js';
import { cancellation, failedItem, send } from '../../../platform/data/index.js';
import { MAX_SHARES_PER_TRACK } from '../../../../shared/constants.js';
import { emailClaimItem } from './emails.js';
import {
  FENCE,
  OPEN,
  type ShareEmailEvent,
  type ShareRecord,
  T,
  byIndex,
  checklistKey,
  findingsKey,
  isFull,
  linkKey,
  metaKey,
  participants,
  trackKey,
  withIndex,
} from './records.js';

export type NewShareResult = 'created' | 'exists' | 'track_unavailable' | 'track_full';

/**
 * Creates a pending share, links it to its track and marks the track shared, all at once; only while the
 * track exists, is ready and is not being deleted ('track_unavailable' otherwise). 'exists' when the id
 * is taken: an idempotent retry of the same request, or a conflicting one. `claimEmail` claims that share
 * e-mail in the same write, so sending it needs no write of its own.
 */
export async function putNewShare(
  share: ShareRecord,
  requestHash?: string,
  opts: { claimEmail?: ShareEmailEvent } = {},
): Promise<NewShareResult> {
  try {
    // The e-mail claim rides along (last, so the reasons' indexes stay those of newShareItems).
    const items = [...newShareItems(share, requestHash), ...(opts.claimEmail ? [emailClaimItem(share.id, opts.claimEmail)] : [])];
    await send(() => new TransactWriteCommand({ TransactItems: items }));
    return 'created';
  } catch (err) {
    const reasons = cancellation(err);
    if (reasons?.[0] === 'ConditionalCheckFailed') return 'exists';
    if (reasons?.[2] === 'ConditionalCheckFailed')
      return isFull(failedItem(err, 2), 'shareIds', MAX_SHARES_PER_TRACK) ? 'track_full' : 'track_unavailable';
    throw err;
  }
}

/**
 * The writes that create a share, for a transaction: the share (only if its id is free), its link from
 * the track, and the track marked shared (its `shareIds` taking the id), which is also the check that the
 * track still exists, is ready and is not being deleted (an item appears once per transaction, so this
 * update is the check); then, for a re-check, its checklist.
 */
export function newShareItems(draft: ShareRecord, requestHash?: string) {
  const { checklistPoints, trackFindings, ...share } = draft;
  return [
    {
      Put: {
        TableName: T(),
        Item: {
          ...metaKey(share.id),
          ...byIndex(share),
          ...withIndex(share),
          entity: 'share',
          participants: participants(share),
          shareId: share.id,
          ...share,
          ...(requestHash ? { requestHash } : {}),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: T(),
        Item: {
          ...linkKey(share.trackId, share.id),
          entity: 'trackshare',
          shareId: share.id,
          participants: participants(share),
          ...(share.payment ? { orderId: share.payment.orderId } : {}),
        },
      },
    },
    {
      // Tracks registered before processing existed have no status.
      Update: {
        TableName: T(),
        Key: trackKey(share.trackId),
        UpdateExpression: 'SET isShared = :t, shareOptions = :o, updatedAt = :u ADD shareIds :sid',
        ConditionExpression: `${OPEN} AND (attribute_not_exists(#st) OR #st = :ready) AND (attribute_not_exists(shareIds) OR size(shareIds) < :most)`,
        ExpressionAttributeNames: { '#st': 'status' },
        ExpressionAttributeValues: {
          ':t': true,
          ':o': share.shareOptions,
          ':u': share.createdAt,
          ':ready': 'ready',
          ':sid': new Set([share.id]),
          ':most': MAX_SHARES_PER_TRACK,
        },
        // Why it was refused: a track with its most requests says so.
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
      },
    },
    // What analysis found in the track, for its reviewer (no participants: records.ts findingsKey).
    ...(trackFindings?.length
      ? [{ Put: { TableName: T(), Item: { ...findingsKey(share.id), entity: 'findings', shareId: share.id, findings: trackFindings } } }]
      : []),
    // A re-check's checklist starts empty: its points are the previous review's comments.
    ...(share.recheckOf
      ? [
          {
            Put: {
              TableName: T(),
              Item: {
                ...checklistKey(share.id),
                entity: 'checklist',
                participants: participants(share),
                points: checklistPoints ?? [],
                marks: {},
                moved: {},
              },
            },
          },
        ]
      : []),
  ];
}

/** Where a track stands for sharing, read consistently. */
export async function trackState(trackId: string): Promise<'gone' | 'deleting' | 'ready' | 'processing' | 'failed'> {
  const res = await dynamo().send(
    new GetCommand({
      TableName: T(),
      Key: trackKey(trackId),
      ConsistentRead: true,
      ProjectionExpression: '#st, #f',
      ExpressionAttributeNames: { '#st': 'status', '#f': FENCE },
    }),
  );
  if (!res.Item) return 'gone';
  if (res.Item[FENCE]) return 'deleting';
  return (res.Item.status as 'ready' | 'processing' | 'failed' | undefined) ?? 'ready';
}
