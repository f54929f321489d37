/**
 * Decided reports stay listed (GSI1 DISPUTES#DECIDED, functions/feedback/data/shares/disputes.ts), and a
 * review refunded on a report says so on its request (`refundedAt` on the share): those the earlier version
 * decided, which took the report off every list, get both. Run before the deploy and after it (the earlier
 * version decides without them meanwhile); each item is updated only while it still lacks what it gets.
 */
import { DECIDED_DISPUTES } from '../../functions/feedback/data/shares/disputes.js';
import { scanned, updateFound } from './table.js';

export async function listDecidedDisputes(): Promise<number> {
  let moved = 0;
  const unlisted = 'SK = :dispute AND #s <> :open AND attribute_exists(resolvedAt) AND attribute_not_exists(GSI1PK)';
  const values = { ':dispute': 'DISPUTE', ':open': 'open' };
  for await (const d of scanned({
    FilterExpression: unlisted,
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: values,
  })) {
    const shareId = String(d.PK).slice('SHARE#'.length);
    moved += await updateFound(d, {
      UpdateExpression: 'SET GSI1PK = :decided, GSI1SK = :when',
      ConditionExpression: unlisted,
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ...values, ':decided': DECIDED_DISPUTES, ':when': `${d.resolvedAt as string}#${shareId}` },
    });
    if (d.status === 'refunded') {
      await updateFound(
        { PK: d.PK, SK: 'META' },
        {
          UpdateExpression: 'SET refundedAt = :at',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(refundedAt)',
          ExpressionAttributeValues: { ':at': d.resolvedAt },
        },
      );
    }
  }
  return moved;
}
