/**
 * Payments disputed at the provider are listed while the dispute is open (GSI3 PAYMENT#DISPUTED,
 * functions/money/data/payments.ts): those the earlier version marked disputed get the key. Run before the deploy
 * and after it (the earlier version opens disputes without it meanwhile); each payment is updated only while
 * it is still captured, disputed and unlisted.
 */
import { providerDisputeKeys } from '../../functions/money/data/payments.js';
import { scanned, updateFound } from './table.js';

export async function listProviderDisputes(): Promise<number> {
  let moved = 0;
  const still = 'entity = :e AND #s = :captured AND attribute_exists(disputeId) AND attribute_not_exists(GSI3PK)';
  for await (const p of scanned({
    FilterExpression: still,
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: { ':e': 'payment', ':captured': 'captured' },
  })) {
    const keys = providerDisputeKeys(p.orderId as string, (p.disputedAt ?? p.updatedAt) as string);
    moved += await updateFound(p, {
      UpdateExpression: 'SET GSI3PK = :pk, GSI3SK = :sk',
      ConditionExpression: still,
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':e': 'payment', ':captured': 'captured', ':pk': keys.GSI3PK, ':sk': keys.GSI3SK },
    });
  }
  return moved;
}
