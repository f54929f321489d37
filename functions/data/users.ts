/**
 * User records. Keys:
 * - profile   PK USER#<id>        SK PROFILE   GSI1 TYPE#<type> / NAME#<lower name>#<id> (lists by type)
 * - username  PK USERNAME#<name>  SK USERNAME  (uniqueness; written in the same transaction as the profile)
 * - search    PK USER#<id>        SK SEARCH#<term>  GSI2 SEARCH#<first 2 letters> / <term>#<id>
 *             one per prefix a person may type: the whole name, each later word of it, the username
 */
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../lib/aws/dynamo.js';
import { countAll } from './query.js';
import { config } from '../lib/config.js';
import type { UserType } from '../../shared/constants.js';
import type { UserPlan } from './billing.js';
import type { SocialLink } from '../../shared/social.js';

export type StoredUserType = 'musician' | 'pro' | 'admin';

export interface UserRecord {
  id: string;
  email: string;
  fullName: string;
  username: string;
  type: StoredUserType;
  typeChosen: boolean;
  genres: string[];
  costRange: { min: number; max: number } | null;
  experience: number | null;
  feedbackPriceCents: number | null;
  balanceCents: number;
  bio: string | null;
  /** The profile record's fields (absent on records made before the profile page). */
  location?: string | null;
  keyCredits?: string | null;
  availability?: string | null;
  responseTime?: string | null;
  mentorshipStyle?: string | null;
  /** Comma-separated links. */
  featuredTrack?: string | null;
  testimonials?: string | null;
  eventParticipation?: string | null;
  socialMedia?: SocialLink[];
  website?: string | null;
  /** Keys in the public images bucket (served under /images/), set once the file has been checked. */
  profileImage?: string | null;
  coverImage?: string | null;
  /** The state of the user's application to become a pro (the application itself: data/applications.ts). */
  proApplication?: 'draft' | 'pending' | 'approved' | 'declined' | null;
  /** What an admin was before joining the admin group (when they had chosen), restored when they leave it. */
  typeBeforeAdmin?: UserType | null;
  /** When `type` last followed a change of the account's admin group membership. */
  groupSyncedAt?: string;
  /** The card provider's customer, once the user has started a checkout (functions/data/billing.ts). */
  stripeCustomerId?: string;
  /** The plan of the user's current subscription; absent or null: the free plan. */
  plan?: UserPlan | null;
  createdAt: string;
  updatedAt: string;
}

const userKey = (id: string) => ({ PK: `USER#${id}`, SK: 'PROFILE' });
const usernameKey = (username: string) => ({ PK: `USERNAME#${username}`, SK: 'USERNAME' });
export const typeIndexKeys = (u: Pick<UserRecord, 'type' | 'fullName' | 'id'>) => ({
  GSI1PK: `TYPE#${u.type}`,
  GSI1SK: `NAME#${u.fullName.toLowerCase()}#${u.id}`,
});

/** The terms a user is found by: name, each later word of the name, username (lowercase). */
export function searchTerms(u: Pick<UserRecord, 'fullName' | 'username'>): string[] {
  const name = u.fullName.toLowerCase().trim().replace(/\s+/g, ' ');
  const words = name.split(' ');
  const terms = [name, ...words.slice(1).map((_, i) => words.slice(i + 1).join(' ')), u.username.toLowerCase()];
  return [...new Set(terms.filter((t) => t.length >= 2))];
}

const searchItem = (userId: string, term: string) => ({
  PK: `USER#${userId}`,
  SK: `SEARCH#${term}`,
  GSI2PK: `SEARCH#${term.slice(0, 2)}`,
  GSI2SK: `${term}#${userId}`,
  entity: 'search',
  userId,
});

/** The name as the admin's search matches it (a filter cannot read an index key such as GSI1SK). */
const nameLower = (fullName: string) => ({ nameLower: fullName.toLowerCase() });

function toItem(u: UserRecord) {
  return { ...userKey(u.id), ...typeIndexKeys(u), ...nameLower(u.fullName), entity: 'user', ...u };
}

function fromItem(item: Record<string, unknown>): UserRecord {
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g1s, entity: _e, nameLower: _n, ...rest } = item;
  return rest as unknown as UserRecord;
}

export async function getUser(id: string): Promise<UserRecord | null> {
  const res = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: userKey(id) }));
  return res.Item ? fromItem(res.Item) : null;
}

export async function usernameTaken(username: string): Promise<boolean> {
  const res = await dynamo().send(
    new GetCommand({ TableName: config.tableName, Key: usernameKey(username), ProjectionExpression: 'PK' }),
  );
  return Boolean(res.Item);
}

