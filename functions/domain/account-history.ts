/** An account's whole lists, read page by page to their end: what its data export and its deletion go through. */
import { SHARE_STATUSES } from '../../shared/feedback.js';
import * as shares from '../data/shares.js';
import type { ShareRecord } from '../data/shares.js';
import { pageTracksOf } from '../data/tracks.js';

const PAGE = 100;

/** Every track of the user's, page by page: each stack's first (its later versions hang on it). */
export async function allTracks(userId: string) {
  const out = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await pageTracksOf(userId, { limit: PAGE, start });
    out.push(...page.tracks);
    start = page.next;
  } while (start);
  return out;
}

/** Every request the user made (`author`) or was asked to review (`reviewer`), whatever its status. */
export async function allRequests(userId: string, as: 'author' | 'reviewer'): Promise<ShareRecord[]> {
  const out: ShareRecord[] = [];
  if (as === 'author') {
    let start: Record<string, string> | undefined;
    do {
      const page = await shares.pageSharesBy(userId, { limit: PAGE, start });
      out.push(...page.shares);
      start = page.next;
    } while (start);
    return out;
  }
  let from: shares.StatusPositions | null = Object.fromEntries(SHARE_STATUSES.map((s) => [s, '']));
  while (from) {
    const page = await shares.pageSharesWith(userId, from, PAGE);
    out.push(...page.shares);
    from = page.next;
  }
  return out;
}
