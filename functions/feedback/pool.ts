/**
 * Snip Pro requests (shared/pool.ts): a paid request that names nobody, sold by money as any purchase, its
 * money held in the pool once paid and offered to the pros matched for it (people/pool-match.ts), in waves;
 * the first of them to claim it becomes its reviewer, under the terms of any paid request counted from the
 * claim. What the pros see ('Requests for you') and what the musician sees (finding their reviewer).
 */
import { completeDaysFor, PAID_REQUEST } from '../../shared/money.js';
import { claimableUntil, mainGenreOf, offeredAt, POOL_REVIEWER, SNIP_PRO_POOL, wavesBy } from '../../shared/pool.js';
import type { PoolOfferView, PoolRequestInput, WaitingPoolRequestView } from '../../shared/schemas/pool.js';
import { versionedTitle } from '../../shared/track-version.js';
import type { UserRecord } from '../people/data/index.js';
import { getPayment, pagePayerPayments, type PaymentRecord } from '../money/data/index.js';
import { matchPoolPros } from '../people/index.js';
import { sell, settleClaim, type Purchase } from '../money/index.js';
import { Conflict, Forbidden, NotFound } from '../lib/errors.js';
import { idFromKey } from '../lib/idempotency.js';
import { offersOf, pageSharesBy, reportedBy, type ShareRecord } from './data/index.js';
import { newShare, ownReadyTrack } from './requests.js';

/** The name a request in the pool shows for its reviewer until one claims it. */
export const POOL_NAME = 'Snip Pro';
const iso = (ms: number) => new Date(ms).toISOString();

/** Asks for Snip Pro feedback: a PayPal order, as for a request to a chosen pro. */
export function createPoolRequest(caller: UserRecord, input: PoolRequestInput): Promise<{ orderId: string; approveUrl: string }> {
  const { idempotencyKey, ...request } = input;
  return sell(caller, poolPurchase(caller, request), idempotencyKey);
}

/**
 * The pros a musician's request is never offered to: the musician, those who declined any of their latest
 * requests and those whose reviews they reported (two reads at once: the order's round trips stay three).
 */
async function leftOutBy(payerId: string): Promise<Set<string>> {
  const [{ shares }, reported] = await Promise.all([
    pageSharesBy(payerId, { limit: 100, statuses: ['declined'], queries: 1 }),
    reportedBy(payerId),
  ]);
  return new Set([payerId, ...shares.map((s) => s.sharedWithUserId), ...reported]);
}

async function poolPurchase(caller: UserRecord, request: Omit<PoolRequestInput, 'idempotencyKey'>): Promise<Purchase> {
  // The schema took a main genre.
  const genre = mainGenreOf(request.genre)!;
  // Three round trips in all, with the order's: the track, the genre's pros and those left out at once.
  const [track, offers] = await Promise.all([
    ownReadyTrack(caller, request.trackId),
    matchPoolPros(genre, request.shareOptions.categories, leftOutBy(caller.id)),
  ]);
  if (!offers.length) {
    throw new Conflict(
      `No Snip Pro takes ${genre} requests right now. Choose a pro yourself, or try again later: nothing was charged.`,
      'pool_empty',
    );
  }
  const price = SNIP_PRO_POOL.priceCents;
  const title = versionedTitle(track);
  // Who reviews it is not known until a pro claims it (claimedShare).
  const nobody = { id: POOL_REVIEWER, fullName: POOL_NAME, username: '' } as UserRecord;
  return {
    proUserId: POOL_REVIEWER,
    proName: POOL_NAME,
    trackId: track.id,
    trackTitle: title,
    shareOptions: request.shareOptions,
    amountCents: price,
    description: `Snip Pro feedback on "${title}"`,
    request,
    pool: { genre, offers },
    opens: (orderId) => {
      const shareId = idFromKey(caller.id, 'paid-share', orderId);
      const terms = { orderId, amountCents: price, acceptHours: PAID_REQUEST.acceptHours, completeDays: PAID_REQUEST.defaultCompleteDays };
      return { shareId, shareDraft: newShare(caller, track, nobody, request.shareOptions, shareId, terms) };
    },
  };
}

/** The request a claim makes: the paid draft with the claiming pro as its reviewer, its times (and so its deadlines) from now. */
function claimedShare(p: PaymentRecord, pro: UserRecord, at: string): ShareRecord {
  const draft = p.shareDraft!;
  return {
    ...draft,
    sharedWithUserId: pro.id,
    sharedWithName: pro.fullName,
    sharedWithUsername: pro.username,
    ...(pro.worldClass ? { reviewerWorldClass: true as const } : {}),
    shareOptions: { ...draft.shareOptions, peerUsername: pro.username },
    payment: { ...draft.payment!, completeDays: completeDaysFor(pro.responseTime) },
    createdAt: at,
    updatedAt: at,
  };
}