export type CreateUserResult = 'created' | 'user_exists' | 'username_taken';

/** Writes the profile and its username reservation together; neither exists without the other. */
export async function createUser(user: UserRecord): Promise<CreateUserResult> {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: config.tableName,
              Item: toItem(user),
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Put: {
              TableName: config.tableName,
              Item: { ...usernameKey(user.username), entity: 'username', userId: user.id },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          ...searchTerms(user).map((term) => ({ Put: { TableName: config.tableName, Item: searchItem(user.id, term) } })),
        ],
      }),
    );
    return 'created';
  } catch (err) {
    if (err instanceof TransactionCanceledException) {
      const [profile, username] = err.CancellationReasons ?? [];
      if (profile?.Code === 'ConditionalCheckFailed') return 'user_exists';
      if (username?.Code === 'ConditionalCheckFailed') return 'username_taken';
    }
    throw err;
  }
}

type ProfileChanges = Partial<
  Pick<
    UserRecord,
    | 'type' | 'typeChosen' | 'genres' | 'costRange' | 'experience' | 'fullName' | 'bio' | 'location' | 'keyCredits'
    | 'availability' | 'responseTime' | 'mentorshipStyle' | 'featuredTrack' | 'testimonials' | 'eventParticipation'
    | 'socialMedia' | 'website' | 'profileImage' | 'coverImage' | 'feedbackPriceCents' | 'proApplication'
  >
>;

/** Updates the given fields (and the type index when type or name change); returns the new record. */
export async function updateUser(current: UserRecord, changes: ProfileChanges): Promise<UserRecord> {
  const next: UserRecord = { ...current, ...changes, updatedAt: new Date().toISOString() };
  const values: Record<string, unknown> = { ...changes, updatedAt: next.updatedAt, ...typeIndexKeys(next), ...nameLower(next.fullName) };
  const names = Object.keys(values);
  const res = await dynamo().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: userKey(current.id),
      UpdateExpression: `SET ${names.map((n) => `#${n} = :${n}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: Object.fromEntries(names.map((n) => [`#${n}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n) => [`:${n}`, values[n]])),
      ReturnValues: 'ALL_NEW',
    }),
  );
  return fromItem(res.Attributes!);
}

export type RenameResult = { user: UserRecord } | 'username_taken' | 'changed_meanwhile';

/**
 * Changes name and/or username (with other profile fields) in one transaction: the record, conditioned on
 * the username it had when read; the username reservation moved; the search entries of the old terms
 * removed and the new ones written, so search finds the new name at once and never the old one.
 */
export async function renameUser(
  current: UserRecord,
  names: { fullName?: string; username?: string },
  changes: ProfileChanges,
): Promise<RenameResult> {
  const next: UserRecord = { ...current, ...changes, ...names, updatedAt: new Date().toISOString() };
  const values: Record<string, unknown> = { ...changes, ...names, updatedAt: next.updatedAt, ...typeIndexKeys(next), ...nameLower(next.fullName) };
  const keys = Object.keys(values);
  const oldTerms = new Set(searchTerms(current));
  const newTerms = new Set(searchTerms(next));
  const usernameMoves = next.username !== current.username;
  const T = config.tableName;
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: T,
              Key: userKey(current.id),
              UpdateExpression: `SET ${keys.map((n) => `#${n} = :${n}`).join(', ')}`,
              ConditionExpression: 'attribute_exists(PK) AND #username = :was',
              ExpressionAttributeNames: { ...Object.fromEntries(keys.map((n) => [`#${n}`, n])), '#username': 'username' },
              ExpressionAttributeValues: { ...Object.fromEntries(keys.map((n) => [`:${n}`, values[n]])), ':was': current.username },
            },
          },
          ...(usernameMoves
            ? [
                { Put: { TableName: T, Item: { ...usernameKey(next.username), entity: 'username', userId: current.id }, ConditionExpression: 'attribute_not_exists(PK)' } },
                { Delete: { TableName: T, Key: usernameKey(current.username), ConditionExpression: 'userId = :me', ExpressionAttributeValues: { ':me': current.id } } },
              ]
            : []),
          ...[...oldTerms].filter((t) => !newTerms.has(t)).map((term) => ({ Delete: { TableName: T, Key: { PK: `USER#${current.id}`, SK: `SEARCH#${term}` } } })),
          ...[...newTerms].filter((t) => !oldTerms.has(t)).map((term) => ({ Put: { TableName: T, Item: searchItem(current.id, term) } })),
        ],
      }),
    );
    return { user: next };
  } catch (err) {
    if (err instanceof TransactionCanceledException) {
      const [profile, reservation] = err.CancellationReasons ?? [];
      if (usernameMoves && reservation?.Code === 'ConditionalCheckFailed') return 'username_taken';
      if (profile?.Code === 'ConditionalCheckFailed') return 'changed_meanwhile';
    }
    throw err;
  }
}

