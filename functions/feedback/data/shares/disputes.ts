/**
 * A musician's report of a paid review: one per share, in the share's partition, and in the admins' queue
 * (GSI1 DISPUTES#OPEN, oldest first) while it is open; once decided, among the decided ones (GSI1
 * DISPUTES#DECIDED, by the decision's time), so the admins can look back at what they decided.
 */
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DisputeStatus } from '../../../../shared/review.js';
import { dynamo } from '../../../lib/aws/dynamo.js';
import { countAll, cancellation, send } from '../../../platform/data/index.js';
import { reportedMarkPut } from '../reported-pros.js';
import { type DisputeRecord, FENCE, T, disputeKey, metaKey, pk, strip } from './records.js';

export const OPEN_DISPUTES = 'DISPUTES#OPEN';
export const DECIDED_DISPUTES = 'DISPUTES#DECIDED';
const queueKeys = (d: Pick<DisputeRecord, 'openedAt' | 'shareId'>) => ({ GSI1PK: OPEN_DISPUTES, GSI1SK: `${d.openedAt}#${d.shareId}` });

/**
 * Opens a report of a delivered review: only while the share is open and completed, its feedback was
 * delivered after `deliveredAfter`, and no report was made before. 'exists', 'late' or 'closed' otherwise.
 * The musician's mark of the reported pro goes with it (reported-pros.ts).
 */
export async function putDispute(
  d: DisputeRecord,
  deliveredAfter: string,
  parties: { musicianId: string; proId: string },
): Promise<'written' | 'exists' | 'late' | 'closed'> {
  try {
    await send(
      () =>
        new TransactWriteCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName: T(),
                Key: metaKey(d.shareId),
                ConditionExpression: `attribute_exists(PK) AND attribute_not_exists(${FENCE}) AND #s = :completed`,
                ExpressionAttributeNames: { '#s': 'status' },
                ExpressionAttributeValues: { ':completed': 'completed' },
              },
            },
            {
              ConditionCheck: {
                TableName: T(),
                Key: { PK: pk(d.shareId), SK: 'FEEDBACK' },
                ConditionExpression: 'createdAt > :after',
                ExpressionAttributeValues: { ':after': deliveredAfter },
              },
            },
            {
              Put: {
                TableName: T(),
                Item: { ...disputeKey(d.shareId), entity: 'dispute', ...d, ...queueKeys(d) },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            reportedMarkPut(parties.musicianId, parties.proId, d.shareId, d.openedAt),
          ],
        }),
    );
    return 'written';
  } catch (err) {
    const reasons = cancellation(err);
    if (!reasons?.includes('ConditionalCheckFailed')) throw err;
    if (reasons[2] === 'ConditionalCheckFailed') return 'exists';
    if (reasons[1] === 'ConditionalCheckFailed') return 'late';
    return 'closed';
  }
}

/**
 * An admin's decision on an open report, for a transaction (with the refund's move, when it is upheld): out
 * of the queue, into the decided ones.
 */
export function disputeDecision(shareId: string, to: Exclude<DisputeStatus, 'open'>, by: string, resolution: string | null, at: string) {
  return {
    Update: {
      TableName: T(),
      Key: disputeKey(shareId),
      UpdateExpression: 'SET #s = :to, resolvedAt = :at, resolution = :r, resolvedBy = :by, GSI1PK = :decided, GSI1SK = :when',
      ConditionExpression: '#s = :open',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: {
        ':to': to,
        ':at': at,
        ':r': resolution,
        ':by': by,
        ':open': 'open',
        ':decided': DECIDED_DISPUTES,
        ':when': `${at}#${shareId}`,
      },
    },
  };
}

/**
 * A delivered review refunded in full (an upheld report, a chargeback), said on its request (which lists read
 * without its report or payment). Conditional on the request being there: a write that carries it for a request
 * deleted meanwhile is refused, and then made without it.
 */
export function refundMark(shareId: string, at: string) {
  return {
    Update: {
      TableName: T(),
      Key: metaKey(shareId),
      UpdateExpression: 'SET refundedAt = :at',
      // Never a share of its own.
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':at': at },
    },
  };
}

/** For a transaction that must not happen while the share's report is open (an earning's release). */
export function noOpenDispute(shareId: string) {
  return {
    ConditionCheck: {
      TableName: T(),
      Key: disputeKey(shareId),
      ConditionExpression: 'attribute_not_exists(PK) OR #s <> :open',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':open': 'open' },
    },
  };
}

/** The report of a share, read consistently; null when none was made. */
export async function readDispute(shareId: string): Promise<DisputeRecord | null> {
  const res = await dynamo().send(new GetCommand({ TableName: T(), Key: disputeKey(shareId), ConsistentRead: true }));
  return res.Item ? ({ ...strip(res.Item), shareId } as unknown as DisputeRecord) : null;
}

/**
 * A page of the reports in one list: the open ones oldest first, the decided ones last decided first;
 * `next` continues after its last.
 */
export async function pageDisputes(list: typeof OPEN_DISPUTES | typeof DECIDED_DISPUTES, limit: number, start?: Record<string, unknown>) {
  const res = await dynamo().send(
    new QueryCommand({
      TableName: T(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': list },
      ProjectionExpression: 'shareId',
      ScanIndexForward: list === OPEN_DISPUTES,
      Limit: limit,
      ExclusiveStartKey: start,
    }),
  );
  return { shareIds: (res.Items ?? []).map((i) => i.shareId as string), next: res.LastEvaluatedKey };
}

/** How many reports wait for an admin (a count over the queue's keys). */
export const countOpenDisputes = () =>
  countAll({
    TableName: T(),
    IndexName: 'GSI1Count',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': OPEN_DISPUTES },
  });

/** An admin's rejection of a report, with its audit entry; false when it was decided meanwhile. */
export async function writeDisputeDecision(decided: ReturnType<typeof disputeDecision>, audit: Record<string, unknown>): Promise<boolean> {
  try {
    await send(() => new TransactWriteCommand({ TransactItems: [decided, audit] as never }));
    return true;
  } catch (err) {
    if (cancellation(err)?.[0] === 'ConditionalCheckFailed') return false;
    throw err;
  }
}
