/**
 * Usage counters, one item per subject, name and time window, expiring by TTL after their window:
 * - per user, hourly:      PK USER#<id>     SK LIMIT#<name>#<hour>
 * - per client, by minute: PK CLIENT#<ip>   SK LIMIT#<name>#<minute>
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws/dynamo.js';
import { config } from '../lib/config.js';

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

/** Counts one use by a user; false when the hour's limit is reached. */
export function takeHourly(userId: string, name: string, limit: number, now = new Date()): Promise<boolean> {
  const hour = now.toISOString().slice(0, 13);
  return take({ PK: `USER#${userId}`, SK: `LIMIT#${name}#${hour}` }, limit, Math.floor(now.getTime() / 1000) + 7200);
}

/** Counts one use by a client address (anonymous callers); false when the minute's limit is reached. */
export function takePerMinuteByClient(clientIp: string, name: string, limit: number, now = new Date()): Promise<boolean> {
  const minute = now.toISOString().slice(0, 16);
  // Addresses come from API Gateway, not the caller; the length cap only keeps the key sane.
  const client = (clientIp || 'unknown').slice(0, 64);
  return take({ PK: `CLIENT#${client}`, SK: `LIMIT#${name}#${minute}` }, limit, Math.floor(now.getTime() / 1000) + 300);
}
