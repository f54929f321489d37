/** Every item a Scan finds, page after page: how a migration reads the whole table (once; never a request path). */
import { ScanCommand, type ScanCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../functions/lib/aws/dynamo.js';
import { config } from '../../functions/lib/config.js';

export async function* scanned(input: Omit<ScanCommandInput, 'TableName' | 'ExclusiveStartKey'>): AsyncGenerator<Record<string, unknown>> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new ScanCommand({ ...input, TableName: config.tableName, ExclusiveStartKey: start }));
    yield* page.Items ?? [];
    start = page.LastEvaluatedKey;
  } while (start);
}
