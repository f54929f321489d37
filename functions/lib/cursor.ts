/**
 * Page cursors: a query's LastEvaluatedKey, opaque to clients, and refused clearly when not one of ours.
 * A cursor must hold exactly the start key of the query it continues (the table's keys, plus the index's
 * when the query reads an index) in that query's partition: anything else would reach DynamoDB and fail
 * there, or page through a partition the route does not read.
 */
import { BadRequest } from './errors.js';

/** The partition a paged query reads: on the table, or on GSI1. */
export type CursorPartition = { PK: string } | { GSI1PK: string };

const keyNames = (partition: CursorPartition) => ('GSI1PK' in partition ? ['GSI1PK', 'GSI1SK', 'PK', 'SK'] : ['PK', 'SK']);

export const encodeCursor = (key: Record<string, unknown> | undefined): string | null =>
  key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;

/**
 * Whether a value is a start key of a query of this partition; with `sortPrefix`, also within a query that
 * reads only the sort keys beginning with it (DynamoDB refuses a start key outside the key condition).
 */
export function isStartKeyOf(key: unknown, partition: CursorPartition, sortPrefix?: string): key is Record<string, string> {
  if (!key || typeof key !== 'object' || Array.isArray(key)) return false;
  const entries = Object.entries(key);
  const expected = keyNames(partition);
  return (
    entries.length === expected.length &&
    entries.every(([name, value]) => expected.includes(name) && typeof value === 'string') &&
    Object.entries(partition).every(([name, value]) => (key as Record<string, unknown>)[name] === value) &&
    (sortPrefix === undefined || String((key as Record<string, unknown>)[keyNames(partition)[1]]).startsWith(sortPrefix))
  );
}

export const invalidCursor = () =>
  new BadRequest('The page cursor is not valid: start from the first page', { cursor: 'Invalid cursor' }, 'invalid_cursor');

export function decodeCursor(cursor: string | undefined, partition: CursorPartition, sortPrefix?: string): Record<string, string> | undefined {
  if (!cursor) return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!isStartKeyOf(key, partition, sortPrefix)) throw invalidCursor();
  return key;
}
