/**
 * The product's e-mail to one user: the subject as its heading, the lines, and a button into the app; unless
 * it is about the account itself, sent only when the user wants its kind, with a link to stop that kind.
 * Apart from notifications.ts so that what sends only such an e-mail (an admin's authenticator set up)
 * does not carry the shares' and payments' modules.
 */
import { paths } from '../../shared/paths.js';
import type { UserRecord } from '../people/data/index.js';
import { config } from '../lib/config.js';
import { count, log } from '../lib/observability.js';
import { MAIL_KIND_LABELS, type MailKind } from '../../shared/mail-preferences.js';
import { unsubscribeLinks, wantsMail } from './mail-links.js';
import { sendMail } from '../providers/mail.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A request's own page (`feedbackPath`): where its e-mails lead. */
const FEEDBACK_PREFIX = paths.feedback.slice(0, paths.feedback.indexOf(':'));

/** Where an e-mail's button leads, and what it says. */
const LINKS: Record<string, string> = {
  [paths.dashboard]: 'Open your dashboard',
  [paths.settings]: 'Open your settings',
  [paths.profile]: 'Open your profile',
  [paths.adminLogin]: 'Open the admin login',
};

/**
 * What an e-mail is about: a kind the user may turn off (shared/mail-preferences.ts), or 'account' for what
 * they must hear whatever they chose (a security change, a decision on their application or report).
 */
export type MailTopic = MailKind | 'account';

export async function deliverTo(
  to: UserRecord | null,
  topic: MailTopic,
  subject: string,
  lines: string[],
  linkPath: string = paths.dashboard,
) {
  if (!to) return;
  if (topic !== 'account' && !wantsMail(to, topic)) {
    count('EmailsOptedOut');
    return;
  }
  const link = `${config.appUrl}${linkPath}`;
  const label = LINKS[linkPath] ?? (linkPath.startsWith(FEEDBACK_PREFIX) ? 'Open the request' : 'Open Snip');
  const stop = topic === 'account' ? null : unsubscribeLinks(to, topic);
  const why = topic === 'account' ? null : `You get e-mails about ${MAIL_KIND_LABELS[topic].about} on Snip.`;
  const footer = stop
    ? `<p style="color:#666;font-size:13px">${escapeHtml(why!)} <a href="${escapeHtml(stop.link)}" style="color:#666">Unsubscribe</a> or <a href="${config.appUrl}${paths.account}" style="color:#666">choose your e-mails</a>.</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${link}" style="display:inline-block;background:#7c5cff;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${label}</a></p>
${footer}
</body></html>`;
  const text = `${lines.join('\n\n')}\n\n${label}: ${link}${stop ? `\n\n${why} Unsubscribe: ${stop.link}` : ''}`;
  await sendMail({ to: to.email, subject, html, text, headers: stop ? listUnsubscribeHeaders(stop) : undefined });
}

/** RFC 2369's link, and RFC 8058's one-click POST where the API's address is known. */
function listUnsubscribeHeaders(stop: { link: string; oneClick: string | null }): { name: string; value: string }[] {
  if (!stop.oneClick) return [{ name: 'List-Unsubscribe', value: `<${stop.link}>` }];
  return [
    { name: 'List-Unsubscribe', value: `<${stop.oneClick}>` },
    { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
  ];
}

/**
 * An e-mail whose sending the caller claimed in the write of the action that causes it, to a recipient it
 * read alongside that write: nothing is read or written before the send. False (logged) when it could not
 * be sent, for the caller to give its claim back.
 */
export async function sendClaimedMail(
  to: UserRecord | null,
  topic: MailTopic,
  subject: string,
  lines: string[],
  linkPath?: string,
): Promise<boolean> {
  try {
    await deliverTo(to, topic, subject, lines, linkPath);
    return true;
  } catch (err) {
    log.error('E-mail not sent', err, { userId: to?.id, subject });
    return false;
  }
}
