import { USERNAME_BASE_LENGTH, USERNAME_SUFFIX } from './constants.js';

/** Latin letters that do not decompose into a base letter and marks, spelled as their usual transliteration. */
const SPELLED: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/**
 * The spec's suggestion rule: the lowercase alphanumeric part of a name, cut to 15 characters,
 * plus a random 4-digit number from 1000 to 9999. Letters with accents keep their base letter ('Zoë
 * Müller' suggests zoemuller...) rather than being dropped. `random` is injectable so tests can pin it.
 */
export function suggestUsername(name: string, random: () => number = Math.random): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[ßæœøłđðþı]/g, (c) => SPELLED[c])
      .replace(/[^a-z0-9]/g, '')
      .slice(0, USERNAME_BASE_LENGTH) || 'user';
  const span = USERNAME_SUFFIX.max - USERNAME_SUFFIX.min + 1;
  const suffix = USERNAME_SUFFIX.min + Math.min(span - 1, Math.floor(random() * span));
  return `${base}${suffix}`;
}
