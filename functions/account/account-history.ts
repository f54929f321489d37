/** An account's whole lists, read page by page to their end: what its data export and its deletion go through. */
import { SHARE_STATUSES } from '../../shared/feedback.js';
import { allEntries, pagePayerPayments, type PaymentRecord, pagePayouts, type PayoutRecord } from '../money/data/index.js';
import { type StatusPositions, pageSharesBy, pageSharesWith, type ShareRecord } from '../feedback/data/index.js';
import { pageTracksOf, type TrackRecord } from '../tracks/data/index.js';

const PAGE = 100;

/** Every item of a list read a page at a time: `page(start)` until a page names no next start. */
async function everyPage<T, K>(page: (start: K | undefined) => Promise<{ items: T[]; next?: K | null }>): Promise<T[]> {
  const out: T[] = [];
  let start: K | undefined;
  do {
    const got = await page(start);
    out.push(...got.items);
    start = got.next ?? undefined;
  } while (start);
  return out;
}

/** Every track of the user's, page by page: each stack's first (its later versions hang on it). */
export const allTracks = (userId: string): Promise<TrackRecord[]> =>
  everyPage(async (start: Record<string, unknown> | undefined) => {
    const { tracks, next } = await pageTracksOf(userId, { limit: PAGE, start });
    return { items: tracks, next };
  });

/** Where the lists of received requests start, one per status. */
const EVERY_STATUS_FROM_START: StatusPositions = Object.fromEntries(SHARE_STATUSES.map((s) => [s, '']));

/** Every request the user made (`author`) or was asked to review (`reviewer`), whatever its status. */
export const allRequests = (userId: string, as: 'author' | 'reviewer'): Promise<ShareRecord[]> =>
  as === 'author'
    ? everyPage(async (start: Record<string, string> | undefined) => {
        const { shares: items, next } = await pageSharesBy(userId, { limit: PAGE, start });
        return { items, next };
      })
    : // Received requests are listed by status, each status from its own position.
      everyPage(async (from: StatusPositions | undefined) => {
        const { shares: items, next } = await pageSharesWith(userId, from ?? EVERY_STATUS_FROM_START, PAGE);
        return { items, next };
      });

/** Every order the user started as a payer, whether or not it took money. */
export const allPayments = (userId: string): Promise<PaymentRecord[]> =>
  everyPage(async (start: Record<string, unknown> | undefined) => {
    const { payments, next } = await pagePayerPayments(userId, PAGE, start);
    return { items: payments, next };
  });

/** Every payout made to the user. */
export const allPayouts = (userId: string): Promise<PayoutRecord[]> =>
  everyPage(async (start: Record<string, unknown> | undefined) => {
    const { payouts, next } = await pagePayouts({ userId }, PAGE, start);
    return { items: payouts, next };
  });

/**
 * The payments that credited the user as a pro, by order id: their ledger's earnings name every one, also
 * those whose request is gone with its track (no list of requests still holds them).
 */
export async function paymentsEarnedBy(userId: string): Promise<string[]> {
  const entries = await allEntries(userId);
  return [...new Set(entries.flatMap((e) => (e.kind === 'earning' && e.cause.type === 'payment' ? [e.cause.orderId] : [])))];
}
