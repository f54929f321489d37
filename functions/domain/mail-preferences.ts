/**
 * Which e-mails a user gets: chosen on the account page, or from an e-mail's own unsubscribe link, which
 * works without signing in. A link carries the user's id and their `mailKey` (192 random bits on the
 * record, never shown in the app), so it proves only that its holder received one of the user's e-mails:
 * all it can do is turn a kind of e-mail off or back on.
 */
import { timingSafeEqual } from 'node:crypto';
import { routePaths as routes } from '../../shared/api/route-paths.js';
import { paths } from '../../shared/paths.js';
import { mailPreferences, type MailKind, type MailPreferences } from '../../shared/mail-preferences.js';
import { getUser, updateUser, type UserRecord } from '../data/users.js';
import { config } from '../lib/config.js';
import { NotFound } from '../lib/errors.js';
import { enforceRateLimit } from './rate-limits.js';

/** Whether the user gets e-mails of this kind. */
export const wantsMail = (user: UserRecord, kind: MailKind) => mailPreferences(user.mailPreferences)[kind];

export const saveMailPreferences = (user: UserRecord, changes: Partial<MailPreferences>) =>
  updateUser(user, { mailPreferences: { ...user.mailPreferences, ...stripUndefined(changes) } });

const stripUndefined = (changes: Partial<MailPreferences>) =>
  Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<MailPreferences>;

const tokenOf = (user: UserRecord) => `${user.id}.${user.mailKey}`;

/**
 * Where an e-mail of this kind lets its reader stop them: the app's page (`link`, which shows what it did and
 * offers to undo it) and the API's address that a mail provider's one-click unsubscribe posts to (`oneClick`).
 * Null for a record without a key yet (made before keys existed, until the migration gives it one); no
 * one-click address where the API's is not configured.
 */
export function unsubscribeLinks(user: UserRecord, kind: MailKind): { link: string; oneClick: string | null } | null {
  if (!user.mailKey) return null;
  const query = new URLSearchParams({ token: tokenOf(user), kind }).toString();
  const api = config.apiUrl;
  return { link: `${config.appUrl}${paths.unsubscribe}?${query}`, oneClick: api ? `${api}${routes.unsubscribe.path}?${query}` : null };
}

/** 'mia@example.com' as 'm***@example.com': enough for its owner to recognise, not enough to collect. */
const hideAddress = (email: string) => {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
};

const INVALID = 'This unsubscribe link is not valid. Sign in to choose your e-mails on your account page.';

/** Turns a kind of e-mail off (or back on) for the holder of a valid link. Limited per client address. */
export async function unsubscribe(
  input: { token: string; kind: MailKind; subscribed?: boolean },
  clientIp: string,
): Promise<{ kind: MailKind; subscribed: boolean; email: string }> {
  await enforceRateLimit('unsubscribe', clientIp);
  const dot = input.token.indexOf('.');
  const user = dot > 0 ? await getUser(input.token.slice(0, dot)) : null;
  if (!user?.mailKey || !sameSecret(input.token, tokenOf(user))) throw new NotFound(INVALID);
  const subscribed = input.subscribed ?? false;
  const saved = wantsMail(user, input.kind) === subscribed ? user : await saveMailPreferences(user, { [input.kind]: subscribed });
  return { kind: input.kind, subscribed: wantsMail(saved, input.kind), email: hideAddress(user.email) };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
