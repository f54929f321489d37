/**
 * The feedback e-mails, sent by the server as a consequence of an action, each at most once per event
 * (the event is claimed in the table before sending). The action has already happened when its e-mail
 * goes out, so a mail failure is logged, never turned into an error for the user (whose retry would
 * repeat the action), and the claim is released.
 *
 * 'Requested', 'answered' (accepted or declined, to the musician) and 'responded' go at once. Comments are not e-mailed one by one: each comment joins its
 * recipient's digest for the share (written with the comment), and a scheduled job sends the digest once
 * no comment has been added for COMMENT_DIGEST_DELAY_SECONDS, listing the comments that still exist then.
 */
import { claimableUntil, SNIP_PRO_POOL, wavesBy } from '../../shared/pool.js';
import {
  claimDigest,
  claimEmail,
  dueDigests,
  getShareBundle,
  respondBy,
  releaseEmail,
  restoreDigest,
  type DigestRecord,
  type ShareEmailEvent,
  type ShareRecord,
} from '../feedback/data/index.js';
import { claimPaymentEmail, releasePaymentEmail, type PaymentRecord } from '../money/data/index.js';
import { getUser, type UserRecord } from '../people/data/index.js';
import { formatCents } from '../../shared/money.js';
import { log } from '../lib/observability.js';
import { deliverTo, sendClaimedMail, type MailTopic } from './mail.js';
import type { MailKind } from '../../shared/mail-preferences.js';
import { commentPlace } from '../../shared/clock.js';
import { declineReasonLabel } from '../../shared/review.js';
import { feedbackPath, paths } from '../../shared/paths.js';

export { sendClaimedMail };

/** How an e-mail is claimed once for its event (and given back when it could not be sent). */
interface Claim {
  claim(): Promise<boolean>;
  release(): Promise<void>;
  label: string;
}

const shareClaim = (shareId: string, event: ShareEmailEvent): Claim => ({
  claim: () => claimEmail(shareId, event),
  release: () => releaseEmail(shareId, event),
  label: `share ${shareId} ${event}`,
});

const paymentClaim = (orderId: string, event: string): Claim => ({
  claim: () => claimPaymentEmail(orderId, event),
  release: () => releasePaymentEmail(orderId, event),
  label: `payment ${orderId} ${event}`,
});

async function sendOnce(once: Claim, toUserId: string, topic: MailTopic, subject: string, lines: string[], linkPath?: string) {
  let claimed = false;
  try {
    claimed = await once.claim();
    if (claimed) await deliver(toUserId, topic, subject, lines, linkPath);
  } catch (err) {
    log.error('E-mail not sent', err, { about: once.label });
    if (claimed) await once.release().catch(() => {});
  }
}

/** What each of a share's e-mails is about: the reviewer's requests and deadlines, the musician's reviews. */
const SHARE_MAIL_TOPICS: Record<ShareEmailEvent, MailKind> = {
  requested: 'requests',
  answered: 'reviews',
  accept_reminder: 'requests',
  complete_reminder: 'requests',
  responded: 'reviews',
};

/** A share's e-mail, once per event, linking to the request's own page. */
const send = (shareId: string, event: ShareEmailEvent, toUserId: string, subject: string, lines: string[]) =>
  sendOnce(shareClaim(shareId, event), toUserId, SHARE_MAIL_TOPICS[event], subject, lines, feedbackPath(shareId));

async function deliver(toUserId: string, topic: MailTopic, subject: string, lines: string[], linkPath?: string) {
  await deliverTo(await getUser(toUserId), topic, subject, lines, linkPath);
}

/** The 'requested' e-mail of a share: to its reviewer. */
export const feedbackRequestedMail = (share: ShareRecord) => ({
  subject: `Feedback requested: ${share.trackTitle}`,
  lines: [
    `Hi ${share.sharedWithName},`,
    `${share.sharedByName} asked for your feedback on "${share.trackTitle}".`,
    `Their notes: ${share.shareOptions.feedbackNotes}`,
  ],
});

export const feedbackRequested = (share: ShareRecord) => {
  const { subject, lines } = feedbackRequestedMail(share);
  return send(share.id, 'requested', share.sharedWithUserId, subject, lines);
};

