/** Writes of many items by key, outside a transaction: for deletions that can be finished by trying again. */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
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
