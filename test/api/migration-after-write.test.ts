/**
 * A user of an earlier version written by this version before the migration runs (a profile save, a type
 * change from the groups): the write versions and counts them, and the migration still moves their tracks
 * and takes the record off GSI1, counting nobody twice.
 */
import { randomUUID } from 'node:crypto';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ensureTable } from '../../scripts/dev/emulators/dynamodb.js';
import { useStackEnvironment } from '../support/in-process.js';

const stack = inject('stack');
const client = new DynamoDBClient({
  endpoint: stack.dynamoEndpoint,
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
const doc = DynamoDBDocumentClient.from(client);
const older = `older-write-${randomUUID().slice(0, 8)}`;

afterAll(async () => {
  await client.send(new DeleteTableCommand({ TableName: older })).catch(() => {});
  client.destroy();
});

describe('a legacy user written before the migration', () => {
  it('still has their tracks moved and leaves GSI1, counted once', async () => {
    await ensureTable(stack.dynamoEndpoint, older);
    const items = [
      {
        PK: 'USER#m1',
        SK: 'PROFILE',
        GSI1PK: 'TYPE#musician',
        GSI1SK: 'NAME#mo musician#m1',
        entity: 'user',
        id: 'm1',
        type: 'musician',
        fullName: 'Mo Musician',
        email: 'm1@example.test',
        username: 'm1',
        typeChosen: true,
        genres: [],
        costRange: null,
        experience: null,
        feedbackPriceCents: null,
        balanceCents: 0,
        bio: null,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
      ...['t1', 't2'].map((id, i) => ({
        PK: `TRACK#${id}`,
        SK: 'META',
        GSI1PK: 'OWNER#m1',
        GSI1SK: `TRACK#2026-01-0${i + 1}T00:00:00.000Z#${id}`,
        entity: 'track',
        id,
        userId: 'm1',
        title: id,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      })),
    ];
    await doc.send(new BatchWriteCommand({ RequestItems: { [older]: items.map((Item) => ({ PutRequest: { Item } })) } }));
    const tableName = process.env.TABLE_NAME;
    useStackEnvironment(stack);
    process.env.TABLE_NAME = older;
    try {
      const users = await import('../../functions/data/users.js');
      const tracks = await import('../../functions/data/tracks.js');
      const { migrateData } = await import('../../functions/data/migrations.js');
      // Approved as a pro before `npm run migrate` ran.
      const before = (await users.getUser('m1'))!;
      const written = await users.changeUserType(before, {
        type: 'pro',
        typeChosen: true,
        typeBeforeAdmin: null,
        groupSyncedAt: '2026-01-02T00:00:00.000Z',
      });
      expect(written).toMatchObject({ type: 'pro', version: 1 });
      expect(await users.countUsersOfTypes(['pro'])).toBe(1);

      const result = await migrateData();
      expect(result).toMatchObject({ users: 0, tracks: 2 });
      expect((await tracks.pageTracksOf('m1', { limit: 10 })).tracks.map((t) => t.id)).toEqual(['t2', 't1']);
      expect(await tracks.countTracks('m1')).toBe(2);
      const gsi1 = await doc.send(
        new QueryCommand({
          TableName: older,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': 'TYPE#musician' },
        }),
      );
      expect(gsi1.Items).toEqual([]);
      expect(await users.countUsersOfTypes(['musician', 'pro'])).toBe(1);
      expect(await migrateData()).toMatchObject({ users: 0, tracks: 0 });
    } finally {
      process.env.TABLE_NAME = tableName;
    }
  });
});
