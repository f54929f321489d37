/** Ids and hashes that let a retried request find what its first try wrote, for every topic that takes an idempotency key. */
import { createHash } from 'node:crypto';
import { Conflict } from './errors.js';

/**
 * A request with an idempotency key names its item by (user, key): the id is derived from them, and the
 * item is written only if absent, in the same transaction as everything else the request writes. So the
 * database itself dedupes a double click or a retry, with no window between a separate idempotency
 * record and the write it protects (why Powertools' idempotency utility is not used: docs/data-model.md).
 * A UUID (version 8, 'custom') so that it passes as any other id.
 */
export function idFromKey(userId: string, scope: string, key: string): string {
  const h = createHash('sha256').update(`${scope}\n${userId}\n${key}`).digest();
  h[6] = (h[6] & 0x0f) | 0x80;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** JSON with object keys sorted, so that one request always hashes alike. */
const canonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(v ?? null);

/** What a keyed request asked for, stored with its item: a retry must ask for the same. */
export const requestHash = (request: unknown) => createHash('sha256').update(canonical(request)).digest('base64url');

export const idempotencyConflict = () =>
  new Conflict('This idempotency key was already used for a different request', 'idempotency_conflict');
