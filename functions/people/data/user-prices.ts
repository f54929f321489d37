/** A pro's feedback price on their record, moved with their place in the price order (pro-listing.ts) in one transaction. */
import { cancellation, failedItem, type TransactItem } from '../../platform/data/index.js';
import { listAsPro } from './pro-listing.js';
import { vettedFor } from './world-class.js';
import { fromItem, updateWith, UserChanged, type UserRecord } from './users.js';

/**
 * Sets a pro's feedback price (null: free) with their place in the price order; null when the user is not
 * a pro (any more), or the price is World-Class and they are not vetted (any more).
 */
export async function setFeedbackPrice(user: UserRecord, cents: number | null, freeRechecks?: boolean): Promise<UserRecord | null> {
  const at = new Date().toISOString();
  const rechecks = freeRechecks === undefined ? {} : { ':f': freeRechecks };
  try {
    await updateWith(
      user.id,
      {
        UpdateExpression: `SET feedbackPriceCents = :p, updatedAt = :u${freeRechecks === undefined ? '' : ', freeRechecks = :f'}`,
        ConditionExpression: `attribute_exists(PK) AND #type = :pro${vettedFor(cents)}`,
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':p': cents, ':u': at, ':pro': 'pro', ...rechecks },
      },
      [listAsPro(user.id, cents)],
    );
    return { ...user, feedbackPriceCents: cents, ...(freeRechecks === undefined ? {} : { freeRechecks }), updatedAt: at };
  } catch (err) {
    if (cancellation(err)?.[0] === 'ConditionalCheckFailed') return null;
    throw err;
  }
}

/**
 * Sets a pro's price (null: free) on condition that it is still the price read, with `also` (the admin's
 * audit entry, which names the price it replaces) in the same transaction. 'not_pro' when the user is not
 * a pro (any more); UserChanged with the record that won when the price moved meanwhile (or the World-Class
 * vetting a World-Class price needs was withdrawn).
 */
export async function changeFeedbackPrice(
  current: UserRecord,
  cents: number | null,
  also: TransactItem[],
): Promise<UserRecord | 'not_pro'> {
  const at = new Date().toISOString();
  const was = current.feedbackPriceCents ?? null;
  try {
    await updateWith(
      current.id,
      {
        UpdateExpression: 'SET #price = :p, updatedAt = :u',
        ConditionExpression: `attribute_exists(PK) AND #type = :pro${vettedFor(cents)} AND ${was === null ? '(attribute_not_exists(#price) OR attribute_type(#price, :null))' : '#price = :was'}`,
        ExpressionAttributeNames: { '#type': 'type', '#price': 'feedbackPriceCents' },
        ExpressionAttributeValues: { ':p': cents, ':u': at, ':pro': 'pro', ...(was === null ? { ':null': 'NULL' } : { ':was': was }) },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
      [...also, listAsPro(current.id, cents)],
    );
    return { ...current, feedbackPriceCents: cents, updatedAt: at };
  } catch (err) {
    if (cancellation(err)?.[0] !== 'ConditionalCheckFailed') throw err;
    const won = failedItem(err, 0);
    const fresh = won && fromItem(won);
    if (!fresh || fresh.type !== 'pro') return 'not_pro';
    throw new UserChanged(fresh);
  }
}
