/**
 * How a migration reads and writes the table: every item a Scan finds, page after page (once per table;
 * never a request path), and an update of one found item made only if it is still as found.
 */
import { ScanCommand, UpdateCommand, type ScanCommandInput, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { writeIf } from '../../functions/platform/data/transactions.js';
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

/** Updates the item (its PK and SK) on condition that the update's condition still holds: 1 when made, 0 when not. */
export async function updateFound(item: Record<string, unknown>, update: Omit<UpdateCommandInput, 'TableName' | 'Key'>): Promise<number> {
  const made = await writeIf(() => new UpdateCommand({ ...update, TableName: config.tableName, Key: { PK: item.PK, SK: item.SK } }));
  return made ? 1 : 0;
}
