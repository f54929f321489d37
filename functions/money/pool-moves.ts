/**
 * The payment machine's moves of a Snip Pro request (shared/pool.ts): its money into the pool with its offers
 * at the capture, out of it to the pro and the platform at the claim, and its offers taken back as it leaves.
 */
import { splitPrice } from '../../shared/money.js';
import { claimBucketField, claimableUntil, offeredAt } from '../../shared/pool.js';
import { PLATFORM_ACCOUNT, POOL_ACCOUNT } from './data/ledger.js';
import type { PaymentState, PaymentWrite } from './data/payment-writes.js';
import type { PaymentRecord } from './data/payments.js';
import { reminderOf, type ShareRecord } from '../feedback/data/index.js';
import type { ProviderCapture } from '../providers/payment-provider.js';
import { about, entry } from './payment-entries.js';

type Move = Omit<PaymentWrite, 'orderId' | 'from' | 'to'>;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A Snip Pro request's capture: the charge, and the price held in the pool until a pro claims it (or the
 * claim's time runs out); the request offered to its pros, each from their wave's time. Looked at once at
 * once, to e-mail the first wave off the payer's way (the scheduled check: payment-checks.ts checkPooled),
 * then as each wave joins, then when the time runs out.
 */
export function pooledCapture(p: PaymentRecord, e: { capture: Pick<ProviderCapture, 'id'>; margin: number }, at: string): Move {
  const split = splitPrice(p.amountCents, e.margin);
  const common = {
    cause: { type: 'payment' as const, orderId: p.orderId, captureId: e.capture.id },
    shareId: p.shareId,
    priceCents: p.amountCents,
    margin: e.margin,
  };
  const captured = Date.parse(at);
  const claimUntil = iso(claimableUntil(captured));
  const pool = p.pool!;
  return {
    set: { captureId: e.capture.id, margin: e.margin, ...split, credited: false, capturedAt: at, pooledAt: at },
    checkAt: at,
    entries: [
      entry(p, 'charge', p.payerId, -p.amountCents, `Paid for ${about(p)}`, at, common),
      entry(p, 'pool_hold', POOL_ACCOUNT, p.amountCents, `Held for ${about(p)} until a pro takes it`, at, common),
    ],
    poolStats: { genre: pool.genre, add: { opened: 1 } },
    offers: {
      put: pool.offers.map((proId, rank) => ({
        orderId: p.orderId,
        proId,
        visibleAt: iso(offeredAt(captured, rank)),
        claimUntil,
        genre: pool.genre,
        trackTitle: p.trackTitle,
        payerName: p.payerName,
        earningCents: split.earningCents,
        focusAreas: p.shareOptions.categories ?? [],
      })),
    },
  };
}

/** A pro's claim of a Snip Pro request: the request created with them, the pool's money split between them and the platform. */
export function poolClaimed(p: PaymentRecord, request: ShareRecord, at: string): Move {
  const proId = request.sharedWithUserId;
  const common = {
    cause: { type: 'payment' as const, orderId: p.orderId, captureId: p.captureId },
    shareId: p.shareId,
    priceCents: p.amountCents,
    margin: p.margin,
  };
  const earning = p.earningCents!;
  return {
    set: { proUserId: proId, proName: request.sharedWithName, credited: true, shareCreatedAt: request.createdAt },
    remove: ['pooledAt'],
    // First looked at when the pro is due a reminder of its time to accept, counted from the claim.
    checkAt: new Date(reminderOf({ ...request, status: 'pending' })!.at).toISOString(),
    entries: [
      entry(p, 'pool_release', POOL_ACCOUNT, -p.amountCents, `Taken by a pro: ${about(p)}`, at, common),
      entry(p, 'earning', proId, earning, `Earned for ${about(p)}`, at, common),
      entry(p, 'fee', PLATFORM_ACCOUNT, p.feeCents!, `Margin on ${about(p)}`, at, common),
    ],
    pro: { userId: proId, deltas: { balanceCents: earning, pendingCents: earning } },
    createsRequest: { ...request, payment: { ...request.payment!, earningCents: earning } },
    offers: offersTakenBack(p),
    poolStats: { genre: p.pool!.genre, add: { claimed: 1, [claimBucketField(minutesSince(p.capturedAt!, at))]: 1 } },
  };
}

const minutesSince = (from: string, at: string) => (Date.parse(at) - Date.parse(from)) / 60_000;

/**
 * A Snip Pro request's money leaving the pool otherwise than by a claim (`how`: nobody took it in time, or it
 * ended another way): its offers taken back and counted. Nothing for any other request.
 */
export const leavesPool = (p: PaymentRecord, state: PaymentState, how: 'unclaimed' | 'ended') =>
  state === 'pooled' && p.pool ? { offers: offersTakenBack(p), poolStats: { genre: p.pool.genre, add: { [how]: 1 } } } : {};

/** Every offer of the request, as their keys name them (the claim's time ran from the capture). */
const offersTakenBack = (p: PaymentRecord) => ({ remove: p.pool!.offers, claimUntil: iso(claimableUntil(Date.parse(p.capturedAt!))) });
