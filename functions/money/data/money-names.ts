/**
 * The names a deleted account leaves in money records (functions/account/account-deletion.ts): a payment's
 * payer or pro, the request it was to make, a payout's payee and PayPal address. The amounts, dates and
 * the provider's ids stay, as the books need them; ledger entries are never changed.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DELETED_TRACK, DELETED_USER } from '../../../shared/constants.js';
import type { ParticipantSide } from '../../../shared/feedback.js';
import { config } from '../../lib/config.js';
import { paymentKey } from './payments.js';
import { payoutKey } from './payouts.js';
import { writeIf } from '../../platform/data/index.js';

const update = (Key: Record<string, string>, set: string, values: Record<string, string>, condition = 'attribute_exists(PK)') =>
  writeIf(
    () =>
      new UpdateCommand({
        TableName: config.tableName,
        Key,
        UpdateExpression: `SET ${set}`,
        ConditionExpression: condition,
        ExpressionAttributeValues: values,
      }),
  );

/**
 * The payment of a request the user made (`author`: they paid) or reviewed (`reviewer`: they were paid; the
 * payment then moves no balance of theirs again: `proLeftAt`, functions/money/payment-machine.ts).
 */
export async function forgetNameInPayment(orderId: string, side: ParticipantSide, at = new Date().toISOString()): Promise<void> {
  const who = { ':who': DELETED_USER, ':none': '' };
  await Promise.all([
    side === 'author'
      ? update(paymentKey(orderId), 'payerName = :who', { ':who': DELETED_USER })
      : update(paymentKey(orderId), 'proName = :who, proLeftAt = if_not_exists(proLeftAt, :at)', { ':who': DELETED_USER, ':at': at }),
    // The request as the order was to make it, when it still carries one.
    update(
      paymentKey(orderId),
      side === 'author'
        ? 'shareDraft.sharedByName = :who, shareDraft.sharedByUsername = :none, shareDraft.trackTitle = :track'
        : 'shareDraft.sharedWithName = :who, shareDraft.sharedWithUsername = :none',
      side === 'author' ? { ...who, ':track': DELETED_TRACK } : who,
      'attribute_exists(shareDraft)',
    ),
  ]);
}

/** A payout made to the user. */
export async function forgetPayee(payoutId: string): Promise<void> {
  await update(payoutKey(payoutId), 'userName = :who, email = :none', { ':who': DELETED_USER, ':none': '' });
}
