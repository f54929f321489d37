/** Finding people: user search by name or username, and the list of pros. */
import { planCards } from '../../shared/plan.js';
import type { ShowcaseView, UserCard } from '../../shared/schemas/directory.js';
import { getPlanCatalog } from '../money/data/index.js';
import { enforceRateLimit } from '../platform/index.js';
import { decisionView, imageUrl } from './users.js';
import type { UserRecord } from './data/users.js';
import { findUserIdsByPrefix, getUsers } from './data/user-lists.js';
import { ORDERS, type ListingRecord, type ProOrder } from './data/pro-listing.js';
import { getListings, pageOrder } from './data/pro-orders.js';
import { MAIN_GENRES } from '../../shared/genres.js';
import { PRICE_RANGES, type PriceRange } from '../../shared/reputation.js';
import { chosenTierOf, type DirectoryTier } from '../../shared/tiers.js';
import { decodeCursor, encodeCursor } from '../lib/cursor.js';
import { pickOrNull } from '../lib/pick.js';
import { toFigures } from './reputation.js';

const MAX_RESULTS = 20;
/** Index entries read per page, and the most pages one search reads (a bound on its cost). */
const PAGE_SIZE = 80;
const MAX_PAGES = 5;

export function toUserCard(u: UserRecord): UserCard {
  return {
    id: u.id,
    fullName: u.fullName,
    username: u.username,
    type: u.type,
    bio: u.bio,
    genres: u.genres,
    feedbackPriceCents: u.feedbackPriceCents,
    freeRechecks: Boolean(u.freeRechecks),
    worldClass: decisionView(u.worldClass),
    profileImage: imageUrl(u.profileImage),
    ...pickOrNull(u, ['availability', 'responseTime', 'keyCredits', 'featuredTrack', 'website']),
    socialMedia: u.socialMedia ?? [],
  };
}

export async function searchUsers(
  callerId: string,
  input: { q: string; excludeIds?: string; type?: 'musician' | 'pro' },
): Promise<UserCard[]> {
  const prefix = input.q.trim().toLowerCase().replace(/\s+/g, ' ');
  const excluded = new Set([
    callerId,
    ...(input.excludeIds ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ]);
  const wanted = (u: UserRecord) => u.type !== 'admin' && (!input.type || u.type === input.type);
  // The filters apply after the index read, so keep reading until enough people pass them.
  const found = new Map<string, UserRecord>();
  let start: Record<string, unknown> | undefined;
  for (let page = 0; page < MAX_PAGES && found.size < MAX_RESULTS; page++) {
    const { ids, next } = await findUserIdsByPrefix(prefix, PAGE_SIZE, start);
    const fresh = ids.filter((id) => !excluded.has(id) && !found.has(id));
    for (const u of await getUsers(fresh)) if (wanted(u)) found.set(u.id, u);
    if (!next) break;
    start = next;
  }
  return [...found.values()]
    .sort((a, b) => a.fullName.localeCompare(b.fullName))
    .slice(0, MAX_RESULTS)
    .map(toUserCard);
}

/** Pros the front page shows: its best rated. */
const SHOWCASE_PROS = 6;

/**
 * What the front page shows visitors (GET /showcase, public, limited per client address): the monthly plans
 * as the catalog last read them (none before anyone has opened Billing), and the best rated pros, with only
 * what their public card shows. One Get and one Query, then the pros read by key.
 */
export async function showcase(clientIp: string): Promise<ShowcaseView> {
  await enforceRateLimit('showcase', clientIp);
  const [catalog, { entries }] = await Promise.all([getPlanCatalog(), pageOrder('rating', { limit: SHOWCASE_PROS * 2 })]);
  const ids = entries.map((e) => e.id);
  const [users, listings] = await Promise.all([getUsers(ids), getListings(ids)]);
  const pros = users
    .filter((u) => u.type === 'pro')
    .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))
    .slice(0, SHOWCASE_PROS)
    .map((u) => {
      const card = toUserCard(u);
      return {
        fullName: card.fullName,
        bio: card.bio,
        genres: card.genres,
        feedbackPriceCents: card.feedbackPriceCents,
        profileImage: card.profileImage,
        worldClass: card.worldClass,
        reputation: toFigures(listings.get(u.id)),
      };
    });
  return { plans: planCards(catalog?.plans ?? []), pros };
}

/** A page of Choose Your Pro: 1, 2 and 3 columns all fill their rows. */
export const PROS_PAGE_SIZE = 24;

/** Entries one filtered page reads: enough for most pages to fill, a bound on what one costs. */
const FILTERED_READ = 96;

/** A genre as compared: letters and digits only, lowercase ('Hip-Hop' and 'hip hop' are one). */
const plain = (g: string) => g.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * A main genre (onboarding's 'Electronic / Dance') matches a pro who lists one of its sub-genres, or one of
 * the words of its name (the profile page's flat 'Electronic').
 */
const genreMatcher = (genre: string | undefined) => {
  if (!genre) return () => true;
  const main = MAIN_GENRES.find((g) => g.name === genre)!;
  const names = new Set<string>([main.name, ...main.name.split(' / '), ...main.subGenres].map(plain));
  return (u: UserRecord) => u.genres.some((g) => names.has(plain(g)));
};

const priceMatcher = (range: PriceRange | undefined) => {
  const most = PRICE_RANGES.find((r) => r.value === range)?.maxCents ?? null;
  return (u: UserRecord) => most === null || (u.feedbackPriceCents ?? 0) <= most;
};

const toProCard = (u: UserRecord, listing: ListingRecord | undefined): UserCard => ({ ...toUserCard(u), reputation: toFigures(listing) });

/**
 * A page of Choose Your Pro: the pros in the order asked for (by name, best rated, lowest price, fastest),
 * of a genre, a price range and a tier when asked, never the caller. One Query of the order's index partition, then
 * the pros and their listings read by key together; filtered, a page may come back short, with `next`
 * continuing after the last pro looked at.
 */
export async function listPros(
  callerId: string,
  input: { cursor?: string; genre?: string; price?: PriceRange; tier?: DirectoryTier; sort?: ProOrder },
): Promise<{ users: UserCard[]; next: string | null }> {
  const order = ORDERS[input.sort ?? 'name'];
  const filtered = Boolean(input.genre || (input.price && input.price !== 'any') || (input.tier && input.tier !== 'any'));
  const start = decodeCursor(input.cursor, { [`${order.index}PK`]: order.partition } as { GSI3PK: string });
  // One entry more than a page: a full page then knows whether another follows ('Load more pros' never loads nothing).
  const { entries, next } = await pageOrder(input.sort ?? 'name', { limit: filtered ? FILTERED_READ : PROS_PAGE_SIZE + 1, start });
  const ids = entries.map((e) => e.id);
  const [users, listings] = await Promise.all([getUsers(ids), getListings(ids)]);
  const byId = new Map(users.map((u) => [u.id, u]));
  const inGenre = genreMatcher(input.genre);
  const inPrice = priceMatcher(input.price);
  const inTier = (u: UserRecord) => !input.tier || input.tier === 'any' || chosenTierOf(u) === input.tier;
  const page: UserCard[] = [];
  let looked = 0;
  for (const e of entries) {
    if (page.length === PROS_PAGE_SIZE) break;
    looked++;
    const u = byId.get(e.id);
    // A record whose type changed since its entry was read is left out.
    if (u && u.type === 'pro' && u.id !== callerId && inGenre(u) && inPrice(u) && inTier(u)) page.push(toProCard(u, listings.get(e.id)));
  }
  return { users: page, next: encodeCursor(looked < entries.length ? entries[looked - 1].key : next) };
}
