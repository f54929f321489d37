/**
 * What an e-mail needs of the user's choices, apart from the routes that change them (./mail-preferences.ts):
 * whether they want its kind, and the links that stop it. Light on purpose: every function that mails
 * carries it.
 */
import { createHmac } from 'node:crypto';
import { UNSUBSCRIBE_API_PATH, mailPreferences, type MailKind } from '../../shared/mail-preferences.js';
import { paths } from '../../shared/paths.js';
import type { UserRecord } from '../people/data/index.js';
import { config } from '../lib/config.js';

/** Whether the user gets e-mails of this kind. */
export const wantsMail = (user: UserRecord, kind: MailKind) => mailPreferences(user.mailPreferences)[kind];

/**
 * An unsubscribe link's token for one kind of e-mail: the user's id and an HMAC of the kind under their
 * `mailKey` (192 random bits on the record, never shown in the app, new with each change of sign-in
 * address). So a link proves only that its holder received an e-mail of that kind at that address, and
 * stops that kind alone; a forwarded e-mail gives no power over the others.
 */
export const mailToken = (user: UserRecord, kind: MailKind) =>
  `${user.id}.${createHmac('sha256', user.mailKey ?? '')
    .update(`unsubscribe:${kind}`)
    .digest('base64url')}`;

/**
 * Where an e-mail of this kind lets its reader stop them: the app's page (`link`, which shows what it did and
 * offers to undo it) and the API's address that a mail provider's one-click unsubscribe posts to (`oneClick`).
 * Null for a record without a key yet (made before keys existed, until the migration gives it one); no
 * one-click address where the API's is not configured.
 */
export function unsubscribeLinks(user: UserRecord, kind: MailKind): { link: string; oneClick: string | null } | null {
  if (!user.mailKey) return null;
  const query = new URLSearchParams({ token: mailToken(user, kind), kind }).toString();
  const api = config.apiUrl;
  return { link: `${config.appUrl}${paths.unsubscribe}?${query}`, oneClick: api ? `${api}${UNSUBSCRIBE_API_PATH}?${query}` : null };
}
