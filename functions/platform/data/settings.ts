/**
 * The configuration row of the spec (id 1): the platform's margin on paid feedback, a fraction 0..1.
 * Key: PK CONFIG  SK CONFIG.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_MARGIN } from '../../../shared/money.js';
import { dynamo } from '../../lib/aws/dynamo.js';
import { config } from '../../lib/config.js';

export interface Settings {
  id: 1;
  margin: number;
  /** Null until the row is first written: the default margin is in force. */
  updatedAt: string | null;
}

const KEY = { PK: 'CONFIG', SK: 'CONFIG' };

/** The settings in force now, read consistently: a payment must take the margin an admin just saved. */
export async function getSettings(): Promise<Settings> {
  const res = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: KEY, ConsistentRead: true }));
  const margin = res.Item?.margin;
  return typeof margin === 'number' && margin >= 0 && margin <= 1
    ? { id: 1, margin, updatedAt: (res.Item?.updatedAt as string | undefined) ?? null }
    : { id: 1, margin: DEFAULT_MARGIN, updatedAt: null };
}

/** Writes the row when it does not exist yet (demo data); an admin's value is never overwritten by this. */
export async function ensureSettings(margin: number): Promise<void> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: config.tableName,
        Item: { ...KEY, entity: 'config', id: 1, margin, updatedAt: new Date().toISOString() },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  } catch (err) {
    if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
  }
}

/**
 * Sets the margin (a fraction 0..1), recording who changed it and when, only if it was last saved at
 * `expectedUpdatedAt` (null: never). Null when it was saved since.
 */
export async function setMargin(margin: number, adminId: string, expectedUpdatedAt: string | null): Promise<Settings | null> {
  const updatedAt = new Date().toISOString();
  try {
    await dynamo().send(
      new PutCommand({
        TableName: config.tableName,
        Item: { ...KEY, entity: 'config', id: 1, margin, updatedAt, updatedBy: adminId },
        ...(expectedUpdatedAt === null
          ? { ConditionExpression: 'attribute_not_exists(updatedAt)' }
          : { ConditionExpression: 'updatedAt = :seen', ExpressionAttributeValues: { ':seen': expectedUpdatedAt } }),
      }),
    );
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return null;
    throw err;
  }
  return { id: 1, margin, updatedAt };
}
