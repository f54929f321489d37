/** Page cursors: a query's LastEvaluatedKey, opaque to clients, and refused clearly when not one of ours. */
import { BadRequest } from './errors.js';

export const encodeCursor = (key: Record<string, unknown> | undefined): string | null =>
  key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;

export function decodeCursor(cursor: string | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (key && typeof key === 'object' && !Array.isArray(key) && Object.values(key).every((v) => typeof v === 'string')) {
      return key as Record<string, unknown>;
    }
  } catch {
    // Falls through: a cursor we did not make.
  }
  throw new BadRequest('The page cursor is not valid: start from the first page', { cursor: 'Invalid cursor' }, 'invalid_cursor');
}
