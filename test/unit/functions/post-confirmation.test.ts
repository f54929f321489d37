import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { ENV } from '../../../functions/lib/config.js';
import { handler } from '../../../functions/triggers/post-confirmation.js';
import { loggedLines } from '../../support/log-lines.js';

/** Stands in for DynamoDB: counts the calls and fails every one, as an unreachable or throttled table would. */
const calls: string[] = [];
const failingTable = http.createServer((req, res) => {
  calls.push(String(req.headers['x-amz-target']));
  req.resume();
  res.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' });
  res.end(JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#ResourceNotFoundException', message: 'no table' }));
});

const event = (triggerSource: string) =>
  ({
    triggerSource,
    userName: 'u-1',
    request: { userAttributes: { sub: 'u-1', email: 'new@example.com', name: 'New Person', preferred_username: 'newperson' } },
    response: {},
  }) as unknown as PostConfirmationTriggerEvent;

beforeAll(async () => {
  await new Promise<void>((r) => failingTable.listen(0, '127.0.0.1', r));
  process.env[ENV.stage] = 'local';
  process.env[ENV.tableName] = 'snip';
  process.env[ENV.dynamoEndpoint] = `http://127.0.0.1:${(failingTable.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => failingTable.close(() => r())));

describe('PostConfirmation trigger', () => {
  it('writes nothing when a password reset is confirmed', async () => {
    calls.length = 0;
    const input = event('PostConfirmation_ConfirmForgotPassword');
    await expect(handler(input)).resolves.toBe(input);
    expect(calls).toEqual([]);
  });

  it('still confirms the account when the table cannot be written, and says so in the log', async () => {
    calls.length = 0;
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const input = event('PostConfirmation_ConfirmSignUp');
      await expect(handler(input)).resolves.toBe(input);
      expect(calls.length).toBeGreaterThan(0);
      expect(loggedLines(log)).toContainEqual(
        expect.objectContaining({
          level: 'ERROR',
          message: 'User record not created at confirmation',
          userId: 'u-1',
          error: expect.objectContaining({ message: expect.any(String) }),
        }),
      );
    } finally {
      log.mockRestore();
    }
  });
});
