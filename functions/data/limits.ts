/**
 * Usage counters, one item per subject, name and time window, expiring by TTL after their window:
 * - per user:           PK USER#<id>     SK LIMIT#<name>#<window start>
 * - per client address: PK CLIENT#<ip>   SK LIMIT#<name>#<window start>
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws/dynamo.js';
import { config } from '../lib/config.js';

export type LimitSubject = { user: string } | { client: string };

/** Counts one use in the item; false (and nothing counted) when its limit is reached. */
async function take(key: { PK: string; SK: string }, limit: number, expiresAt: number): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: key,
        UpdateExpression: 'ADD uses :one SET expiresAt = :exp, entity = :e',
        ConditionExpression: 'attribute_not_exists(uses) OR uses < :limit',
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':exp': expiresAt, ':e': 'limit' },
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

const subjectKey = (s: LimitSubject) =>
  // Addresses come from API Gateway, not the caller; the length cap only keeps the key sane.
  'user' in s ? `USER#${s.user}` : `CLIENT#${(s.client || 'unknown').slice(0, 64)}`;

/** The current fixed window of `windowSeconds`: its counter's key and when it ends. */
function windowOf(subject: LimitSubject, name: string, windowSeconds: number, now: number) {
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  return { key: { PK: subjectKey(subject), SK: `LIMIT#${name}#${new Date(start).toISOString()}` }, end: start + windowMs };
}

const secondsLeft = (end: number, now: number) => Math.max(1, Math.ceil((end - now) / 1000));

/**
 * Counts one use by the subject in the current fixed window of `windowSeconds`. Gives the seconds until
 * that window ends when its limit is reached (nothing counted), else null.
 */
export async function takeInWindow(
  subject: LimitSubject,
  name: string,
  limit: number,
  windowSeconds: number,
  now = Date.now(),
): Promise<number | null> {
  const { key, end } = windowOf(subject, name, windowSeconds, now);
  const taken = await take(key, limit, Math.floor(end / 1000) + 300);
  return taken ? null : secondsLeft(end, now);
}

/** Takes back one use counted by takeInWindow in the same window (never below zero). */
export async function giveBackInWindow(subject: LimitSubject, name: string, windowSeconds: number, now = Date.now()): Promise<void> {
  const { key } = windowOf(subject, name, windowSeconds, now);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: key,
        UpdateExpression: 'ADD uses :minus',
        ConditionExpression: 'uses > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    );
  } catch (err) {
    if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
  }
}

/** Like takeInWindow, counting nothing: the seconds until the window ends when its limit is reached, else null. */
export async function peekInWindow(
  subject: LimitSubject,
  name: string,
  limit: number,
  windowSeconds: number,
  now = Date.now(),
): Promise<number | null> {
  const { key, end } = windowOf(subject, name, windowSeconds, now);
  const res = await dynamo().send(
    new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: true, ProjectionExpression: 'uses' }),
  );
  return ((res.Item?.uses as number | undefined) ?? 0) >= limit ? secondsLeft(end, now) : null;
}

/** Counts one use by a user; false when the hour's limit is reached. */
export async function takeHourly(userId: string, name: string, limit: number, now = new Date()): Promise<boolean> {
  return (await takeInWindow({ user: userId }, name, limit, 3600, now.getTime())) === null;
}
