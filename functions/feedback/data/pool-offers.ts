/**
 * The offers of Snip Pro requests (shared/pool.ts), one item per request and pro offered it, in the pro's
 * partition, so that 'Requests for you' is one Query, the soonest to close first and those closed left out:
 * - offer  PK USER#<proId>  SK POOLOFFER#<claimUntil>#<orderId>
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

const offerKey = (proId: string, o: { orderId: string; claimUntil: string }) => ({
  PK: `USER#${proId}`,
  SK: `POOLOFFER#${o.claimUntil}#${o.orderId}`,
});

export const offerPut = (o: PoolOffer) => ({
  Put: { TableName: config.tableName, Item: { ...offerKey(o.proId, o), entity: 'pool-offer', ...o } },
});

export const offerDelete = (proId: string, o: { orderId: string; claimUntil: string }) => ({
  Delete: { TableName: config.tableName, Key: offerKey(proId, o) },
});

/** The most offers one read gives: the soonest to close (a pool starved of pros may offer one pro more). */
export const OFFERS_READ = 100;

/** The pro's offers still open at `now`, the soonest to close first (those of later waves, not visible yet, included). */
export async function offersOf(proId: string, now = new Date().toISOString()): Promise<PoolOffer[]> {
  const res = await dynamo().send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': `USER#${proId}`, ':from': `POOLOFFER#${now}`, ':to': 'POOLOFFER#~' },
      Limit: OFFERS_READ,
    }),
  );
  return (res.Items ?? []).map(({ PK: _pk, SK: _sk, entity: _e, ...o }) => o as PoolOffer);
}
