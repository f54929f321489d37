/** Completing a share with its feedback, and the musician's rating of it. */
import type { RecheckOutcome } from '../../../../shared/schemas/shares.js';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SignedReceipt } from '../../../../shared/receipt.js';
import { writeIf, type TransactItem } from '../../../platform/data/index.js';
import { emailClaimItem } from './emails.js';
import {
  FENCE,
  type FeedbackRecord,
  OPEN,
  type RankingRecord,
  type ShareEmailEvent,
  type ShareRecord,
  T,
  draftKey,
  reviewEditsKey,
  metaKey,
  participants,
  pk,
  withIndex,
} from './records.js';

/**
 * Writes the feedback and completes the accepted share together, with `alsoWrite` (a paid request's
 * payment marked fulfilled) and the claim of an e-mail in the same transaction; false when the share was
 * not open for it.
 */
export async function completeWithFeedback(
  share: ShareRecord,
  feedback: FeedbackRecord,
  alsoWrite: TransactItem[] = [],
  opts: { claimEmail?: ShareEmailEvent; acceptedAfter?: string; recheckOutcome?: RecheckOutcome; reviewEdits?: number } = {},
): Promise<boolean> {
  return writeIf(
    () =>
      new TransactWriteCommand({
        TransactItems: [
          ...alsoWrite,
          {
            Put: {
              TableName: T(),
              Item: {
                PK: pk(share.id),
                SK: 'FEEDBACK',
                entity: 'feedback',
                participants: participants(share),
                shareId: share.id,
                ...feedback,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Update: {
              TableName: T(),
              Key: metaKey(share.id),
              UpdateExpression: `SET #s = :c, GSI2SK = :g, updatedAt = :u${opts.recheckOutcome ? ', recheckOutcome = :o' : ''}`,
              // A paid request's time to complete counts from its acceptance (requests accepted before that
              // was kept are left to the scheduled check).
              ConditionExpression: `attribute_not_exists(${FENCE}) AND #s = :a${opts.acceptedAfter ? ' AND acceptedAt > :aa' : ''}`,
              ExpressionAttributeNames: { '#s': 'status' },
              ExpressionAttributeValues: {
                ':c': 'completed',
                ':a': 'accepted',
                ':g': withIndex({ ...share, status: 'completed' }).GSI2SK,
                ':u': feedback.createdAt,
                ...(opts.acceptedAfter ? { ':aa': opts.acceptedAfter } : {}),
                ...(opts.recheckOutcome ? { ':o': opts.recheckOutcome } : {}),
              },
            },
          },
          ...(opts.claimEmail ? [emailClaimItem(share.id, opts.claimEmail)] : []),
          // The reviewer's draft is done with: what it held is in the feedback now.
          { Delete: { TableName: T(), Key: draftKey(share.id) } },
          // So is the count of changes to the comments, which must be as the floor's check read it.
          {
            Delete: {
              TableName: T(),
              Key: reviewEditsKey(share.id),
              ...(opts.reviewEdits
                ? { ConditionExpression: 'edits = :n', ExpressionAttributeValues: { ':n': opts.reviewEdits } }
                : { ConditionExpression: 'attribute_not_exists(edits)' }),
            },
          },
        ],
      }),
  );
}

/** One ranking per share, its rating copied onto the share in the same write; false when there is one already (or the share is closed). */
export async function putRanking(share: ShareRecord, ranking: RankingRecord, alsoWrite: TransactItem[] = []): Promise<boolean> {
  return writeIf(
    () =>
      new TransactWriteCommand({
        TransactItems: [
          ...alsoWrite,
          {
            Put: {
              TableName: T(),
              Item: {
                PK: pk(share.id),
                SK: 'RANKING',
                entity: 'ranking',
                participants: participants(share),
                shareId: share.id,
                ...ranking,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Update: {
              TableName: T(),
              Key: metaKey(share.id),
              UpdateExpression: 'SET rating = :r',
              ConditionExpression: OPEN,
              ExpressionAttributeValues: { ':r': ranking.rating },
            },
          },
        ],
      }),
  );
}

/** Keeps a receipt made after the delivery (its signing failed then), unless one is kept already. */
export async function keepReceipt(shareId: string, receipt: SignedReceipt): Promise<boolean> {
  return writeIf(
    () =>
      new UpdateCommand({
        TableName: T(),
        Key: { PK: pk(shareId), SK: 'FEEDBACK' },
        UpdateExpression: 'SET receipt = :r',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(receipt)',
        ExpressionAttributeValues: { ':r': receipt },
      }),
  );
}
