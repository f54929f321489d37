/**
 * Snip Pro: a paid request that names nobody. Snip matches it to the pros who take pool work and fit it
 * (its genre; then the focus areas asked for, the least loaded, the most available, the best rated, the fastest), and offers it to them in waves: the best
 * OFFER_WAVE fitting pros first, OFFER_HOURS later the next ones beside them, and so on. The first to claim
 * it becomes its reviewer under the contract of any paid request, its time to accept counted from the claim;
 * a request nobody claims within CLAIM_HOURS is refunded in full.
 */
import { MAIN_GENRES } from './genres.js';
import { FEEDBACK_TIERS } from './constants.js';
import { PAID_REQUEST } from './money.js';

export const SNIP_PRO_POOL = {
  /** What Snip Pro feedback costs: the tier's price. */
  priceCents: FEEDBACK_TIERS.find((t) => t.key === 'pro')!.price * 100,
  /** Pros offered a request at once, and how long each wave has it before the next joins them. */
  offerWave: 3,
  offerHours: 2,
  /** The most pros one request is offered to. */
  maxOffers: 24,
  /** A request unclaimed this long after its payment is refunded: the time any paid request has to be accepted. */
  claimHours: PAID_REQUEST.acceptHours,
} as const;

/** Stands for the reviewer of a request still in the pool (no user has this id). */
export const POOL_REVIEWER = 'POOL';

/** The main genre a genre (a main genre or one of its sub-genres) belongs to; null when it is none. */
export function mainGenreOf(genre: string): string | null {
  return MAIN_GENRES.find((g) => g.name === genre || (g.subGenres as readonly string[]).includes(genre))?.name ?? null;
}

/** When the pro at `rank` (0: the best fit) is offered a request captured at `capturedAt` (ms). */
export const offeredAt = (capturedAt: number, rank: number) =>
  capturedAt + Math.floor(rank / SNIP_PRO_POOL.offerWave) * SNIP_PRO_POOL.offerHours * 3_600_000;

/**
 * The pros among `offers` (best fit first) a request captured at `capturedAt` (ms) is offered to by `now`
 * (ms), and when the next wave joins them (null: none is left).
 */
export function wavesBy(capturedAt: number, offers: readonly string[], now: number): { offered: string[]; nextAt: number | null } {
  const offered = offers.filter((_, rank) => offeredAt(capturedAt, rank) <= now);
  return { offered, nextAt: offered.length < offers.length ? offeredAt(capturedAt, offered.length) : null };
}

/** Until when a request captured at `capturedAt` (ms) can be claimed. */
export const claimableUntil = (capturedAt: number) => capturedAt + SNIP_PRO_POOL.claimHours * 3_600_000;

/** How long claims took, counted in buckets (minutes, each an upper bound): the median is said as 'within N minutes'. */
export const CLAIM_BUCKETS = [5, 15, 30, 60, 120, 240, 480, 960, 2880] as const;

/** The counter a claim made `minutes` after its payment adds to. */
export const claimBucketField = (minutes: number) => `within_${CLAIM_BUCKETS.find((b) => minutes <= b) ?? CLAIM_BUCKETS.at(-1)}`;

/** The bucket of the median claim time, from the buckets' counts (null: no claim yet). */
export function medianClaimWithin(counts: Readonly<Record<string, number>>): number | null {
  const total = CLAIM_BUCKETS.reduce((n, b) => n + (counts[`within_${b}`] ?? 0), 0);
  let seen = 0;
  for (const b of CLAIM_BUCKETS) {
    seen += counts[`within_${b}`] ?? 0;
    if (total && seen * 2 >= total) return b;
  }
  return null;
}
