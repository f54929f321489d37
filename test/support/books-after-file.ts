/**
 * After every file of the stack's tests: the books still balance (test/support/books-check.ts), so a
 * movement written without its entry, or an entry without its other side, fails the file that made it.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, expect, inject } from 'vitest';
import { lastingBooksProblems } from './books-check.js';

afterAll(async () => {
  const stack = inject('stack');
  // A client of its own, not test/support/table.ts: what this file imports loads before each test file's mocks.
  const client = new DynamoDBClient({
    endpoint: stack.dynamoEndpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const doc = DynamoDBDocumentClient.from(client);
  try {
    expect(await lastingBooksProblems(doc, stack.tableName), 'the books, after this file').toEqual([]);
  } finally {
    client.destroy();
  }
});
