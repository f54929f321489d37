/** Finding people: user search by name or username, and the list of pros. */
import type { UserCard } from '../../shared/schemas/shares.js';
import { findUserIdsByPrefix, getUsers, listUsersOfType, type UserRecord } from '../data/users.js';

const MAX_RESULTS = 20;

export function toUserCard(u: UserRecord): UserCard {
  return {
    id: u.id,
    fullName: u.fullName,
    username: u.username,
    type: u.type,
    bio: u.bio,
    genres: u.genres,
    feedbackPriceCents: u.feedbackPriceCents,
    // Profile details arrive with the profile page; until then they are simply absent.
    profileImage: null,
    availability: null,
    responseTime: null,
    keyCredits: null,
    featuredTrack: null,
    socialMedia: [],
    website: null,
  };
}

export async function searchUsers(
  callerId: string,
  input: { q: string; excludeIds?: string; type?: 'musician' | 'pro' },
): Promise<UserCard[]> {
  const prefix = input.q.trim().toLowerCase().replace(/\s+/g, ' ');
  const excluded = new Set([callerId, ...(input.excludeIds ?? '').split(',').map((s) => s.trim()).filter(Boolean)]);
  const ids = (await findUserIdsByPrefix(prefix, MAX_RESULTS)).filter((id) => !excluded.has(id));
  const users = await getUsers(ids);
  return users
    .filter((u) => u.type !== 'admin' && (!input.type || u.type === input.type))
    .sort((a, b) => a.fullName.localeCompare(b.fullName))
    .slice(0, MAX_RESULTS)
    .map(toUserCard);
}

export async function listPros(callerId: string): Promise<UserCard[]> {
  return (await listUsersOfType('pro')).filter((u) => u.id !== callerId).map(toUserCard);
}
