/**
 * How often a user has used AI Suggest, for ever (the hourly limit's counters expire with their hour):
 * - uses  PK USER#<id>  SK SUGGESTIONS   `uses`, `lastUsedAt`
 */
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws/dynamo.js';
import { config } from '../../lib/config.js';
import { hourlyTakeUpdate, writeIf } from '../../platform/data/index.js';

const key = (userId: string) => ({ PK: `USER#${userId}`, SK: 'SUGGESTIONS' });

const countUpdate = (userId: string, at: Date) => ({
  TableName: config.tableName,
  Key: key(userId),
  UpdateExpression: 'ADD uses :one SET lastUsedAt = :at, entity = :e',
  ExpressionAttributeValues: { ':one': 1, ':at': at.toISOString(), ':e': 'suggestion-uses' },
});

/**
 * Counts one suggestion asked for, in the same write as the hour's limit when there is one (`limit`), so a
 * suggestion the limit refuses is not counted; false (nothing counted) when the limit is reached.
 */
export function countSuggestion(userId: string, limit: number | null, at = new Date()): Promise<boolean> {
  if (limit === null) return writeIf(() => new UpdateCommand(countUpdate(userId, at)));
  return writeIf(
    () =>
      new TransactWriteCommand({
        TransactItems: [{ Update: hourlyTakeUpdate(userId, 'suggest', limit, at) }, { Update: countUpdate(userId, at) }],
      }),
  );
}

export async function getSuggestionUses(userId: string): Promise<{ used: number; lastUsedAt: string | null }> {
  const res = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: key(userId) }));
  return { used: (res.Item?.uses as number | undefined) ?? 0, lastUsedAt: (res.Item?.lastUsedAt as string | undefined) ?? null };
}
