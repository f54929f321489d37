/** Per-user hourly counters (PK USER#<id> SK LIMIT#<name>#<hour>), expiring by TTL after the hour. */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws.js';
import { config } from '../lib/config.js';

/** Counts one use; false (and nothing counted) when the hour's limit is reached. */
export async function takeHourly(userId: string, name: string, limit: number, now = new Date()): Promise<boolean> {
  const hour = now.toISOString().slice(0, 13);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: { PK: `USER#${userId}`, SK: `LIMIT#${name}#${hour}` },
        UpdateExpression: 'ADD uses :one SET expiresAt = :exp, entity = :e',
        ConditionExpression: 'attribute_not_exists(uses) OR uses < :limit',
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':exp': Math.floor(now.getTime() / 1000) + 7200, ':e': 'limit' },
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}
