/** Users as others find them: search, Choose Your Pro and the 'More about' popover. */
import * as z from 'zod/mini';
import { cursorField, textField } from './common.js';
import { userView } from './users.js';
import { MAIN_GENRES } from '../genres.js';
import { PRICE_RANGE_VALUES, PRO_SORT_VALUES } from '../reputation.js';
import { DIRECTORY_TIER_VALUES } from '../tiers.js';

import { reputationView } from './reputation.js';

export { reputationView, type ReputationView } from './reputation.js';

const cardFields = z.pick(userView, {
  id: true,
  fullName: true,
  username: true,
  type: true,
  bio: true,
  genres: true,
  feedbackPriceCents: true,
  freeRechecks: true,
  worldClass: true,
  profileImage: true,
  availability: true,
  responseTime: true,
  keyCredits: true,
  featuredTrack: true,
  socialMedia: true,
  website: true,
});
/** A user as others see them in search, Choose Your Pro and share views; Choose Your Pro's with their reputation. */
export const userCard = z.extend(cardFields, { reputation: z.optional(z.nullable(reputationView)) });
export type UserCard = z.infer<typeof userCard>;

/** A pro on the front page, to visitors: what their public card shows, nothing to reach them by. */
export const showcasePro = z.extend(
  z.pick(userView, { fullName: true, bio: true, genres: true, feedbackPriceCents: true, profileImage: true, worldClass: true }),
  { reputation: z.optional(z.nullable(reputationView)) },
);
/** A monthly plan on the front page, from the catalog the Billing page reads. */
export const showcasePlan = z.object({
  id: z.string(),
  name: z.string(),
  popular: z.boolean(),
  amountCents: z.number(),
  features: z.array(z.string()),
});
/** The plans for a visitor (GET /plans, public), when the showcase has none yet. */
export const publicPlanList = z.object({ plans: z.array(showcasePlan) });
/** What the front page shows of the product's own data (GET /showcase, public). */
export const showcaseView = z.object({ plans: z.array(showcasePlan), pros: z.array(showcasePro) });
export type ShowcaseView = z.infer<typeof showcaseView>;

/** The main genres Choose Your Pro filters by: a pro matches one of whose sub-genres they list. */
export const MAIN_GENRE_NAMES = MAIN_GENRES.map((g) => g.name) as unknown as [string, ...string[]];

export const searchUsersInput = z.strictObject({
  q: textField().check(z.minLength(2, 'Type at least 2 characters'), z.maxLength(100, 'The search is too long')),
  excludeIds: z.optional(z.string().check(z.maxLength(2000))),
  type: z.optional(z.enum(['musician', 'pro'])),
});
export const listProsInput = z.strictObject({
  cursor: cursorField,
  genre: z.optional(z.enum(MAIN_GENRE_NAMES, { error: 'Unknown genre' })),
  price: z.optional(z.enum(PRICE_RANGE_VALUES, { error: 'Unknown price range' })),
  tier: z.optional(z.enum(DIRECTORY_TIER_VALUES, { error: 'Unknown tier' })),
  /** The order; a cursor continues the order (and filters) it was made for. */
  sort: z.optional(z.enum(PRO_SORT_VALUES, { error: 'Unknown order' })),
});
export const userCardList = z.object({ users: z.array(userCard) });
/** Pros in the order asked for, a page at a time ('Load more' follows `next`; a page may come back short). */
export const proPage = z.object({ users: z.array(userCard), next: z.nullable(z.string()) });
