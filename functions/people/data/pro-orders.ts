/** Reading Choose Your Pro's orders (people/data/pro-listing.ts keeps them): a page of one, and the listings of its pros. */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws/dynamo.js';
import { getItems } from '../../platform/data/index.js';
import { ORDERS, T, fromItem, listingKey, type ListingRecord, type ProOrder } from './pro-listing.js';

/** Each index named as written (the grants' check reads the names from the code). */
const INDEX_NAMES = { GSI1: { IndexName: 'GSI1' }, GSI2: { IndexName: 'GSI2' }, GSI3: { IndexName: 'GSI3' } } as const;

/** An entry of an order: whose it is, and its key (where a page that stops at it continues). */
export interface OrderEntry {
  id: string;
  key: Record<string, string>;
}

/** One page of an order's entries, in order, and where the next page starts (undefined: the end). */
export async function pageOrder(
  order: ProOrder,
  opts: { limit: number; start?: Record<string, unknown> },
): Promise<{ entries: OrderEntry[]; next?: Record<string, unknown> }> {
  const o = ORDERS[order];
  const res = await dynamo().send(
    new QueryCommand({
      TableName: T(),
      ...INDEX_NAMES[o.index],
      KeyConditionExpression: `${o.index}PK = :pk`,
      ExpressionAttributeValues: { ':pk': o.partition },
      ScanIndexForward: o.forward,
      Limit: opts.limit,
      ExclusiveStartKey: opts.start,
    }),
  );
  const keyOf = (i: Record<string, unknown>) =>
    Object.fromEntries([`${o.index}PK`, `${o.index}SK`, 'PK', 'SK'].map((k) => [k, String(i[k])])) as Record<string, string>;
  // The id from the key: GSI3 copies no more than the keys (and names) of an item.
  return {
    entries: (res.Items ?? []).map((i) => ({ id: String(i.PK).slice('USER#'.length), key: keyOf(i) })),
    next: res.LastEvaluatedKey,
  };
}

/** The listings of these users (absent ones: none yet), in one batch. */
export async function getListings(userIds: string[]): Promise<Map<string, ListingRecord>> {
  const items = await getItems(userIds.map(listingKey));
  return new Map(items.map((item) => [item.userId as string, fromItem(item)]));
}
