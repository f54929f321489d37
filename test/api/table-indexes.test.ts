/**
 * The counting index (GSI1Count): counts read GSI1's keys, not whole items, and a table kept from before
 * the index existed (a developer's local data) gets it at the next start, as a deploy adds it in AWS.
 */
import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ensureTable } from '../../scripts/dev/dynamodb.js';
import { TABLE_INDEXES } from '../../functions/data/table.js';

const stack = inject('stack');
const client = new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
const doc = DynamoDBDocumentClient.from(client);
const legacy = `legacy-${randomUUID().slice(0, 8)}`;

afterAll(async () => {
  await client.send(new DeleteTableCommand({ TableName: legacy })).catch(() => {});
  client.destroy();
});

describe('the counting index', () => {
  it('counts a partition for a fraction of the capacity a count on GSI1 takes', async () => {
    const owner = `OWNER#count-${randomUUID()}`;
    // 60 tracks with their peaks (1.4 KB of base64, as stored): what a count on GSI1 would read whole.
    const peaks = Buffer.alloc(1000, 7).toString('base64');
    const items = Array.from({ length: 60 }, (_, i) => ({
      PK: `TRACK#${owner}-${i}`,
      SK: 'TRACK',
      GSI1PK: owner,
      GSI1SK: `TRACK#2026-01-01T00:00:${String(i).padStart(2, '0')}Z`,
      title: `Track ${i}`,
      peaks,
    }));
    for (let i = 0; i < items.length; i += 25) {
      await doc.send(new BatchWriteCommand({ RequestItems: { [stack.tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
    }
    const count = (IndexName: string) =>
      doc.send(
        new QueryCommand({
          TableName: stack.tableName,
          IndexName,
          KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :p)',
          ExpressionAttributeValues: { ':pk': owner, ':p': 'TRACK#' },
          Select: 'COUNT',
          ReturnConsumedCapacity: 'TOTAL',
        }),
      );
    const [whole, lean] = [await count('GSI1'), await count('GSI1Count')];
    expect([whole.Count, lean.Count]).toEqual([60, 60]);
    const [wholeUnits, leanUnits] = [whole.ConsumedCapacity?.CapacityUnits ?? NaN, lean.ConsumedCapacity?.CapacityUnits ?? NaN];
    // 60 x ~1.5 KB is 90 KB (about 11 units, eventually consistent); 60 keys are a few KB.
    expect(wholeUnits).toBeGreaterThanOrEqual(10);
    expect(leanUnits).toBeLessThanOrEqual(wholeUnits / 5);
  });

  it('is added to a table made before it, keeping its items', async () => {
    await client.send(
      new CreateTableCommand({
        TableName: legacy,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: ['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK'].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: 'PK', KeyType: 'HASH' },
          { AttributeName: 'SK', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: ['GSI1', 'GSI2'].map((name) => ({
          IndexName: name,
          KeySchema: [
            { AttributeName: `${name}PK`, KeyType: 'HASH' },
            { AttributeName: `${name}SK`, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    );
    await doc.send(
      new BatchWriteCommand({
        RequestItems: { [legacy]: [1, 2, 3].map((i) => ({ PutRequest: { Item: { PK: `U#${i}`, SK: 'PROFILE', GSI1PK: 'TYPE#pro', GSI1SK: `name ${i}`, nameLower: `name ${i}`, bio: 'long' } } })) },
      }),
    );
    await ensureTable(stack.dynamoEndpoint, legacy);
    await ensureTable(stack.dynamoEndpoint, legacy); // a second start finds nothing to add
    const { Table } = await client.send(new DescribeTableCommand({ TableName: legacy }));
    const index = Table?.GlobalSecondaryIndexes?.find((i) => i.IndexName === 'GSI1Count');
    expect(index?.Projection).toEqual({ ProjectionType: 'INCLUDE', NonKeyAttributes: ['nameLower', 'email', 'fullName'] });
    expect(Table?.GlobalSecondaryIndexes).toHaveLength(TABLE_INDEXES.length);
    const found = await doc.send(
      new QueryCommand({ TableName: legacy, IndexName: 'GSI1Count', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': 'TYPE#pro' } }),
    );
    // The items written before the index are in it, with the searched attributes and without the rest.
    expect(found.Items?.map((i) => i.nameLower)).toEqual(['name 1', 'name 2', 'name 3']);
    expect(found.Items?.every((i) => !('bio' in i))).toBe(true);
  });
});
