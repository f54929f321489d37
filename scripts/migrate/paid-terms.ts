/**
 * Paid requests' deadlines kept on the request (`payment.acceptHours`, `payment.completeDays`): requests
 * paid under an earlier version keep what was promised then (7 days to accept, 14 to complete); payments
 * not yet captured get the terms of now (48 hours, the pro's response time) in the request they will create.
 */
import { completeDaysFor, PAID_REQUEST } from '../../shared/money.js';
import { getUser } from '../../functions/people/data/users.js';
import { scanned, updateFound } from './table.js';

/** What an earlier version gave every paid request. */
const EARLIER_TERMS = { acceptHours: 7 * 24, completeDays: 14 };

/** Paid shares without their terms get the earlier ones, on condition that they still lack them. */
export async function termPaidShares(): Promise<number> {
  let moved = 0;
  for await (const s of scanned({
    FilterExpression: 'begins_with(PK, :s) AND SK = :meta AND attribute_type(payment, :map) AND attribute_not_exists(payment.acceptHours)',
    ExpressionAttributeValues: { ':s': 'SHARE#', ':meta': 'META', ':map': 'M' },
  })) {
    moved += await updateFound(s, {
      UpdateExpression: 'SET payment.acceptHours = :h, payment.completeDays = :d',
      ConditionExpression: 'attribute_not_exists(payment.acceptHours)',
      ExpressionAttributeValues: { ':h': EARLIER_TERMS.acceptHours, ':d': EARLIER_TERMS.completeDays },
    });
  }
  return moved;
}

/** Payments whose drafted request lacks its terms get today's (run every time: the earlier version may still draft some). */
export async function termPaymentDrafts(): Promise<number> {
  let moved = 0;
  for await (const p of scanned({
    FilterExpression: 'entity = :e AND attribute_type(shareDraft.payment, :map) AND attribute_not_exists(shareDraft.payment.acceptHours)',
    ExpressionAttributeValues: { ':e': 'payment', ':map': 'M' },
  })) {
    const pro = await getUser(p.proUserId as string);
    moved += await updateFound(p, {
      UpdateExpression: 'SET shareDraft.payment.acceptHours = :h, shareDraft.payment.completeDays = :d',
      ConditionExpression: 'attribute_not_exists(shareDraft.payment.acceptHours)',
      ExpressionAttributeValues: { ':h': PAID_REQUEST.acceptHours, ':d': completeDaysFor(pro?.responseTime) },
    });
  }
  return moved;
}
