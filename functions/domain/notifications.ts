/**
 * The feedback e-mails, sent by the server as a consequence of an action, each at most once per event
 * (the event is claimed in the table before sending). The action has already happened when its e-mail
 * goes out, so a mail failure is logged, never turned into an error for the user (whose retry would
 * repeat the action), and the claim is released.
 */
import { paths } from '../../shared/paths.js';
import { claimEmail, releaseEmail, type CommentRecord, type ShareRecord } from '../data/shares.js';
import { getUser } from '../data/users.js';
import { config } from '../lib/config.js';
import { sendMail } from '../providers/mail.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

async function send(shareId: string, event: string, toUserId: string, subject: string, lines: string[]) {
  let claimed = false;
  try {
    claimed = await claimEmail(shareId, event);
    if (claimed) await deliver(toUserId, subject, lines);
  } catch (err) {
    console.error('Feedback e-mail not sent', shareId, event, err);
    if (claimed) await releaseEmail(shareId, event).catch(() => {});
  }
}

async function deliver(toUserId: string, subject: string, lines: string[]) {
  const to = await getUser(toUserId);
  if (!to) return;
  const link = `${config.appUrl}${paths.dashboard}`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${link}" style="display:inline-block;background:#7c5cff;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Open your dashboard</a></p>
</body></html>`;
  await sendMail({ to: to.email, subject, html, text: `${lines.join('\n\n')}\n\nOpen your dashboard: ${link}` });
}

export const feedbackRequested = (share: ShareRecord) =>
  send(share.id, 'requested', share.sharedWithUserId, `Feedback requested: ${share.trackTitle}`, [
    `Hi ${share.sharedWithName},`,
    `${share.sharedByName} asked for your feedback on "${share.trackTitle}".`,
    `Their notes: ${share.shareOptions.feedbackNotes}`,
  ]);

export const feedbackResponded = (share: ShareRecord) =>
  send(share.id, 'responded', share.sharedByUserId, `Feedback responded: ${share.trackTitle}`, [
    `Hi ${share.sharedByName},`,
    `${share.sharedWithName} has responded with feedback on "${share.trackTitle}".`,
  ]);

export function commentAdded(share: ShareRecord, comment: CommentRecord, authorName: string) {
  const toUserId = comment.userId === share.sharedByUserId ? share.sharedWithUserId : share.sharedByUserId;
  const at = comment.timestamp == null ? 'a general comment' : `a comment at ${clock(comment.timestamp)}`;
  return send(share.id, `comment#${comment.id}`, toUserId, `New comment on ${share.trackTitle}`, [
    `${authorName} left ${at} on "${share.trackTitle}":`,
    comment.text,
  ]);
}
