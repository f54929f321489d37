/**
 * Which e-mails a user gets: chosen on the account page, or from an e-mail's own unsubscribe link, which
 * works without signing in (platform/mail-links.ts makes it): all a link can do is turn its own kind of e-mail
 * off. Turning one back on takes a sign-in (the account page).
 */
import { timingSafeEqual } from 'node:crypto';
import type { MailKind, MailPreferences } from '../../shared/mail-preferences.js';
import { getUser, updateUser, type UserRecord } from './data/users.js';
import { Forbidden, NotFound } from '../lib/errors.js';
import { mailToken, wantsMail, enforceRateLimit } from '../platform/index.js';

export const saveMailPreferences = (user: UserRecord, changes: Partial<MailPreferences>) =>
  updateUser(user, { mailPreferences: { ...user.mailPreferences, ...stripUndefined(changes) } });

const stripUndefined = (changes: Partial<MailPreferences>) =>
  Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<MailPreferences>;

/** 'mia@example.com' as 'm***@example.com': enough for its owner to recognise, not enough to collect. */
const hideAddress = (email: string) => {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
};

const INVALID = 'This unsubscribe link is not valid. Sign in to choose your e-mails on your account page.';
const ON_BY_SIGN_IN = 'An unsubscribe link only stops e-mails. Sign in to turn them back on on your account page.';

/** Turns a kind of e-mail off for the holder of a valid link of that kind. Limited per client address. */
export async function unsubscribe(
  input: { token: string; kind: MailKind; subscribed?: boolean },
  clientIp: string,
): Promise<{ kind: MailKind; subscribed: boolean; email: string }> {
  await enforceRateLimit('unsubscribe', clientIp);
  const dot = input.token.indexOf('.');
  const user = dot > 0 ? await getUser(input.token.slice(0, dot)) : null;
  if (!user?.mailKey || !sameSecret(input.token, mailToken(user, input.kind))) throw new NotFound(INVALID);
  if (input.subscribed) throw new Forbidden(ON_BY_SIGN_IN, 'sign_in_to_subscribe');
  const saved = wantsMail(user, input.kind) ? await saveMailPreferences(user, { [input.kind]: false }) : user;
  return { kind: input.kind, subscribed: wantsMail(saved, input.kind), email: hideAddress(user.email) };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
