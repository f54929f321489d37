import type { UserView } from '@shared/schemas/users';

/** How long after sign-up an account counts as new: long enough to cover confirming the e-mail and onboarding. */
export const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/**
 * The home views' greeting: 'Welcome, Nora.' for a new account, 'Welcome back, Nora.' after that. New is
 * read from the account's creation time, which the server keeps: unlike a flag in this browser's storage it
 * holds on every device and survives cleared storage, so a returning user on a new phone is not taken for
 * new, and a new one is never welcomed back; at worst someone returning on their first day gets 'Welcome'.
 */
export function greeting(user: Pick<UserView, 'fullName' | 'createdAt'>, now = Date.now()): string {
  const welcome = now - Date.parse(user.createdAt) < NEW_ACCOUNT_MS ? 'Welcome' : 'Welcome back';
  const firstName = user.fullName.trim().split(/\s+/)[0];
  return firstName ? `${welcome}, ${firstName}.` : `${welcome}.`;
}