export type TypeChange = Pick<UserRecord, 'type' | 'typeChosen' | 'typeBeforeAdmin' | 'groupSyncedAt'>;

/**
 * Sets the type (and the type index) only if it is still what the caller read: of concurrent requests
 * that see the same group change, one writes it. Null when the type had changed meanwhile.
 */
export async function changeUserType(current: UserRecord, change: TypeChange): Promise<UserRecord | null> {
  const values: Record<string, unknown> = { ...change, updatedAt: new Date().toISOString(), ...typeIndexKeys({ ...current, ...change }) };
  const names = Object.keys(values);
  try {
    const res = await dynamo().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: userKey(current.id),
        UpdateExpression: `SET ${names.map((n) => `#${n} = :${n}`).join(', ')}`,
        // And no newer token has changed it meanwhile (groupSyncedAt: the issue time of the token that did).
        ConditionExpression: '#type = :expected AND (attribute_not_exists(#groupSyncedAt) OR #groupSyncedAt <= :groupSyncedAt)',
        ExpressionAttributeNames: Object.fromEntries(names.map((n) => [`#${n}`, n])),
        ExpressionAttributeValues: { ...Object.fromEntries(names.map((n) => [`:${n}`, values[n]])), ':expected': current.type },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(res.Attributes!);
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return null;
    throw err;
  }
}

export async function getUsers(ids: string[]): Promise<UserRecord[]> {
  const out: UserRecord[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = ids.slice(i, i + 100).map(userKey);
    while (keys?.length) {
      const res = await dynamo().send(new BatchGetCommand({ RequestItems: { [config.tableName]: { Keys: keys } } }));
      out.push(...(res.Responses?.[config.tableName] ?? []).map(fromItem));
      keys = res.UnprocessedKeys?.[config.tableName]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return out;
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

/**
 * One page of users of a type by name, optionally those whose name or e-mail holds `q` (lowercase): a
 * Query of the type's partition of GSI1, filtered, read on until the page is full, the partition ends or
 * `maxReads` queries were made (a partial page, with where to go on).
 */
export async function pageUsersOfType(
  type: StoredUserType,
  opts: { limit: number; start?: Record<string, unknown>; q?: string; maxReads?: number },
): Promise<{ users: UserRecord[]; next?: Record<string, unknown>; reads: number }> {
  const users: UserRecord[] = [];
  let start = opts.start;
  let reads = 0;
  do {
    reads++;
    const res = await dynamo().send(
      new QueryCommand({
        TableName: config.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': `TYPE#${type}`, ...(opts.q ? { ':q': opts.q } : {}) },
        // Records written before nameLower existed still match by e-mail, or by their name as written.
        ...(opts.q ? { FilterExpression: SEARCH_FILTER, ExpressionAttributeNames: SEARCH_NAMES } : {}),
        Limit: opts.limit - users.length,
        ExclusiveStartKey: start,
      }),
    );
    users.push(...(res.Items ?? []).map(fromItem));
    start = res.LastEvaluatedKey;
  } while (start && users.length < opts.limit && reads < (opts.maxReads ?? Infinity));
  return { users, next: start, reads };
}

/**
 * How many users of a type there are (with `q`, how many match it), counted on the lean index, which
 * holds the keys and the three attributes the search filters on.
 */
export function countUsersOfType(type: StoredUserType, q?: string): Promise<number> {
  return countAll({
    TableName: config.tableName,
    IndexName: 'GSI1Count',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': `TYPE#${type}`, ...(q ? { ':q': q } : {}) },
    ...(q ? { FilterExpression: SEARCH_FILTER, ExpressionAttributeNames: SEARCH_NAMES } : {}),
  });
}

/** Sets a pro's feedback price (null: free); false when the user is not a pro (any more). */
export async function setFeedbackPrice(userId: string, cents: number | null): Promise<UserRecord | null> {
  try {
    const res = await dynamo().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: userKey(userId),
        UpdateExpression: 'SET feedbackPriceCents = :p, updatedAt = :u',
        ConditionExpression: 'attribute_exists(PK) AND #type = :pro',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':p': cents, ':u': new Date().toISOString(), ':pro': 'pro' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(res.Attributes!);
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return null;
    throw err;
  }
}
