/**
 * The local gateway's IAM for the table (scripts/dev/stack/table-access.ts): a call an area's grant does
 * not allow is refused as AWS refuses it, so a grant short of what a route does fails here, not in AWS.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { checkTableCall, refusal, touchesOf } from '../../../scripts/dev/stack/table-access.js';

// The telemetry area's grant narrowed to a partition its rate limit never uses, for the gateway's test below.
vi.mock('../../../infra/table-grants.js', async (original) => {
  const real = await original<typeof import('../../../infra/table-grants.js')>();
  return {
    ...real,
    TABLE_GRANTS: { ...real.TABLE_GRANTS, 'functions/http/telemetry.ts': { actions: ['dynamodb:UpdateItem'], leadingKeys: ['NOWHERE'] } },
  };
});

describe('the local table access check', () => {
  it('reads the partition each item action touches, a transaction item by item', () => {
    expect(
      touchesOf('TransactWriteItemsCommand', {
        TransactItems: [
          { Put: { Item: { PK: 'LEDGER#u1', SK: 'E#1' } } },
          { Update: { Key: { PK: { S: 'USER#u1' }, SK: { S: 'PROFILE' } } } },
          { ConditionCheck: { Key: { PK: 'SHARE#s1', SK: 'META' } } },
        ],
      }),
    ).toEqual([
      { action: 'dynamodb:PutItem', partition: 'LEDGER#u1' },
      { action: 'dynamodb:UpdateItem', partition: 'USER#u1' },
      { action: 'dynamodb:ConditionCheckItem', partition: 'SHARE#s1' },
    ]);
    expect(
      touchesOf('QueryCommand', {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :s)',
        ExpressionAttributeValues: { ':pk': 'SHARE#s1' },
      }),
    ).toEqual([{ action: 'dynamodb:Query', partition: 'SHARE#s1' }]);
    for (const written of [
      { KeyConditionExpression: 'PK=:v AND SK > :s' },
      { KeyConditionExpression: ':v = PK' },
      { KeyConditionExpression: '#k = :v', ExpressionAttributeNames: { '#k': 'PK' } },
    ])
      expect(touchesOf('QueryCommand', { ...written, ExpressionAttributeValues: { ':v': 'USER#u1', ':s': 'A' } })).toEqual([
        { action: 'dynamodb:Query', partition: 'USER#u1' },
      ]);
    // Not the partition key: a sort key's value is no partition.
    expect(touchesOf('QueryCommand', { KeyConditionExpression: 'GSI1PK = :v', ExpressionAttributeValues: { ':v': 'X' } })).toEqual([
      { action: 'dynamodb:Query', partition: '' },
    ]);
    expect(touchesOf('TransactGetItemsCommand', { TransactItems: [{ Get: { Key: { PK: 'PAYMENT#o1', SK: 'PAYMENT' } } }] })).toEqual([
      { action: 'dynamodb:GetItem', partition: 'PAYMENT#o1' },
    ]);
    expect(touchesOf('QueryCommand', { IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :p' })).toEqual([
      { action: 'dynamodb:Query', partition: null, index: 'GSI2' },
    ]);
  });

  it("refuses a partition outside an area's condition, an action it lacks, an index it does not name, and any Scan", () => {
    expect(refusal('links', 'GetItemCommand', { Key: { PK: 'USER#u1', SK: 'PROFILE' } })).toBeNull();
    expect(refusal('links', 'UpdateItemCommand', { Key: { PK: 'AUDIT#2026-12', SK: 'x' } })).toMatch(
      /links may not dynamodb:UpdateItem in partition AUDIT#2026-12/,
    );
    expect(refusal('links', 'PutItemCommand', { Item: { PK: 'USER#u1', SK: 'PROFILE' } })).toBe('links may not dynamodb:PutItem');
    expect(refusal('health', 'GetItemCommand', { Key: { PK: 'HEALTH', SK: 'x' } })).toBeNull();
    expect(refusal('health', 'GetItemCommand', { Key: { PK: 'HEALTHY', SK: 'x' } })).toMatch(/partition HEALTHY/);
    expect(refusal('admin', 'QueryCommand', { IndexName: 'GSI2' })).toBe('admin may not query GSI2');
    expect(refusal('admin', 'QueryCommand', { IndexName: 'GSI3' })).toBeNull();
    expect(refusal('users', 'ScanCommand', {})).toBe('users may not dynamodb:Scan');
    expect(refusal('nowhere', 'GetItemCommand', { Key: { PK: 'USER#u1' } })).toBe('nowhere has no table grant');
  });

  it('sees the calls as the SDK sends them: a document client refused before it sends, allowed through otherwise', async () => {
    const client = DynamoDBDocumentClient.from(
      new DynamoDBClient({ region: 'us-east-1', endpoint: 'http://127.0.0.1:9', credentials: { accessKeyId: 'x', secretAccessKey: 'y' } }),
    );
    // As the local gateway does; past the check, the call stops before the network.
    client.middlewareStack.add(
      (_next, context) => async (args) => {
        checkTableCall('links', context.commandName ?? '', args.input as Record<string, unknown>);
        throw new Error('allowed');
      },
      { step: 'initialize', name: 'check' },
    );
    const outcome = (command: any) =>
      client.send(command).then(
        () => 'sent',
        (err: Error) => (err.name === 'AccessDeniedException' ? 'refused' : err.message),
      );
    expect(await outcome(new GetCommand({ TableName: 't', Key: { PK: 'SHARE#s1', SK: 'META' } }))).toBe('allowed');
    expect(await outcome(new GetCommand({ TableName: 't', Key: { PK: 'PAYMENT#o1', SK: 'PAYMENT' } }))).toBe('refused');
    expect(
      await outcome(
        new QueryCommand({ TableName: 't', KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': 'LEDGER#u1' } }),
      ),
    ).toBe('refused');
    expect(
      await outcome(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: 't',
                Key: { PK: 'USER#u1', SK: 'PROFILE' },
                UpdateExpression: 'SET a = :a',
                ExpressionAttributeValues: { ':a': 1 },
              },
            },
            { Put: { TableName: 't', Item: { PK: 'AUDIT', SK: 'x' } } },
          ],
        }),
      ),
    ).toBe('refused');
  });

  describe('in the local gateway', () => {
    const servers: { close(): void }[] = [];
    afterAll(() => servers.forEach((s) => s.close()));

    it('fails the request whose call its area may not make, saying which and why', async () => {
      Object.assign(process.env, {
        TABLE_NAME: 'local-table',
        AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: 'x',
        AWS_SECRET_ACCESS_KEY: 'y',
      });
      const { startGateway } = await import('../../../scripts/dev/stack/gateway.js');
      const server = await startGateway(0, 'http://localhost', { handleManagement: () => false, handleUpgrade: () => false } as never);
      servers.push(server);
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/telemetry`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          sessionId: '00000000-0000-4000-8000-000000000000',
          sampled: false,
          events: [{ kind: 'session', at: 10, page: '/dashboard', name: 'page' }],
        }),
      });
      expect(res.status).toBe(500);
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('table_access_refused');
      expect(error.message).toMatch(/telemetry may not dynamodb:UpdateItem in partition CLIENT#/);
    });
  });
});
