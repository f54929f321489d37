/**
 * The offers of Snip Pro requests (shared/pool.ts), one item per request and pro offered it, in the pro's
 * partition, so that 'Requests for you' is one Query:
 * - offer  PK USER#<proId>  SK POOLOFFER#<orderId>
 * Written by the move that takes the request's money into the pool, and deleted, every one of them, by the
 * move that takes it out (a claim, a refund): an offer listed is a request still open.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws/dynamo.js';
import { config } from '../../lib/config.js';

export interface PoolOffer {
  orderId: string;
  proId: string;
  /** From when the pro sees it (their wave's time), and until when it can be claimed. */
  visibleAt: string;
  claimUntil: string;
  genre: string;
  trackTitle: string;
  payerName: string;
  /** What the pro would earn: the price less the margin fixed at the capture. */
  earningCents: number;
  focusAreas: string[];
}

const offerKey = (proId: string, orderId: string) => ({ PK: `USER#${proId}`, SK: `POOLOFFER#${orderId}` });

export const offerPut = (o: PoolOffer) => ({
  Put: { TableName: config.tableName, Item: { ...offerKey(o.proId, o.orderId), entity: 'pool-offer', ...o } },
});

export const offerDelete = (proId: string, orderId: string) => ({
  Delete: { TableName: config.tableName, Key: offerKey(proId, orderId) },
});

/** The pro's offers (at most a request's worth of waves each: few), those not visible yet included. */
export async function offersOf(proId: string): Promise<PoolOffer[]> {
  const res = await dynamo().send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': `USER#${proId}`, ':sk': 'POOLOFFER#' },
      Limit: 200,
    }),
  );
  return (res.Items ?? []).map(({ PK: _pk, SK: _sk, entity: _e, ...o }) => o as PoolOffer);
}
