/**
 * Usage counters, one item per subject, name and time window, expiring by TTL after their window:
 * - per user:           PK USER#<id>     SK LIMIT#<name>#<window start>
 * - per client address: PK CLIENT#<ip>   SK LIMIT#<name>#<window start>
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws/dynamo.js';
import { config } from '../../lib/config.js';
import { writeIf } from './transactions.js';

export type LimitSubject = { user: string } | { client: string };

/** A limit as one subject meets it: at most `limit` uses of `name` in each fixed window of `windowSeconds`. */
export interface LimitWindow {
  subject: LimitSubject;
  name: string;
  limit: number;
  windowSeconds: number;
}

/** Counts one use in the item; false (and nothing counted) when its limit is reached. */
const take = (key: { PK: string; SK: string }, limit: number, expiresAt: number): Promise<boolean> =>
  writeIf(
    () =>
      new UpdateCommand({
        TableName: config.tableName,
        Key: key,
        UpdateExpression: 'ADD uses :one SET expiresAt = :exp, entity = :e',
        ConditionExpression: 'attribute_not_exists(uses) OR uses < :limit',
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':exp': expiresAt, ':e': 'limit' },
      }),
  );

const subjectKey = (s: LimitSubject) =>
  // Addresses come from API Gateway, not the caller; the length cap only keeps the key sane.
  'user' in s ? `USER#${s.user}` : `CLIENT#${(s.client || 'unknown').slice(0, 64)}`;

/** The current fixed window: its counter's key and when it ends. */
function windowOf(w: LimitWindow, now: number) {
  const windowMs = w.windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  return { key: { PK: subjectKey(w.subject), SK: `LIMIT#${w.name}#${new Date(start).toISOString()}` }, end: start + windowMs };
}

const secondsLeft = (end: number, now: number) => Math.max(1, Math.ceil((end - now) / 1000));

/** Counts one use in the current window. Gives the seconds until it ends when its limit is reached (nothing counted), else null. */
export async function takeInWindow(w: LimitWindow, now = Date.now()): Promise<number | null> {
  const { key, end } = windowOf(w, now);
  const taken = await take(key, w.limit, Math.floor(end / 1000) + 300);
  return taken ? null : secondsLeft(end, now);
}

/** Takes back one use counted by takeInWindow in the same window (never below zero). */
export async function giveBackInWindow(w: LimitWindow, now = Date.now()): Promise<void> {
  await writeIf(
    () =>
      new UpdateCommand({
        TableName: config.tableName,
        Key: windowOf(w, now).key,
        UpdateExpression: 'ADD uses :minus',
        ConditionExpression: 'uses > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
  );
}

/** Like takeInWindow, counting nothing: the seconds until the window ends when its limit is reached, else null. */
export async function peekInWindow(w: LimitWindow, now = Date.now()): Promise<number | null> {
  const { key, end } = windowOf(w, now);
  const res = await dynamo().send(
    new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: true, ProjectionExpression: 'uses' }),
  );
  return ((res.Item?.uses as number | undefined) ?? 0) >= w.limit ? secondsLeft(end, now) : null;
}

/**
 * The update that counts one use by a user in the hour's window, for a transaction that counts something
 * else with it (it refuses the whole transaction when the hour's limit is reached).
 */
export function hourlyTakeUpdate(userId: string, name: string, limit: number, now = new Date()) {
  const { key, end } = windowOf({ subject: { user: userId }, name, limit, windowSeconds: 3600 }, now.getTime());
  return {
    TableName: config.tableName,
    Key: key,
    UpdateExpression: 'ADD uses :one SET expiresAt = :exp, entity = :e',
    ConditionExpression: 'attribute_not_exists(uses) OR uses < :limit',
    ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':exp': Math.floor(end / 1000) + 300, ':e': 'limit' },
  };
}
