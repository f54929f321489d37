/**
 * The pros who take Snip Pro pool work, by main genre (shared/pool.ts), so that matching a request reads
 * one partition:
 * - member  PK POOL#<main genre>  SK PRO#<userId>   `active`: whether they are in it now
 * Kept by every write of a user record (users.ts versionedUpdate): a pro who opts in, changes genres, stops
 * being a pro or opts out is marked in or out in the same transaction. Marked, never deleted: an update is
 * what every function that writes users may already do (a pro has at most one item per main genre). The
 * record stays the word on who fits: matching reads it too, so an item a deletion left behind offers nothing.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws/dynamo.js';
import { config } from '../../lib/config.js';
import { mainGenreOf } from '../../../shared/pool.js';
import type { TransactItem } from '../../platform/data/index.js';

type Member = { type: string; genres: string[]; takesPoolWork?: boolean };

/** The main genres a user is a pool member in: those of their genres, while they are a pro who opted in. */
export function poolGenresOf(u: Member): Set<string> {
  if (u.type !== 'pro' || !u.takesPoolWork) return new Set();
  return new Set(u.genres.map(mainGenreOf).filter((g): g is string => g !== null));
}

const mark = (genre: string, userId: string, active: boolean): TransactItem => ({
  Update: {
    TableName: config.tableName,
    Key: { PK: `POOL#${genre}`, SK: `PRO#${userId}` },
    UpdateExpression: 'SET #e = :e, #u = :u, #a = :a',
    ExpressionAttributeNames: { '#e': 'entity', '#u': 'userId', '#a': 'active' },
    ExpressionAttributeValues: { ':e': 'pool-member', ':u': userId, ':a': active },
  },
});

/** The member items a change of a user record marks in and out. */
export function poolMemberChanges(userId: string, before: Member, after: Member): TransactItem[] {
  const was = poolGenresOf(before);
  const is = poolGenresOf(after);
  return [
    ...[...is].filter((g) => !was.has(g)).map((g) => mark(g, userId, true)),
    ...[...was].filter((g) => !is.has(g)).map((g) => mark(g, userId, false)),
  ];
}

/** The ids of the pool's members in a main genre now, at most `limit` of its items read. */
export async function poolMembersIn(genre: string, limit = 500): Promise<string[]> {
  const res = await dynamo().send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'PK = :pk',
      FilterExpression: '#a = :a',
      ExpressionAttributeNames: { '#a': 'active' },
      ExpressionAttributeValues: { ':pk': `POOL#${genre}`, ':a': true },
      ProjectionExpression: 'userId',
      Limit: limit,
    }),
  );
  return (res.Items ?? []).map((i) => i.userId as string);
}
