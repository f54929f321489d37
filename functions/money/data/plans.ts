/**
 * The plans as last read from the card provider, kept in the table so that the use cases that enforce a
 * plan's limits read them without the provider's SDK (and without the provider being up). Key:
 * - catalog  PK CONFIG  SK PLANS  (plans, readAt)
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws/dynamo.js';
import { config } from '../../lib/config.js';
import type { Plan } from '../../../shared/plan.js';

const KEY = { PK: 'CONFIG', SK: 'PLANS' };

export async function getPlanCatalog(): Promise<{ plans: Plan[]; readAt: string } | null> {
  const res = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: KEY }));
  return res.Item ? { plans: res.Item.plans as Plan[], readAt: res.Item.readAt as string } : null;
}

/** Stores what was read at `readAt`, unless a later read is stored already. */
export async function savePlanCatalog(plans: Plan[], readAt: string): Promise<void> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: config.tableName,
        Item: { ...KEY, entity: 'plans', plans, readAt },
        ConditionExpression: 'attribute_not_exists(readAt) OR readAt < :at',
        ExpressionAttributeValues: { ':at': readAt },
      }),
    );
  } catch (err) {
    if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
  }
}
