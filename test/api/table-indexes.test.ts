/**
 * The counting index (GSI1Count): counts read GSI1's keys, not whole items, and a table kept from before
 * the index existed (a developer's local data) gets it at the next start, as a deploy adds it in AWS.
 * The lean lists (GSI3): frequent writes write no index entry, and data of an earlier version moves to them.
 */
import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, QueryCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ensureTable } from '../../scripts/dev/emulators/dynamodb.js';
import { TABLE_INDEXES } from '../../functions/platform/data/table.js';
import { onboard, uploadTrack } from '../support/flows.js';
import { createConfirmedUser, indexItems, localDynamo, putItems, useStackEnvironment } from '../support/stack-kit.js';

const stack = inject('stack');
const { client, doc } = localDynamo(stack);
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
      await doc.send(
        new BatchWriteCommand({ RequestItems: { [stack.tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }),
      );
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
        AttributeDefinitions: ['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK'].map((AttributeName) => ({
          AttributeName,
          AttributeType: 'S',
        })),
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
    const profile = (i: number) => ({
      PK: `U#${i}`,
      SK: 'PROFILE',
      GSI1PK: 'TYPE#pro',
      GSI1SK: `name ${i}`,
      nameLower: `name ${i}`,
      bio: 'long',
    });
    await putItems(doc, legacy, [1, 2, 3].map(profile));
    await ensureTable(stack.dynamoEndpoint, legacy);
    await ensureTable(stack.dynamoEndpoint, legacy); // a second start finds nothing to add
    const { Table } = await client.send(new DescribeTableCommand({ TableName: legacy }));
    const index = Table?.GlobalSecondaryIndexes?.find((i) => i.IndexName === 'GSI1Count');
    expect(index?.Projection).toEqual({ ProjectionType: 'INCLUDE', NonKeyAttributes: ['nameLower', 'email', 'fullName'] });
    expect(Table?.GlobalSecondaryIndexes).toHaveLength(TABLE_INDEXES.length);
    // Built before ensureTable returns: the stack's first query would otherwise miss items (or a second add be refused).
    expect(Table?.GlobalSecondaryIndexes?.map((i) => i.IndexStatus)).toEqual(TABLE_INDEXES.map(() => 'ACTIVE'));
    const found = await indexItems(doc, legacy, 'GSI1Count', 'TYPE#pro');
    // The items written before the index are in it, with the searched attributes and without the rest.
    expect(found?.map((i) => i.nameLower)).toEqual(['name 1', 'name 2', 'name 3']);
    expect(found?.every((i) => !('bio' in i))).toBe(true);
  });
});

/**
 * The lists of users by type and tracks by owner (GSI3) hold only keys and the searched attributes: the
 * writes that come often (a capture's balance, a share's `shareIds` on its track) write no index entry.
 * DynamoDB Local reports each index's write units as DynamoDB does (`ReturnConsumedCapacity: INDEXES`).
 */
describe('the lean lists (GSI3)', () => {
  const indexesWritten = (capacity: { GlobalSecondaryIndexes?: Record<string, unknown> } | undefined) =>
    Object.keys(capacity?.GlobalSecondaryIndexes ?? {});

  it("writes no index entry when a capture moves a pro's balance or a share joins a track", async () => {
    useStackEnvironment(stack);
    const { moneyMove } = await import('../../functions/money/data/ledger.js');
    const { newShareItems } = await import('../../functions/feedback/data/shares.js');
    const user = await createConfirmedUser(stack, { fullName: `Lean Lister ${randomUUID().slice(0, 6)}` });
    const id = await onboard(stack, user, 'pro');
    const track = await uploadTrack(stack, user, 'Lean track', { seconds: 1 });

    const moved = await doc.send(
      new UpdateCommand({
        ...moneyMove({ userId: id, deltas: { balanceCents: 2400, pendingCents: 2400 } }).Update,
        ReturnConsumedCapacity: 'INDEXES',
      }),
    );
    expect(indexesWritten(moved.ConsumedCapacity)).toEqual([]);
    // Put back: a balance moved without its entry is what the books check after each file finds.
    await doc.send(new UpdateCommand(moneyMove({ userId: id, deltas: { balanceCents: -2400, pendingCents: -2400 } }).Update));

    // The track's part of a new share: shared, its options, `ADD shareIds`.
    const share = { id: randomUUID(), trackId: track.id, shareOptions: { feedbackNotes: 'x' }, createdAt: new Date().toISOString() };
    const joined = await doc.send(
      new UpdateCommand({
        ...(newShareItems(share as never)[2] as { Update: UpdateCommandInput }).Update,
        ReturnConsumedCapacity: 'INDEXES',
      }),
    );
    expect(indexesWritten(joined.ConsumedCapacity)).toEqual([]);
    const [entry] = (
      await doc.send(
        new QueryCommand({
          TableName: stack.tableName,
          IndexName: 'GSI3',
          KeyConditionExpression: 'GSI3PK = :pk',
          ExpressionAttributeValues: { ':pk': `OWNER#${id}` },
        }),
      )
    ).Items!;
    expect(Object.keys(entry).sort()).toEqual(['GSI3PK', 'GSI3SK', 'PK', 'SK']);

    // What the lists show still follows: a new name moves the entry.
    const renamed = await doc.send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: { PK: `USER#${id}`, SK: 'PROFILE' },
        UpdateExpression: 'SET nameLower = :n',
        ExpressionAttributeValues: { ':n': 'lean' },
        ReturnConsumedCapacity: 'INDEXES',
      }),
    );
    expect(indexesWritten(renamed.ConsumedCapacity)).toContain('GSI3');
  });
});
