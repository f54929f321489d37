/** Reading every page of a query: DynamoDB returns at most 1 MB per call, and a list (or a count) must not stop there. */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lib/aws/dynamo.js';

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

/**
 * The items of GSI2's `partitions` whose sort key is below `bound`, at most `limit` from each partition,
 * all read at once, in the order of their `orderBy` field across partitions. The index may lag: callers
 * read each item again before acting on it.
 */
export async function belowInPartitions(q: {
  tableName: string;
  partitions: string[];
  bound: string;
  limit: number;
  orderBy: string;
  projection?: string;
}): Promise<Record<string, unknown>[]> {
  const pages = await Promise.all(
    q.partitions.map((partition) =>
      dynamo().send(
        new QueryCommand({
          TableName: q.tableName,
          IndexName: 'GSI2',
          KeyConditionExpression: 'GSI2PK = :p AND GSI2SK < :bound',
          ExpressionAttributeValues: { ':p': partition, ':bound': q.bound },
          ...(q.projection ? { ProjectionExpression: q.projection } : {}),
          Limit: q.limit,
        }),
      ),
    ),
  );
  return pages.flatMap((res) => res.Items ?? []).sort((a, b) => String(a[q.orderBy]).localeCompare(String(b[q.orderBy])));
}

/** The ids of the items due by `now` in watch partitions of GSI2 (sort key `<checkAt>#<id>`), oldest first. */
export async function dueIds(tableName: string, partitions: string[], now: string, idField: string, limit: number): Promise<string[]> {
  const due = await belowInPartitions({
    tableName,
    partitions,
    bound: `${now}~`,
    limit,
    orderBy: 'checkAt',
    projection: `${idField}, checkAt`,
  });
  return due.map((i) => i[idField] as string);
}