/** Refuses a pro a Snip Pro request not offered to them by now: for them it does not exist (never paid, someone else's, a later wave's). */
function assertOffered(p: PaymentRecord | undefined, proId: string, now: number): asserts p is PaymentRecord {
  const rank = p?.pool?.offers.indexOf(proId) ?? -1;
  // Its capture's time, which its waves count from (kept once it leaves the pool).
  const paid = p && p.pool && p.status !== 'pending' && p.status !== 'failed' && p.capturedAt;
  if (!p || rank < 0 || !paid || now < offeredAt(Date.parse(paid), rank)) throw new NotFound('This request was not offered to you');
}

/**
 * A pro claims a Snip Pro request offered to them. The first claim wins (the move is conditional on the
 * request being in the pool); a later one is told at once that it was taken. Claimed again by its winner,
 * it gives the same answer.
 */
export async function claimPoolRequest(caller: UserRecord, orderId: string): Promise<{ shareId: string }> {
  if (caller.type !== 'pro') throw new Forbidden('Only pros take Snip Pro requests', 'not_pro');
  const p = (await getPayment(orderId))?.record;
  const now = Date.now();
  assertOffered(p, caller.id, now);
  // Theirs already (a retry whose first answer was lost, another tab): the same answer again.
  if (p.proUserId === caller.id) return { shareId: p.shareId };
  if (p.status !== 'pooled') throw taken(p);
  if (now >= claimableUntil(Date.parse(p.pooledAt!)))
    throw new Conflict('This request is no longer open: nobody took it in time', 'pool_closed');
  const outcome = await settleClaim(p, claimedShare(p, caller, iso(now)));
  if (outcome === 'claimed') return { shareId: p.shareId };
  if (outcome === 'track_gone') throw new Conflict('The track of this request was deleted: the musician is refunded', 'track_deleted');
  const latest = (await getPayment(orderId))?.record ?? p;
  if (latest.proUserId === caller.id) return { shareId: p.shareId };
  throw taken(latest);
}

function taken(p: PaymentRecord) {
  if (p.status === 'captured') return new Conflict('Another pro took this request first', 'pool_taken');
  return new Conflict('This request is no longer open', 'pool_closed');
}

/** 'Requests for you': the Snip Pro requests offered to the caller by now and still open, the soonest to close first. */
export async function poolOffersFor(caller: UserRecord): Promise<{ offers: PoolOfferView[] }> {
  if (caller.type !== 'pro') return { offers: [] };
  const now = Date.now();
  const open = (await offersOf(caller.id)).filter((o) => Date.parse(o.visibleAt) <= now && now < Date.parse(o.claimUntil));
  return {
    offers: open
      .sort((a, b) => a.claimUntil.localeCompare(b.claimUntil))
      .map((o) => ({
        orderId: o.orderId,
        trackTitle: o.trackTitle,
        genre: o.genre,
        payerName: o.payerName,
        earningCents: o.earningCents,
        focusAreas: o.focusAreas,
        offeredAt: o.visibleAt,
        claimUntil: o.claimUntil,
      })),
  };
}

/** How many of the latest payments are looked through for requests still in the pool (all of them are from the last CLAIM_HOURS). */
const WAITING_LOOKED_AT = 50;

/** The musician's Snip Pro requests still in the pool, as their payments. */
export async function pooledOf(payerId: string): Promise<PaymentRecord[]> {
  const { payments } = await pagePayerPayments(payerId, WAITING_LOOKED_AT);
  return payments.filter((p) => p.status === 'pooled' && p.pool && p.pooledAt);
}

/** The caller's Snip Pro requests still finding their reviewer. */
export async function waitingPoolRequests(caller: UserRecord): Promise<{ requests: WaitingPoolRequestView[] }> {
  const now = Date.now();
  return {
    requests: (await pooledOf(caller.id)).map((p) => {
      const paid = Date.parse(p.pooledAt!);
      const offers = p.pool!.offers;
      return {
        orderId: p.orderId,
        trackTitle: p.trackTitle,
        genre: p.pool!.genre,
        offeredNow: wavesBy(paid, offers, now).offered.length,
        offeredInAll: offers.length,
        paidAt: p.pooledAt!,
        claimUntil: iso(claimableUntil(paid)),
      };
    }),
  };
}
