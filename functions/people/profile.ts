/** Use cases of the profile page: the record's fields, name and username, social links, a pro's own price. */
import type { ProfileChanges } from '../../shared/schemas/profile.js';
import { SOCIAL_PLATFORMS, normalizeSocialUrl, type SocialLink } from '../../shared/social.js';
import { WORLD_CLASS_CENTS } from '../../shared/constants.js';
import { formatCents } from '../../shared/money.js';
import { getUser, updateUser, type UserRecord } from './data/users.js';
import { renameUser } from './data/user-rename.js';
import { setFeedbackPrice } from './data/user-prices.js';
import { Conflict, Forbidden } from '../lib/errors.js';

/** The World-Class price is for pros an admin has vetted (people/world-class.ts). */
const notWorldClass = () =>
  new Forbidden(
    `The ${formatCents(WORLD_CLASS_CENTS)} World-Class price is for pros Snip has vetted as World-Class. Please choose another price.`,
    'not_world_class',
  );

export const USERNAME_TAKEN = 'Username already exists. Please choose a different one.';

function assertNotAdmin(user: UserRecord) {
  if (user.type === 'admin') throw new Forbidden('Admins have no public profile');
}

/** Saves the fields sent; fields equal to what is stored are dropped (nothing is written if none remain). */
export async function updateProfile(user: UserRecord, input: ProfileChanges): Promise<UserRecord> {
  assertNotAdmin(user);
  if ((input.takesPoolWork || input.focusAreas?.length) && user.type !== 'pro')
    throw new Forbidden('Only pros take Snip Pro requests from the pool', 'not_pro');
  const stored = user as unknown as Record<string, unknown>;
  // A list is compared by its items (focus areas); an absent field is as null, or as an empty list.
  const same = (key: string, value: unknown) =>
    Array.isArray(value)
      ? JSON.stringify(stored[key] ?? []) === JSON.stringify(value)
      : stored[key] === value || (value === null && stored[key] === undefined);
  const changed = Object.fromEntries(Object.entries(input).filter(([key, value]) => !same(key, value))) as ProfileChanges;
  if (Object.keys(changed).length === 0) return user;
  const { fullName, username, ...rest } = changed;
  if (fullName === undefined && username === undefined) return updateUser(user, rest);
  const names = { ...(fullName !== undefined && { fullName }), ...(username !== undefined && { username }) };
  const result = await renameUser(user, names, rest);
  if (result === 'username_taken') throw new Conflict(USERNAME_TAKEN, 'username_taken');
  if (result === 'changed_meanwhile')
    throw new Conflict('Your profile changed in another tab. Reload the page and try again.', 'profile_changed');
  return result.user;
}

/** One input per platform: what is typed is normalised (prefix added), an empty value removes the platform. */
export async function saveSocialLinks(user: UserRecord, links: Partial<Record<string, string>>): Promise<UserRecord> {
  assertNotAdmin(user);
  const current = new Map((user.socialMedia ?? []).map((l) => [l.platform, l.url]));
  if (user.website) current.set('website', user.website);
  for (const [platform, value] of Object.entries(links)) {
    const url = value ? normalizeSocialUrl(platform, value) : null;
    if (url) current.set(platform, url);
    else current.delete(platform);
  }
  const socialMedia: SocialLink[] = SOCIAL_PLATFORMS.filter((p) => p.key !== 'website' && current.has(p.key)).map((p) => ({
    platform: p.key,
    url: current.get(p.key)!,
  }));
  return updateUser(user, { socialMedia, website: current.get('website') ?? null });
}

/**
 * A pro's own price from the tiers, and whether they re-check later versions for free; applies to
 * requests made after it (each request keeps its price).
 */
export async function setOwnPrice(user: UserRecord, dollars: number, freeRechecks?: boolean): Promise<UserRecord> {
  const cents = dollars === 0 ? null : Math.round(dollars * 100);
  if (cents === WORLD_CLASS_CENTS && user.type === 'pro' && !user.worldClass) throw notWorldClass();
  const saved = await setFeedbackPrice(user, cents, freeRechecks);
  if (saved) return saved;
  // Refused by its condition: no longer a pro, or no longer vetted for the price (withdrawn meanwhile).
  const now = await getUser(user.id);
  throw now?.type === 'pro' ? notWorldClass() : new Forbidden('Only pros set a feedback price');
}
