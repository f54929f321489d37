/**
 * Payments written by earlier versions, brought to what the state machine reads, so that it has one code
 * path: a payment that can still be captured gets the draft of the request it buys (`shareDraft`), one
 * captured gets its request's `createdAt` (`shareCreatedAt`, which lets a refund at the provider cancel the
 * request without reading it).
 * Run by `npm run migrate` after the deploy that brings this version (it scans; running it again writes
 * nothing). A payment whose track or people are gone gets no draft, and a capture of it is refunded in full.
 */
import { paymentKey, type PaymentRecord } from '../../functions/money/data/payments.js';
import { readShare, type ShareRecord } from '../../functions/feedback/data/shares.js';
import { getTrack } from '../../functions/tracks/data/tracks.js';
import { getUser } from '../../functions/people/data/users.js';
import { newShare } from '../../functions/feedback/requests.js';
import { completeDaysFor, PAID_REQUEST } from '../../shared/money.js';
import { scanned, updateFound } from './table.js';

/** The share a payment's capture creates, drafted as an order drafts it now, from what the payment names (null when that is gone). */
async function draftOf(p: PaymentRecord): Promise<ShareRecord | null> {
  const [track, payer, pro] = await Promise.all([getTrack(p.trackId), getUser(p.payerId), getUser(p.proUserId)]);
  if (!track || !payer || !pro) return null;
  return {
    ...newShare(payer, track, pro, p.shareOptions, p.shareId, {
      orderId: p.orderId,
      amountCents: p.amountCents,
      acceptHours: PAID_REQUEST.acceptHours,
      completeDays: completeDaysFor(pro.responseTime),
    }),
    createdAt: p.createdAt,
    updatedAt: p.createdAt,
  };
}

const setIfAbsent = (orderId: string, field: 'shareDraft' | 'shareCreatedAt', value: unknown) =>
  updateFound(paymentKey(orderId), {
    UpdateExpression: `SET ${field} = :v`,
    ConditionExpression: `attribute_exists(PK) AND attribute_not_exists(${field})`,
    ExpressionAttributeValues: { ':v': value },
  });

/** Fills what one payment of an earlier version lacks; 1 when it wrote something. */
async function migratePayment(p: PaymentRecord): Promise<number> {
  if ((p.status === 'pending' || p.status === 'failed') && !p.shareDraft) {
    const draft = await draftOf(p);
    return draft ? setIfAbsent(p.orderId, 'shareDraft', draft) : 0;
  }
  if (p.status === 'captured' && p.credited !== false && !p.shareCreatedAt) {
    const share = await readShare(p.shareId);
    return share ? setIfAbsent(p.orderId, 'shareCreatedAt', share.record.createdAt) : 0;
  }
  return 0;
}

/** Brings every payment of an earlier version up to date; the number of payments written. */
export async function migratePayments(): Promise<number> {
  let written = 0;
  for await (const item of scanned({
    FilterExpression:
      'entity = :e AND ((#s IN (:pending, :failed) AND attribute_not_exists(shareDraft)) OR (#s = :captured AND attribute_not_exists(shareCreatedAt)))',
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: { ':e': 'payment', ':pending': 'pending', ':failed': 'failed', ':captured': 'captured' },
  }))
    written += await migratePayment(item as unknown as PaymentRecord);
  return written;
}
