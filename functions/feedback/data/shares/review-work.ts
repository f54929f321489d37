/** A review in the making: the reviewer's listening and their private draft, each one item of the share's partition. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ShareStatus } from '../../../../shared/feedback.js';
import { dynamo } from '../../../lib/aws/dynamo.js';
import { cancellation } from '../../../platform/data/index.js';
import { type DraftRecord, type ListeningRecord, T, draftKey, listeningKey, strip } from './records.js';
import { inOpenShare } from './open-share.js';

/** The listening as it stands, read consistently (for a merge that lost a race). */
export async function readListening(shareId: string): Promise<ListeningRecord | null> {
  const res = await dynamo().send(new GetCommand({ TableName: T(), Key: listeningKey(shareId), ConsistentRead: true }));
  return res.Item ? (strip(res.Item) as unknown as ListeningRecord) : null;
}

/**
 * Writes the listening as merged, on condition that it is still the version read (`version` 0: none yet)
 * and the share is open and not in one of `closed`: 'written', 'stale' (another report landed first: read
 * and merge again) or 'closed'.
 */
export async function putListening(
  shareId: string,
  next: ListeningRecord,
  opts: { closed: ShareStatus[] },
): Promise<'written' | 'stale' | 'closed'> {
  const err = await inOpenShare(shareId, opts.closed, [
    {
      Put: {
        TableName: T(),
        Item: { ...listeningKey(shareId), shareId, ...next },
        ConditionExpression: next.version === 1 ? 'attribute_not_exists(PK)' : 'version = :v',
        ...(next.version === 1 ? {} : { ExpressionAttributeValues: { ':v': next.version - 1 } }),
      },
    },
  ]);
  if (!err) return 'written';
  return cancellation(err)![0] === 'ConditionalCheckFailed' ? 'closed' : 'stale';
}

/** Saves the reviewer's draft while the share is open and not in one of `closed`; false when it is not. */
export async function putDraft(shareId: string, draft: DraftRecord, opts: { closed: ShareStatus[] }): Promise<boolean> {
  const err = await inOpenShare(shareId, opts.closed, [{ Put: { TableName: T(), Item: { ...draftKey(shareId), shareId, ...draft } } }]);
  return !err;
}
