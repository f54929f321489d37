/**
 * Realtime connections. Keys:
 * - connection  PK CONN#<connectionId>  SK CONN           (who owns it, for disconnects)
 * - per user    PK USER#<userId>        SK CONN#<connId>  (fan-out: one Query per user)
 * Both expire through the table's TTL (`expiresAt`): API Gateway closes connections after 2 hours.
 */
import { DeleteCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws/dynamo.js';
import { queryAll } from './query.js';
import { config } from '../../lib/config.js';

const CONNECTION_TTL_SECONDS = 3 * 60 * 60;
const connKey = (connectionId: string) => ({ PK: `CONN#${connectionId}`, SK: 'CONN' });
const userConnKey = (userId: string, connectionId: string) => ({ PK: `USER#${userId}`, SK: `CONN#${connectionId}` });

export async function putConnection(connectionId: string, userId: string): Promise<void> {
  const expiresAt = Math.floor(Date.now() / 1000) + CONNECTION_TTL_SECONDS;
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: config.tableName, Item: { ...connKey(connectionId), entity: 'connection', userId, expiresAt } } },
        {
          Put: {
            TableName: config.tableName,
            Item: { ...userConnKey(userId, connectionId), entity: 'connection', connectionId, expiresAt },
          },
        },
      ],
    }),
  );
}

export async function deleteConnection(connectionId: string): Promise<void> {
  const res = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: connKey(connectionId) }));
  const userId = res.Item?.userId as string | undefined;
  await dynamo().send(new DeleteCommand({ TableName: config.tableName, Key: connKey(connectionId) }));
  if (userId) await dynamo().send(new DeleteCommand({ TableName: config.tableName, Key: userConnKey(userId, connectionId) }));
}

/** Forgets a connection whose user is known (a fan-out found it under them): both items at once, nothing read. */
export async function forgetConnection(userId: string, connectionId: string): Promise<void> {
  await Promise.all([
    dynamo().send(new DeleteCommand({ TableName: config.tableName, Key: connKey(connectionId) })),
    dynamo().send(new DeleteCommand({ TableName: config.tableName, Key: userConnKey(userId, connectionId) })),
  ]);
}

export async function connectionsOf(userId: string): Promise<string[]> {
  const items = await queryAll({
    TableName: config.tableName,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :c)',
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':c': 'CONN#' },
    ProjectionExpression: 'connectionId',
  });
  return items.map((i) => i.connectionId as string);
}