/** The 'responded' e-mail of a share: to its musician; `drewOn`: what the review used besides the ear (shared/comment-made.ts). */
export const feedbackRespondedMail = (share: ShareRecord, drewOn: string[] = []) => ({
  subject: `Feedback responded: ${share.trackTitle}`,
  lines: [
    `Hi ${share.sharedByName},`,
    `${share.sharedWithName} has responded with feedback on "${share.trackTitle}".`,
    ...drewOn.map((line) => `It includes ${line}.`),
  ],
});

const WHEN = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

/**
 * The 'answered' e-mail of a share: to its musician, that the reviewer accepted it (and, when paid, by when
 * the review is due) or declined it, with their reason (and, when paid, the refund that follows).
 */
export function requestAnsweredMail(share: ShareRecord, dueBy: string | null) {
  const paid = share.payment ? formatCents(share.payment.amountCents) : null;
  if (share.status === 'accepted')
    return {
      subject: `Accepted: ${share.trackTitle}`,
      lines: [
        `Hi ${share.sharedByName},`,
        `${share.sharedWithName} accepted your request for feedback on "${share.trackTitle}".`,
        ...(paid && dueBy
          ? [`Their review is due by ${WHEN.format(Date.parse(dueBy))}. If it does not come in time, you are refunded ${paid} in full.`]
          : []),
      ],
    };
  const { reason, text } = share.decline ?? { reason: 'other', text: null };
  return {
    subject: `Declined: ${share.trackTitle}`,
    lines: [
      `Hi ${share.sharedByName},`,
      `${share.sharedWithName} declined your request for feedback on "${share.trackTitle}".`,
      `Their reason: ${declineReasonLabel(reason)}${text ? `: "${text}"` : ''}.`,
      ...(paid ? [`You are refunded ${paid} in full; PayPal's confirmation follows in its own e-mail.`] : []),
      'You can ask someone else for feedback at any time.',
    ],
  };
}

/** To the pro, a day before a paid request's deadline: accept it, or complete it, in time (once per deadline). */
export const deadlineReminder = (share: ShareRecord, event: 'accept_reminder' | 'complete_reminder', deadline: number) =>
  send(
    share.id,
    event,
    share.sharedWithUserId,
    event === 'accept_reminder' ? `Accept by tomorrow: ${share.trackTitle}` : `Due tomorrow: feedback on ${share.trackTitle}`,
    [
      `Hi ${share.sharedWithName},`,
      event === 'accept_reminder'
        ? `${share.sharedByName}'s paid request for feedback on "${share.trackTitle}" must be accepted by ${WHEN.format(deadline)}.`
        : `Your feedback on ${share.sharedByName}'s "${share.trackTitle}" is due by ${WHEN.format(deadline)}.`,
      `After that the request expires and ${share.sharedByName} is refunded ${formatCents(share.payment!.amountCents)} in full.`,
    ],
  );

/** A share's e-mail claimed in the write that caused it: sent, or its claim given back for a retry to send. */
export async function sendClaimedShareMail(
  shareId: string,
  event: ShareEmailEvent,
  to: UserRecord | null,
  mail: { subject: string; lines: string[] },
): Promise<void> {
  if (!(await sendClaimedMail(to, SHARE_MAIL_TOPICS[event], mail.subject, mail.lines, feedbackPath(shareId))))
    await releaseEmail(shareId, event).catch(() => {});
}

const REFUND_REASONS: Record<string, (p: PaymentRecord) => string> = {
  declined: (p) => `${p.proName} declined your request for feedback on "${p.trackTitle}".`,
  expired: (p) => `${p.proName} did not give feedback on "${p.trackTitle}" in time, so the request has expired.`,
  unclaimed: (p) => `No pro took your request for Snip Pro feedback on "${p.trackTitle}" within ${SNIP_PRO_POOL.claimHours} hours.`,
  withdrawn: (p) => `You withdrew your request for Snip Pro feedback on "${p.trackTitle}" before a pro took it.`,
  track_deleted: (p) => `"${p.trackTitle}" was deleted before ${p.proName} gave feedback on it.`,
  unfulfillable: (p) => `Your request for feedback from ${p.proName} on "${p.trackTitle}" could not be sent.`,
  reversed: (p) => `Your payment for feedback from ${p.proName} on "${p.trackTitle}" was reversed by PayPal.`,
  dispute: (p) => `We looked at your report of ${p.proName}'s review of "${p.trackTitle}" and agree it was not the review you paid for.`,
  mismatch: (p) =>
    `PayPal charged an amount that did not match the price of your request for feedback from ${p.proName} on "${p.trackTitle}", so the request was not sent.`,
};

