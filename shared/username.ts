import { USERNAME_BASE_LENGTH, USERNAME_SUFFIX } from './constants.js';

/**
 * The spec's suggestion rule: the lowercase alphanumeric part of a name, cut to 15 characters,
 * plus a random 4-digit number from 1000 to 9999. `random` is injectable so tests can pin it.
 */
export function suggestUsername(name: string, random: () => number = Math.random): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, USERNAME_BASE_LENGTH) || 'user';
  const span = USERNAME_SUFFIX.max - USERNAME_SUFFIX.min + 1;
  const suffix = USERNAME_SUFFIX.min + Math.min(span - 1, Math.floor(random() * span));
  return `${base}${suffix}`;
}
