/**
 * The books check run after every file of the stack's tests (test/support/books-after-file.ts), on a
 * table of its own: it finds an entry without its other side, a balance moved without its entry, and
 * parts that do not add up to the balance, and it does not count what a payer paid as their balance.
 */
import { randomUUID } from 'node:crypto';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureTable } from '../../scripts/dev/emulators/dynamodb.js';
import { MONTH_SHARDS } from '../../functions/money/data/ledger.js';
import { booksProblems, lastingBooksProblems, MONTH_SHARDS as CHECKED_SHARDS } from '../support/books-check.js';
import { localDynamo, putItems } from '../support/table.js';

const stack = inject('stack');
const { client, doc } = localDynamo(stack);
const table = `books-${randomUUID().slice(0, 8)}`;
const AT = new Date().toISOString();
const MONTH = AT.slice(0, 7);

beforeAll(() => ensureTable(stack.dynamoEndpoint, table));
afterAll(async () => {
  await client.send(new DeleteTableCommand({ TableName: table })).catch(() => {});
  client.destroy();
});

const user = (id: string, type: string, money: Record<string, number>) => ({
  PK: `USER#${id}`,
  SK: 'PROFILE',
  GSI3PK: `TYPE#${type}`,
  GSI3SK: `NAME#${id}#${id}`,
  id,
  ...money,
});
let n = 0;
const entry = (accountId: string, kind: string, amountCents: number) => {
  const id = `e${++n}`;
  return {
    PK: `LEDGER#${accountId}`,
    SK: `ENTRY#${AT}#${id}`,
    GSI1PK: `LEDGER#${MONTH}#${n % 8}`,
    GSI1SK: `${AT}#${id}`,
    entity: 'ledger',
    id,
    accountId,
    kind,
    amountCents,
    createdAt: AT,
  };
};

describe('the books check', () => {
  it("reads the ledger's month partitions as the ledger writes them", () => {
    expect(CHECKED_SHARDS).toBe(MONTH_SHARDS);
  });

  it('passes a payment with its three sides, and finds each kind of difference', async () => {
    await putItems(doc, table, [
      user('pro1', 'pro', { balanceCents: 2400, pendingCents: 2400, heldCents: 0, availableCents: 0 }),
      // A musician's charge is not their balance.
      user('mus1', 'musician', {}),
      entry('mus1', 'charge', -3000),
      entry('pro1', 'earning', 2400),
      entry('PLATFORM', 'fee', 600),
    ]);
    expect(await booksProblems(doc, table)).toEqual([]);

    // An adjustment written without its platform side, and a balance moved without its entry.
    await putItems(doc, table, [
      entry('pro1', 'adjustment', 500),
      user('pro2', 'pro', { balanceCents: 100, pendingCents: 0, heldCents: 0, availableCents: 100 }),
      user('pro3', 'pro', { balanceCents: 0, pendingCents: 0, heldCents: 50, availableCents: 0 }),
    ]);
    expect((await lastingBooksProblems(doc, table, 2, 10)).sort()).toEqual([
      'the ledger sums to 500 cents, not 0 (4 entries)',
      'user pro1: balance 2400 cents, entries 2900',
      'user pro2: balance 100 cents, entries 0',
      'user pro3: balance 0 cents, parts 50',
    ]);
  });
});
