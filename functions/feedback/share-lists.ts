/** The caller's requests, a page at a time, in either role. */
import { SHARE_STATUSES, type ShareStatus } from '../../shared/feedback.js';
import * as shares from './data/shares.js';
import type { ShareRecord } from './data/shares.js';
import { decodeCursor, decodeCursorValue, encodeCursor } from '../lib/cursor.js';

/** Requests a page of the lists holds. */
export const SHARES_PAGE_SIZE = 25;

/**
 * A page of the caller's requests in one role, newest first (the order of every list in the app), with
 * `next` for the page after it. As author, one date-ordered query filtered by status (GSI1), its cursor
 * that query's start key. As reviewer, the index orders by status first, so each status is paged on its
 * own and merged; the cursor holds each status's position.
 */
export async function listShares(
  userId: string,
  as: 'author' | 'reviewer',
  statuses?: ShareStatus[],
  cursor?: string,
): Promise<{ shares: ShareRecord[]; next: string | null }> {
  const wanted = statuses ? [...new Set(statuses)] : undefined;
  if (as === 'author') {
    const start = decodeCursor(cursor, { GSI1PK: `SHAREDBY#${userId}` }, 'SHARE#');
    const page = await shares.pageSharesBy(userId, { limit: SHARES_PAGE_SIZE, start, statuses: wanted });
    return { shares: page.shares, next: encodeCursor(page.next) };
  }
  const from = cursor
    ? decodePositions(cursor, wanted ?? SHARE_STATUSES)
    : Object.fromEntries((wanted ?? SHARE_STATUSES).map((st) => [st, '']));
  const page = await shares.pageSharesWith(userId, from, SHARES_PAGE_SIZE);
  return { shares: page.shares, next: encodeCursor(page.next) };
}

/** A position in one status's list: '' (from the start) or `<createdAt>#<id>` of the last share given. */
const POSITION = /^$|^[^#]{1,40}#[^#]{1,80}$/;

/** A reviewer's cursor: a position for some of the statuses asked for (the others are done), else 400. */
function decodePositions(cursor: string, statuses: readonly ShareStatus[]): shares.StatusPositions {
  return decodeCursorValue(
    cursor,
    (value): value is shares.StatusPositions =>
      !!value &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      Object.entries(value).every(([st, at]) => statuses.includes(st as ShareStatus) && typeof at === 'string' && POSITION.test(at)),
  );
}