/**
 * The musician's e-mail that their payment for a request that will get no feedback went back to them. Its
 * claim is written with the refund (functions/money/data/payments.ts applyRefund), so only the path that records
 * the refund sends it: with sendClaimedPaymentMail, to the payer read beside that write.
 */
export const paymentRefundedMail = (p: PaymentRecord) => ({
  subject: `Refunded: feedback on ${p.trackTitle}`,
  lines: [
    `Hi ${p.payerName},`,
    (REFUND_REASONS[p.refundReason ?? 'reversed'] ?? REFUND_REASONS.reversed)(p),
    p.refundReason === 'reversed'
      ? `All of the ${formatCents(p.amountCents)} you paid has gone back to your PayPal account.`
      : `We refunded the full ${formatCents(p.capturedCents ?? p.amountCents)} to your PayPal account. It can take a few days to show.`,
    'You can ask another pro for feedback at any time.',
  ],
});

/**
 * The payer's e-mail that their payment bought its request (claimed with the capture's move): what was paid,
 * to whom, by when the pro must accept, and the refund if they do not; it links to the printable receipt.
 */
export const paymentReceivedMail = (p: PaymentRecord, request: ShareRecord) => {
  const acceptBy = respondBy(request);
  return {
    subject: `Paid: feedback on ${p.trackTitle}`,
    lines: [
      `Hi ${p.payerName},`,
      `We received your payment of ${formatCents(p.amountCents)} for feedback from ${p.proName} on "${p.trackTitle}", and sent them your request.`,
      ...(acceptBy ? [`${p.proName} has until ${WHEN.format(Date.parse(acceptBy))} to accept it.`] : []),
      `If they decline it, or do not give their feedback in time, you are refunded in full.`,
    ],
    linkPath: paths.receipt.replace(':orderId', encodeURIComponent(p.orderId)),
  };
};

/**
 * A payment's e-mail claimed in the write that caused it: sent, or its claim given back (logged) when it
 * could not be, or when its recipient could not be read (`to` undefined; null: the account is gone).
 */
export async function sendClaimedPaymentMail(
  orderId: string,
  event: string,
  to: UserRecord | null | undefined,
  mail: { subject: string; lines: string[]; linkPath?: string },
): Promise<void> {
  if (to === undefined || !(await sendClaimedMail(to, 'payments', mail.subject, mail.lines, mail.linkPath)))
    await releasePaymentEmail(orderId, event).catch(() => {});
}

/**
 * To each pro a Snip Pro request is offered to by `now` (its wave's time come), once each: what it is,
 * what they would earn, and until when the first to take it gets it.
 */
export function poolOffersMail(p: PaymentRecord, now: number): Promise<void[]> {
  const captured = Date.parse(p.pooledAt!);
  const until = WHEN.format(claimableUntil(captured));
  const { offered } = wavesBy(captured, p.pool!.offers, now);
  return Promise.all(
    offered.map((proId) =>
      sendOnce(
        paymentClaim(p.orderId, `offered_${proId}`),
        proId,
        'requests',
        `Snip Pro request: ${p.trackTitle}`,
        [
          `${p.payerName} asked Snip to find a reviewer for "${p.trackTitle}" (${p.pool!.genre}), and it is offered to you among the pros who fit it.`,
          `The first to take it reviews it and earns ${formatCents(p.earningCents ?? 0)}. It can be taken until ${until}.`,
          `Take it from 'Requests for you' on your home page.`,
        ],
        paths.dashboard,
      ),
    ),
  );
}

