/**
 * A pro's World-Class vetting: written only by an admin, with the admin's audit entry in the same transaction.
 * The World-Class price (WORLD_CLASS_CENTS) is for the vetted alone: the price writes (user-prices.ts) hold
 * that as their condition, and a vetting is not withdrawn from a pro still asking that price.
 */
import { WORLD_CLASS_CENTS } from '../../../shared/constants.js';
import { cancellation, failedItem, type TransactItem } from '../../platform/data/index.js';
import { fromItem, updateWith, type UserRecord } from './users.js';

/** The condition a price write adds when the price is the World-Class one. */
export const vettedFor = (cents: number | null) => (cents === WORLD_CLASS_CENTS ? ' AND attribute_exists(worldClass)' : '');

/**
 * Vets the pro (or withdraws it: null) with `audit`, on condition that they are not vetted (or are) yet:
 * 'not_pro' when the user is not a pro (any more); 'priced' when a withdrawal finds the pro asking the
 * World-Class price; 'already' when another admin's same change came first (then nothing is written, no
 * second audit entry either).
 */
export async function setWorldClass(
  userId: string,
  vetting: UserRecord['worldClass'] | null,
  audit: TransactItem,
): Promise<'done' | 'not_pro' | 'priced' | 'already'> {
  try {
    await updateWith(
      userId,
      {
        UpdateExpression: vetting ? 'SET worldClass = :v, updatedAt = :u' : 'SET updatedAt = :u REMOVE worldClass',
        // A free pro's price may be written as null: said as such, not left to how two types compare.
        ConditionExpression: `attribute_exists(PK) AND #type = :pro${vetting ? ' AND attribute_not_exists(worldClass)' : ' AND attribute_exists(worldClass) AND (attribute_not_exists(#price) OR attribute_type(#price, :null) OR #price <> :wc)'}`,
        ExpressionAttributeNames: { '#type': 'type', ...(vetting ? {} : { '#price': 'feedbackPriceCents' }) },
        ExpressionAttributeValues: {
          ':pro': 'pro',
          ':u': new Date().toISOString(),
          ...(vetting ? { ':v': vetting } : { ':wc': WORLD_CLASS_CENTS, ':null': 'NULL' }),
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
      [audit],
    );
    return 'done';
  } catch (err) {
    if (cancellation(err)?.[0] !== 'ConditionalCheckFailed') throw err;
    const old = failedItem(err, 0);
    const was = old ? fromItem(old) : null;
    if (was?.type !== 'pro') return 'not_pro';
    return Boolean(was.worldClass) === Boolean(vetting) ? 'already' : 'priced';
  }
}
