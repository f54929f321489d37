import type { UserCard } from '@shared/schemas/directory';
import { onTimeText, ratingText, turnaroundText } from '@shared/reputation';

/**
 * The name a pro card shows: the full name, else 'User'; never the username, which the card shows on its
 * own line. (The spec's 'full name, else name' is one field here: the profile's Name edits fullName.)
 */
export function proName(user: Pick<UserCard, 'fullName'>): string {
  return user.fullName?.trim() || 'User';
}

/** The featured track links: comma-separated, each kept only if it is an http(s) address. */
export function featuredLinks(featuredTrack: string | null | undefined): string[] {
  if (!featuredTrack) return [];
  return featuredTrack
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^https?:\/\/\S+$/i.test(s));
}

/** A link's text without the scheme and trailing slash. */
export function linkText(url: string): string {
  return url.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/+$/, '');
}

const PLATFORM_LABELS: Record<string, string> = {
  instagram: 'Instagram',
  twitter: 'Twitter',
  youtube: 'YouTube',
  soundcloud: 'SoundCloud',
  tiktok: 'TikTok',
  linkedin: 'LinkedIn',
  website: 'Website',
};
export const platformLabel = (platform: string) => PLATFORM_LABELS[platform.toLowerCase()] ?? platform;

/** The details of the 'More about' expander that are present, in the spec's order, then the reputation's. */
export function proDetails(user: UserCard): { label: string; value: string }[] {
  const r = user.reputation;
  const rows: { label: string; value: string | null | undefined }[] = [
    { label: 'Availability', value: user.availability },
    { label: 'Genres', value: user.genres.length ? user.genres.join(', ') : null },
    { label: 'Response Time', value: user.responseTime },
    { label: 'Key Credits', value: user.keyCredits },
    ...(r
      ? [
          { label: 'Rating', value: ratingText(r) },
          { label: 'On time (90 days)', value: onTimeText(r)?.replace('On time ', '') },
          { label: 'Turnaround', value: turnaroundText(r)?.replace('Usually ', 'usually ') },
          { label: 'Reviews completed', value: String(r.completed) },
        ]
      : []),
  ];
  return rows.filter((r): r is { label: string; value: string } => !!r.value && r.value.trim() !== '');
}

/** Social and website links that can be opened. */
export function proLinks(user: UserCard): { label: string; url: string; platform: string }[] {
  const links = user.socialMedia
    .filter((s) => /^https?:\/\//i.test(s.url))
    .map((s) => ({ label: platformLabel(s.platform), url: s.url, platform: s.platform.toLowerCase() }));
  if (user.website && /^https?:\/\//i.test(user.website)) links.push({ label: 'Website', url: user.website, platform: 'website' });
  return links;
}
