/**
 * The Snip Pro pool's health per main genre, for admins: requests opened, claimed, refunded unclaimed, ended
 * otherwise, and the claims' times in buckets (shared/pool.ts CLAIM_BUCKETS), one item per genre, added to by
 * the payment moves that make each of them (in their transactions, so each is counted once):
 * - stats  PK STATS#POOL  SK GENRE#<main genre>
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws/dynamo.js';
import { config } from '../../lib/config.js';

const PARTITION = 'STATS#POOL';

/** The counters a move adds to, for its transaction. */
export function poolStatsAdd(genre: string, add: Readonly<Record<string, number>>) {
  const fields = Object.keys(add);
  return {
    Update: {
      TableName: config.tableName,
      Key: { PK: PARTITION, SK: `GENRE#${genre}` },
      UpdateExpression: `SET #genre = :genre ADD ${fields.map((_, i) => `#f${i} :v${i}`).join(', ')}`,
      ExpressionAttributeNames: { '#genre': 'genre', ...Object.fromEntries(fields.map((f, i) => [`#f${i}`, f])) },
      ExpressionAttributeValues: { ':genre': genre, ...Object.fromEntries(fields.map((f, i) => [`:v${i}`, add[f]])) },
    },
  };
}

/** Every genre's counters (a genre never opened has none): one partition of a dozen items. */
export async function poolStats(): Promise<{ genre: string; counts: Record<string, number> }[]> {
  const res = await dynamo().send(
    new QueryCommand({ TableName: config.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': PARTITION } }),
  );
  return (res.Items ?? []).map(({ PK: _pk, SK: _sk, genre, ...counts }) => ({
    genre: genre as string,
    counts: Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Number(v)])),
  }));
}
