/**
 * Who is offered a Snip Pro request (shared/pool.ts), best fit first: the pros who take pool work in its
 * genre, never the musician nor anyone they leave out, ordered by how many of the focus areas the request
 * asks for are theirs (the most first), then their load (the earnings of paid reviews not delivered yet: the
 * least loaded first), the sessions a week they offer, their on-time rate, their rating, and the days their
 * word gives them. One partition and two batch reads, whatever the number of requests.
 */
import { AVAILABILITY_OPTIONS } from '../../shared/constants.js';
import { SNIP_PRO_POOL } from '../../shared/pool.js';
import { completeDaysFor } from '../../shared/money.js';
import { getUsers } from './data/user-lists.js';
import { getListings } from './data/pro-orders.js';
import { poolGenresOf, poolMembersIn } from './data/pool-members.js';
import type { UserRecord } from './data/users.js';
import { toFigures } from './reputation.js';

export interface PoolCandidate {
  id: string;
  /** How many of the request's focus areas are the pro's own. */
  focusMatch: number;
  /** Earnings of paid reviews not delivered yet. */
  loadCents: number;
  /** The rank of the sessions a week the pro offers (AVAILABILITY_OPTIONS; -1: not said). */
  availability: number;
  onTimeRate: number | null;
  rating: number | null;
  completeDays: number;
}

/**
 * The order of fit: most of the focus areas asked for, least loaded, most sessions a week, most often on time,
 * best rated, quickest by their word (unknowns after knowns).
 */
export function byFit(a: PoolCandidate, b: PoolCandidate): number {
  return (
    b.focusMatch - a.focusMatch ||
    a.loadCents - b.loadCents ||
    b.availability - a.availability ||
    (b.onTimeRate ?? -1) - (a.onTimeRate ?? -1) ||
    (b.rating ?? -1) - (a.rating ?? -1) ||
    a.completeDays - b.completeDays ||
    a.id.localeCompare(b.id)
  );
}

/**
 * The pros to offer a request in `genre` (a main genre) asking for `focus` (feedback categories) to, best fit
 * first, at most SNIP_PRO_POOL.maxOffers; `leftOut` read beside the genre's members.
 */
export async function matchPoolPros(genre: string, focus: readonly string[], leftOut: Promise<ReadonlySet<string>>): Promise<string[]> {
  const [members, out] = await Promise.all([poolMembersIn(genre), leftOut]);
  const ids = members.filter((id) => !out.has(id));
  if (!ids.length) return [];
  const [users, listings] = await Promise.all([getUsers(ids), getListings(ids)]);
  // The record is the word on who fits: a member item a change left behind offers nothing.
  const fits = (u: UserRecord) => poolGenresOf(u).has(genre) && !u.payoutsHeld;
  return users
    .filter(fits)
    .map((u): PoolCandidate => {
      const figures = toFigures(listings.get(u.id));
      return {
        id: u.id,
        focusMatch: focus.filter((f) => (u.focusAreas as readonly string[] | undefined)?.includes(f)).length,
        loadCents: u.pendingCents ?? 0,
        availability: (AVAILABILITY_OPTIONS as readonly (string | null)[]).indexOf(u.availability ?? null),
        onTimeRate: figures.onTimeRate,
        rating: figures.rating,
        completeDays: completeDaysFor(u.responseTime),
      };
    })
    .sort(byFit)
    .slice(0, SNIP_PRO_POOL.maxOffers)
    .map((c) => c.id);
}
