/** Finding people: user search by name or username, and the list of pros. */
import type { UserCard } from '../../shared/schemas/directory.js';
import { imageUrl } from './users.js';
import { findUserIdsByPrefix, getUsers, pageUsersOfType, typePartition, type UserRecord } from '../data/users.js';
import { decodeCursor, encodeCursor } from '../lib/cursor.js';

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
    profileImage: imageUrl(u.profileImage),
    availability: u.availability ?? null,
    responseTime: u.responseTime ?? null,
    keyCredits: u.keyCredits ?? null,
    featuredTrack: u.featuredTrack ?? null,
    socialMedia: u.socialMedia ?? [],
    website: u.website ?? null,
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

/** A page of Choose Your Pro: 1, 2 and 3 columns all fill their rows. */
export const PROS_PAGE_SIZE = 24;

/** Pros by name, a page at a time; never the caller themselves. */
export async function listPros(callerId: string, cursor?: string): Promise<{ users: UserCard[]; next: string | null }> {
  const { users, next } = await pageUsersOfType('pro', { limit: PROS_PAGE_SIZE, start: decodeCursor(cursor, typePartition('pro')) });
  return { users: users.filter((u) => u.id !== callerId).map(toUserCard), next: encodeCursor(next) };
}
