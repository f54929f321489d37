/**
 * Reads and writes of many items by key, outside a transaction: reads of records shown together, deletions
 * that can be finished by trying again.
 */
import { BatchGetCommand, BatchWriteCommand, GetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws/dynamo.js';
import { config } from '../../lib/config.js';

const T = () => config.tableName;

/** Deletes items by key, 25 at a time and in order, retrying what DynamoDB leaves unprocessed. */
export async function deleteKeys(keys: { PK: string; SK: string }[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 25) {
    let batch: Record<string, unknown>[] | undefined = keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    while (batch?.length) {
      const res = await dynamo().send(new BatchWriteCommand({ RequestItems: { [T()]: batch as never } }));
      batch = res.UnprocessedItems?.[T()] as Record<string, unknown>[] | undefined;
    }
  }
}

/**
 * The items of these keys that exist (in no particular order), 100 keys a call; what DynamoDB leaves
 * unprocessed (throttled) is asked again, or a list would come up short. `projection` reads only some
 * attributes (`names` for reserved words).
 */
export async function getItems(
  keys: Record<string, unknown>[],
  projection?: { ProjectionExpression: string; ExpressionAttributeNames?: Record<string, string> },
): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let batch: Record<string, unknown>[] | undefined = keys.slice(i, i + 100);
    while (batch?.length) {
      const res: BatchGetCommandOutput = await dynamo().send(
        new BatchGetCommand({ RequestItems: { [T()]: { Keys: batch, ...projection } } }),
      );
      out.push(...(res.Responses?.[T()] ?? []));
      batch = res.UnprocessedKeys?.[T()]?.Keys;
    }
  }
  return out;
}

/** The record of one key as `as` reads its item, null where there is none; consistent unless told. */
export async function getItem<R>(
  key: Record<string, unknown>,
  as: (item: Record<string, unknown>) => R,
  consistent = true,
): Promise<R | null> {
  const res = await dynamo().send(new GetCommand({ TableName: T(), Key: key, ConsistentRead: consistent }));
  return res.Item ? as(res.Item) : null;
}
