/**
 * The product's e-mail to one user: the subject as its heading, the lines, and a button into the app.
 * Apart from notifications.ts so that what sends only such an e-mail (an admin's authenticator set up)
 * does not carry the shares' and payments' modules.
 */
import { paths } from '../../shared/paths.js';
import type { UserRecord } from '../data/users.js';
import { config } from '../lib/config.js';
import { log } from '../lib/observability.js';
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

export async function deliverTo(to: UserRecord | null, subject: string, lines: string[], linkPath: string = paths.dashboard) {
  if (!to) return;
  const link = `${config.appUrl}${linkPath}`;
  const label = LINKS[linkPath] ?? (linkPath.startsWith(FEEDBACK_PREFIX) ? 'Open the request' : 'Open Snip');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${link}" style="display:inline-block;background:#7c5cff;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${label}</a></p>
</body></html>`;
  await sendMail({ to: to.email, subject, html, text: `${lines.join('\n\n')}\n\n${label}: ${link}` });
}

/**
 * An e-mail whose sending the caller claimed in the write of the action that causes it, to a recipient it
 * read alongside that write: nothing is read or written before the send. False (logged) when it could not
 * be sent, for the caller to give its claim back.
 */
export async function sendClaimedMail(to: UserRecord | null, subject: string, lines: string[], linkPath?: string): Promise<boolean> {
  try {
    await deliverTo(to, subject, lines, linkPath);
    return true;
  } catch (err) {
    log.error('E-mail not sent', err, { userId: to?.id, subject });
    return false;
  }
}