/** To the pro: a paid request they did not answer or complete in time expired and was refunded. */
export const requestExpired = (p: PaymentRecord, share: Pick<ShareRecord, 'status' | 'payment'>) =>
  sendOnce(paymentClaim(p.orderId, 'expired'), p.proUserId, 'requests', `Expired: feedback request for ${p.trackTitle}`, [
    `Hi ${p.proName},`,
    share.status === 'accepted'
      ? `You accepted ${p.payerName}'s request for feedback on "${p.trackTitle}" but did not complete it within ${plural(share.payment!.completeDays, 'day')}.`
      : `${p.payerName}'s request for feedback on "${p.trackTitle}" was not accepted within ${plural(share.payment!.acceptHours, 'hour')}.`,
    `The request has expired: ${p.payerName} is refunded ${formatCents(p.amountCents)} in full, and the earning is taken back from your balance.`,
  ]);

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** Quiet time after the last comment of a burst before its digest goes out (env, default 180 s). */
export function commentDigestDelaySeconds(): number {
  const raw = process.env.COMMENT_DIGEST_DELAY_SECONDS;
  const value = raw ? Number(raw) : NaN;
  return Number.isFinite(value) && value >= 0 ? value : 180;
}

/** When the digest that a comment written now joins is due. */
export const digestDueAt = (now = Date.now()) => new Date(now + commentDigestDelaySeconds() * 1000).toISOString();

/** A digest that could not be sent is tried again this much later, this many times in all. */
const DIGEST_RETRY_SECONDS = 60;
const DIGEST_ATTEMPTS = 5;

/**
 * E-mails one digest: the comments it names that still exist, by the other participant. False when
 * nothing is left to tell (the share is gone, or every comment was deleted).
 */
async function sendDigest(d: DigestRecord): Promise<boolean> {
  const bundle = await getShareBundle(d.shareId);
  if (!bundle) return false;
  const { share } = bundle;
  const toAuthor = d.toUserId === share.sharedByUserId;
  if (!toAuthor && d.toUserId !== share.sharedWithUserId) return false;
  const ids = new Set(d.commentIds);
  const comments = bundle.comments
    .filter((c) => ids.has(c.id) && c.userId !== d.toUserId)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  if (!comments.length) return false;
  const [to, from] = toAuthor ? [share.sharedByName, share.sharedWithName] : [share.sharedWithName, share.sharedByName];
  const n = comments.length;
  await deliver(
    d.toUserId,
    'digests',
    n === 1 ? `New comment on ${share.trackTitle}` : `${n} new comments on ${share.trackTitle}`,
    [
      `Hi ${to},`,
      `${from} left ${n === 1 ? 'a comment' : `${n} comments`} on "${share.trackTitle}":`,
      ...comments.map((c) => `${c.timestamp == null ? 'General' : `At ${commentPlace(c)}`}: ${c.text}`),
    ],
    feedbackPath(share.id),
  );
  return true;
}

/**
 * Sends the digests that are due: each is claimed first (deleted on condition it is still due), so two
 * runs never send the same one. One that cannot be sent is logged and put back to be tried a minute
 * later, a few times; a failure with one digest never stops the others.
 */
export async function sendDueDigests(
  now = new Date(),
  only?: { shareId: string },
): Promise<{ sent: number; empty: number; failed: number }> {
  const counts = { sent: 0, empty: 0, failed: 0 };
  for (const due of await dueDigests(now.toISOString())) {
    // A test sends one share's digests without touching anyone else's.
    if (only && due.shareId !== only.shareId) continue;
    let claimed: DigestRecord | null = null;
    try {
      claimed = await claimDigest(due);
      if (!claimed) continue;
      if (await sendDigest(claimed)) counts.sent++;
      else counts.empty++;
    } catch (err) {
      counts.failed++;
      log.error('Comment digest not sent', err, { shareId: due.shareId, userId: due.toUserId });
      if (claimed && claimed.attempts + 1 < DIGEST_ATTEMPTS) {
        const retryAt = new Date(now.getTime() + DIGEST_RETRY_SECONDS * 1000).toISOString();
        await restoreDigest({ ...claimed, attempts: claimed.attempts + 1 }, retryAt).catch((e) =>
          log.error('Comment digest not put back', e, { shareId: due.shareId }),
        );
      }
    }
  }
  return counts;
}
