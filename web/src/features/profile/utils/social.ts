import { SOCIAL_PLATFORMS, displaySocialValue, type SocialPlatform } from '@shared/social';
import type { UserView } from '@shared/schemas/users';

export type SocialValues = Record<SocialPlatform, string>;

/** The saved link of each platform (the website among them), in the dialog's order. */
export function savedSocialLinks(
  user: Pick<UserView, 'socialMedia' | 'website'>,
): { platform: SocialPlatform; label: string; url: string }[] {
  const byPlatform = new Map<string, string>((user.socialMedia ?? []).map((l) => [l.platform.toLowerCase(), l.url]));
  if (user.website) byPlatform.set('website', user.website);
  return SOCIAL_PLATFORMS.filter((p) => byPlatform.has(p.key)).map((p) => ({
    platform: p.key,
    label: p.label,
    url: byPlatform.get(p.key)!,
  }));
}

/** What each input shows: the saved handle with the platform's prefix stripped, '' for none. */
export function socialFormValues(user: Pick<UserView, 'socialMedia' | 'website'>): SocialValues {
  const values = Object.fromEntries(SOCIAL_PLATFORMS.map((p) => [p.key, ''])) as SocialValues;
  for (const link of savedSocialLinks(user)) values[link.platform] = displaySocialValue(link.platform, link.url);
  return values;
}

/** The inputs that changed, trimmed (an emptied one is '' and removes the platform). */
export function socialLinkChanges(initial: SocialValues, current: SocialValues): Partial<SocialValues> {
  const changes: Partial<SocialValues> = {};
  for (const p of SOCIAL_PLATFORMS) {
    if (current[p.key].trim() !== initial[p.key].trim()) changes[p.key] = current[p.key].trim();
  }
  return changes;
}

/** The prefix as the input's adornment shows it: without the scheme ('instagram.com/'). */
export const prefixText = (prefix: string) => prefix.replace(/^https?:\/\//, '');
