/**
 * After every file of the stack's tests: the books still balance (test/support/books-check.ts), so a
 * movement written without its entry, or an entry without its other side, fails the file that made it.
 */
import { afterAll, expect, inject } from 'vitest';
import { lastingBooksProblems } from './books-check.js';
import { localDynamo } from './table.js';

afterAll(async () => {
  const stack = inject('stack');
  const { client, doc } = localDynamo(stack);
  try {
    expect(await lastingBooksProblems(doc, stack.tableName), 'the books, after this file').toEqual([]);
  } finally {
    client.destroy();
  }
});
