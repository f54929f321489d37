/**
 * The books, checked from the table itself: the whole ledger sums to zero (every movement has its two
 * sides) and each user's balance equals their entries (the pro's side of them: what they paid as a
 * musician is not their balance) and the sum of its parts. The stack's tests run two files at once and its
 * jobs move money meanwhile, and reads of the entries and of the balances are not one snapshot: a
 * difference counts only when it is found, the same, on every one of several reads.
 */
import { BatchGetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * The ledger's month partitions (functions/money/data/ledger.ts MONTH_SHARDS, checked equal by books-check.test.ts).
 * Nothing here imports the functions' modules: this runs before every file of the stack's tests, and a module it
 * loaded would be loaded before a file's own mocks of it.
 */
export const MONTH_SHARDS = 8;

/** Entries on a payer's account: money out of their pocket and back, never part of a balance. */
const PAYER_KINDS = new Set(['charge', 'refund']);
const USER_TYPES = ['musician', 'pro', 'admin'];
/**
 * The months read: tests move the payment check's clock weeks ahead (60 days at most), and entries are dated
 * by it. Each month is 8 queries, run after every file of the stack's tests: a wider window costs the suite.
 */
const MONTHS_BACK = 1;
const MONTHS_AHEAD = 3;

async function queryAll(doc: DynamoDBDocumentClient, input: ConstructorParameters<typeof QueryCommand>[0]) {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await doc.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start);
  return items;
}

function months(now: Date): string[] {
  return Array.from({ length: MONTHS_BACK + MONTHS_AHEAD + 1 }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - MONTHS_BACK + i, 1)).toISOString().slice(0, 7),
  );
}

async function ledgerEntries(doc: DynamoDBDocumentClient, table: string, now: Date) {
  const partitions = months(now).flatMap((m) => Array.from({ length: MONTH_SHARDS }, (_, i) => `LEDGER#${m}#${i}`));
  const pages = await Promise.all(
    partitions.map((pk) =>
      queryAll(doc, {
        TableName: table,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': pk },
      }),
    ),
  );
  return pages.flat() as { accountId: string; kind: string; amountCents: number }[];
}

type Money = { balanceCents?: number; pendingCents?: number; heldCents?: number; availableCents?: number };

async function balances(doc: DynamoDBDocumentClient, table: string): Promise<Map<string, Money>> {
  const lists = await Promise.all(
    USER_TYPES.map((type) =>
      queryAll(doc, {
        TableName: table,
        IndexName: 'GSI3',
        KeyConditionExpression: 'GSI3PK = :pk',
        ExpressionAttributeValues: { ':pk': `TYPE#${type}` },
      }),
    ),
  );
  const ids = [...new Set(lists.flat().map((k) => (k.PK as string).slice('USER#'.length)))];
  const found = new Map<string, Money>();
  for (let i = 0; i < ids.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = ids.slice(i, i + 100).map((id) => ({ PK: `USER#${id}`, SK: 'PROFILE' }));
    while (keys?.length) {
      const res = await doc.send(
        new BatchGetCommand({
          RequestItems: { [table]: { Keys: keys, ProjectionExpression: 'id, balanceCents, pendingCents, heldCents, availableCents' } },
        }),
      );
      for (const u of res.Responses?.[table] ?? []) found.set(u.id as string, u as Money);
      keys = res.UnprocessedKeys?.[table]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return found;
}

/** What is wrong with the books as read once: one line per difference, with its amounts. */
export async function booksProblems(doc: DynamoDBDocumentClient, table: string, now = new Date()): Promise<string[]> {
  const [entries, users] = await Promise.all([ledgerEntries(doc, table, now), balances(doc, table)]);
  const problems: string[] = [];
  const total = entries.reduce((s, e) => s + e.amountCents, 0);
  if (total !== 0) problems.push(`the ledger sums to ${total} cents, not 0 (${entries.length} entries)`);
  const byAccount = new Map<string, number>();
  for (const e of entries) if (!PAYER_KINDS.has(e.kind)) byAccount.set(e.accountId, (byAccount.get(e.accountId) ?? 0) + e.amountCents);
  for (const [id, u] of users) {
    const balance = u.balanceCents ?? 0;
    const entered = byAccount.get(id) ?? 0;
    if (balance !== entered) problems.push(`user ${id}: balance ${balance} cents, entries ${entered}`);
    const parts = [u.pendingCents, u.heldCents, u.availableCents];
    const inParts = parts.reduce<number>((s, p) => s + (p ?? 0), 0);
    if (parts.some((p) => p !== undefined) && inParts !== balance) problems.push(`user ${id}: balance ${balance} cents, parts ${inParts}`);
  }
  return problems;
}

/**
 * The differences found the same on `reads` reads `gapMs` apart (none: the books balance). A write between
 * two reads of one check changes what the next read finds; a difference that stays is in the data.
 */
export async function lastingBooksProblems(doc: DynamoDBDocumentClient, table: string, reads = 5, gapMs = 400): Promise<string[]> {
  let lasting = await booksProblems(doc, table);
  for (let i = 1; i < reads && lasting.length; i++) {
    await new Promise((r) => setTimeout(r, gapMs));
    const now = new Set(await booksProblems(doc, table));
    lasting = lasting.filter((p) => now.has(p));
  }
  return lasting;
}
