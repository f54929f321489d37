/**
 * Users read in bulk: by ids, by a search term's prefix (GSI2), a type's list by name (GSI3, with the admin's
 * filter), and the counts of a type. The records and their keys are users.ts's, which writes them.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws/dynamo.js';
import { config } from '../../lib/config.js';
import { countAll, getItems } from '../../platform/data/index.js';
import { counterKey, fromItem, userKey, type StoredUserType, type UserRecord } from './users.js';

export async function getUsers(ids: string[]): Promise<UserRecord[]> {
  return (await getItems(ids.map(userKey))).map(fromItem);
}

/**
 * One page of ids of users with a search term starting with `prefix` (lowercase, at least 2 characters),
 * in term order; `next` continues from where this page stopped, undefined at the end.
 */
export async function findUserIdsByPrefix(
  prefix: string,
  pageSize: number,
  start?: Record<string, unknown>,
): Promise<{ ids: string[]; next?: Record<string, unknown> }> {
  const res = await dynamo().send(
    new QueryCommand({
      TableName: config.tableName,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk AND begins_with(GSI2SK, :prefix)',
      ExpressionAttributeValues: { ':pk': `SEARCH#${prefix.slice(0, 2)}`, ':prefix': prefix },
      ProjectionExpression: 'userId',
      Limit: pageSize,
      ExclusiveStartKey: start,
    }),
  );
  return { ids: [...new Set((res.Items ?? []).map((i) => i.userId as string))], next: res.LastEvaluatedKey };
}

const SEARCH_FILTER = 'contains(#nl, :q) OR contains(email, :q) OR contains(#fn, :q)';
const SEARCH_NAMES = { '#nl': 'nameLower', '#fn': 'fullName' };
const idOfEntry = (entry: Record<string, unknown>) => String(entry.PK).slice('USER#'.length);
/** Where a list stops when it gives fewer entries than it read: after the last one given. */
const startAfter = (e: Record<string, unknown>) => ({ PK: e.PK, SK: e.SK, GSI3PK: e.GSI3PK, GSI3SK: e.GSI3SK });

/** One type's list entries for a page, and where the next page of that type starts (undefined at its end). */
export interface TypePage {
  type: StoredUserType;
  entries: Record<string, unknown>[];
  next?: Record<string, unknown>;
}

/**
 * One page of a type's list by name, optionally those whose name or e-mail holds `q` (lowercase): one
 * Query of the type's partition of GSI3 (`read` entries at most, the filter applied to them), the first
 * `limit` matches kept. `next` continues after the last entry kept.
 */
export async function pageEntriesOfType(
  type: StoredUserType,
  opts: { limit: number; start?: Record<string, unknown>; q?: string; read?: number },
): Promise<TypePage> {
  const res = await dynamo().send(
    new QueryCommand({
      TableName: config.tableName,
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk',
      ExpressionAttributeValues: { ':pk': `TYPE#${type}`, ...(opts.q ? { ':q': opts.q } : {}) },
      ...(opts.q ? { FilterExpression: SEARCH_FILTER, ExpressionAttributeNames: SEARCH_NAMES } : {}),
      Limit: Math.max(opts.read ?? opts.limit, opts.limit),
      ExclusiveStartKey: opts.start,
    }),
  );
  const entries = res.Items ?? [];
  const given = entries.slice(0, opts.limit);
  return { type, entries: given, next: given.length < entries.length ? startAfter(given[given.length - 1]) : res.LastEvaluatedKey };
}

/**
 * The records of the pages' entries, in their order, read by key at once; a record whose type changed
 * since the index was written is left out.
 */
export async function usersOfPages(pages: TypePage[]): Promise<UserRecord[]> {
  const listed = pages.flatMap((p) => p.entries.map((e) => ({ id: idOfEntry(e), type: p.type })));
  const byId = new Map((await getUsers(listed.map((l) => l.id))).map((u) => [u.id, u]));
  return listed.map((l) => byId.get(l.id)).filter((u, i): u is UserRecord => u?.type === listed[i].type);
}

/** How many users of these types there are, from the counters: one read, however many users. */
export async function countUsersOfTypes(types: StoredUserType[]): Promise<number> {
  const counters = await getItems(types.map(counterKey), {
    ProjectionExpression: '#count',
    ExpressionAttributeNames: { '#count': 'count' },
  });
  return counters.reduce((n, item) => n + ((item.count as number | undefined) ?? 0), 0);
}

/** How many users of a type match `q` (lowercase), counted on GSI3, which holds the keys and the three searched attributes. */
export function countMatchingUsers(type: StoredUserType, q: string): Promise<number> {
  return countAll({
    TableName: config.tableName,
    IndexName: 'GSI3',
    KeyConditionExpression: 'GSI3PK = :pk',
    ExpressionAttributeValues: { ':pk': `TYPE#${type}`, ':q': q },
    FilterExpression: SEARCH_FILTER,
    ExpressionAttributeNames: SEARCH_NAMES,
  });
}
