/**
 * Social platforms of the profile (spec section 3): input not starting with 'http' gets the platform's
 * prefix; when shown, the prefix is stripped; an empty value removes the platform.
 */
export const SOCIAL_PLATFORMS = [
  { key: 'website', label: 'Website', prefix: '', placeholder: 'your website URL' },
  { key: 'instagram', label: 'Instagram', prefix: 'https://instagram.com/', placeholder: 'username' },
  { key: 'twitter', label: 'Twitter', prefix: 'https://twitter.com/', placeholder: 'username' },
  { key: 'youtube', label: 'YouTube', prefix: 'https://youtube.com/@', placeholder: 'channel' },
  { key: 'soundcloud', label: 'SoundCloud', prefix: 'https://soundcloud.com/', placeholder: 'username' },
  { key: 'tiktok', label: 'TikTok', prefix: 'https://tiktok.com/@', placeholder: 'username' },
  { key: 'linkedin', label: 'LinkedIn', prefix: 'https://linkedin.com/in/', placeholder: 'username' },
] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number]['key'];
export interface SocialLink {
  platform: string;
  url: string;
}

const platformOf = (key: string) => SOCIAL_PLATFORMS.find((p) => p.key === key);

/**
 * The stored URL for what was typed: the value itself when it starts with 'http', else the prefix plus
 * the handle (a website without a scheme gets https://). Null when the result is not an http(s) address,
 * so a `javascript:` link can never be stored and later opened from a profile.
 */
export function normalizeSocialUrl(platform: string, value: string): string | null {
  const p = platformOf(platform);
  const typed = value.trim();
  if (!p || !typed) return null;
  const url = /^http/i.test(typed) ? typed : p.prefix ? p.prefix + typed.replace(/^@/, '') : `https://${typed}`;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
    if (!parsed.hostname.includes('.') || /\s/.test(url)) return null;
    return url;
  } catch {
    return null;
  }
}

/** What the input shows for a stored URL: the handle, with the platform's prefix stripped. */
export function displaySocialValue(platform: string, url: string): string {
  const p = platformOf(platform);
  if (!p?.prefix) return url;
  const bare = p.prefix.replace(/^https:\/\//, '');
  for (const start of [p.prefix, `http://${bare}`, `https://www.${bare}`, `http://www.${bare}`]) {
    if (url.toLowerCase().startsWith(start.toLowerCase())) return url.slice(start.length);
  }
  return url;
}
