/**
 * Page cursors: a position (most often a query's LastEvaluatedKey) as base64url JSON, opaque to clients,
 * and refused clearly when not one of ours.
 * A cursor must hold exactly the start key of the query it continues (the table's keys, plus the index's
 * when the query reads an index) in that query's partition: anything else would reach DynamoDB and fail
 * there, or page through a partition the route does not read.
 */
import { BadRequest } from './errors.js';

/** The partition a paged query reads: on the table, or on an index (GSI1, GSI2 or GSI3). */
export type CursorPartition = { PK: string } | { GSI1PK: string } | { GSI2PK: string } | { GSI3PK: string };

const keyNames = (partition: CursorPartition) => {
  const index = (['GSI1', 'GSI2', 'GSI3'] as const).find((name) => `${name}PK` in partition);
  return index ? [`${index}PK`, `${index}SK`, 'PK', 'SK'] : ['PK', 'SK'];
};

/** Any position a route pages by, as a cursor: base64url of its JSON (null: no next page). */
export const encodeCursor = (value: object | undefined | null): string | null =>
  value ? Buffer.from(JSON.stringify(value)).toString('base64url') : null;

/** A cursor's position, if `valid` accepts it; else the clear 400 of a cursor we did not make. */
export function decodeCursorValue<T>(cursor: string, valid: (value: unknown) => value is T): T {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!valid(value)) throw invalidCursor();
  return value;
}

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

/** A query's start key from its cursor (none for the first page). */
export function decodeCursor(
  cursor: string | undefined,
  partition: CursorPartition,
  sortPrefix?: string,
): Record<string, string> | undefined {
  if (!cursor) return undefined;
  return decodeCursorValue(cursor, (key): key is Record<string, string> => isStartKeyOf(key, partition, sortPrefix));
}
