/** Reading every page of a query: DynamoDB returns at most 1 MB per call, and a list (or a count) must not stop there. */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws/dynamo.js';

export async function queryAll(input: Omit<QueryCommandInput, 'ExclusiveStartKey'>): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await dynamo().send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start);
  return items;
}

/** How many items a query matches (after its filter), counted page by page without reading them. */
export async function countAll(input: Omit<QueryCommandInput, 'ExclusiveStartKey' | 'Select'>): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const res = await dynamo().send(new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey: start }));
    count += res.Count ?? 0;
    start = res.LastEvaluatedKey;
  } while (start);
  return count;
}
