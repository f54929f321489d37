/** Snip Pro requests (shared/pool.ts): asking for one, the pros' offers, a claim, and the musician's requests still in the pool. */
import * as z from 'zod/mini';
import { MAIN_GENRES } from '../genres.js';
import { idempotencyKey } from './idempotency.js';
import { shareOptionsSchema } from './shares.js';

const orderId = z.string().check(z.regex(/^[A-Z0-9]{1,36}$/, 'Invalid order id'));
const GENRE_NAMES = MAIN_GENRES.map((g) => g.name) as [string, ...string[]];

/** A paid request that names nobody: matched by its genre (a main genre) to the pros of the pool. */
export const createPoolRequestInput = z.strictObject({
  trackId: z.string().check(z.uuid('Invalid id')),
  genre: z.enum(GENRE_NAMES, { error: 'Choose the genre of the track' }),
  shareOptions: shareOptionsSchema,
  idempotencyKey,
});
export type PoolRequestInput = z.infer<typeof createPoolRequestInput>;

export const claimPoolRequestInput = z.strictObject({ orderId });
/** The request the claim made, with the caller as its reviewer. */
export const claimedView = z.object({ shareId: z.string() });

/** What a pro offered a request and its musician both see of it. */
const poolRequestFacts = { orderId: z.string(), trackTitle: z.string(), genre: z.string(), claimUntil: z.string() };

/** A Snip Pro request offered to the caller, as 'Requests for you' lists it. */
export const poolOfferView = z.object({
  ...poolRequestFacts,
  focusAreas: z.array(z.string()),
  offeredAt: z.string(),
  payerName: z.string(),
  /** What the pro earns for the review: the price less the platform's margin. */
  earningCents: z.int(),
});
export const poolOffersView = z.object({ offers: z.array(poolOfferView) });

/** One of the musician's Snip Pro requests still finding its reviewer. */
export const waitingPoolRequestView = z.object({
  ...poolRequestFacts,
  /** How many pros it is offered to by now, and to how many in all as its waves go out. */
  offeredNow: z.int(),
  offeredInAll: z.int(),
  paidAt: z.string(),
});
export const waitingPoolRequestsView = z.object({ requests: z.array(waitingPoolRequestView) });

export type PoolOfferView = z.infer<typeof poolOfferView>;
export type WaitingPoolRequestView = z.infer<typeof waitingPoolRequestView>;
