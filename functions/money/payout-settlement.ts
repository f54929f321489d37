/**
 * Seeing a payout through: PayPal asked to pay it (again, with the same sender batch id, while it has not
 * taken it), and what PayPal says of its item (its webhook, or the scheduled check asking) made a move of
 * the payout machine (payout-machine.ts), written once, with the pro's e-mail it claims.
 */
import { formatCents } from '../../shared/money.js';
import { paths, statementPath } from '../../shared/paths.js';
import type { WebhookEvent } from './data/payments.js';
import * as data from './data/payouts.js';
import type { PayoutRecord } from './data/payouts.js';
import { getUser, type UserRecord } from '../people/data/index.js';
import { count, log } from '../lib/observability.js';
import { payments, PayoutRefused } from '../providers/payments.js';
import { sendClaimedMail } from '../platform/index.js';
import { afterPayout, decidePayout, PAYOUT_LOOK_MS, RETURN_REASONS, settles, type PayoutEvent } from './payout-machine.js';

/** A send PayPal did not answer is tried again this much later, each wait twice the last, up to PAYOUT_LOOK_MS. */
export const SEND_RETRY_MS = 60_000;
/**
 * Sends tried (the first included) after which a payout still unanswered counts as stuck: about three hours
 * of tries. It is still sent again every hour (the same sender batch id pays once, so a send is always safe
 * to repeat, and money PayPal may have taken is never given back on a guess), but each try is counted as
 * PayoutsStuck, whose alarm tells someone, and the admin's list of payouts shows it.
 */
export const PAYOUT_STUCK_ATTEMPTS = 8;
const iso = (ms: number) => new Date(ms).toISOString();

/** When a send that failed `attempts` times is tried again. */
export const sendRetryAt = (attempts: number, now: Date) =>
  iso(now.getTime() + Math.min(SEND_RETRY_MS * 2 ** Math.max(0, attempts - 1), PAYOUT_LOOK_MS));

/** Asks PayPal to pay a payout that is sending (again: the same sender batch id pays once), and records what it said. */
export async function sendPayout(p: PayoutRecord, now = new Date()): Promise<PayoutRecord> {
  let sent;
  try {
    sent = await payments().createPayout({
      senderBatchId: p.id,
      receiver: p.email,
      amountCents: p.amountCents,
      note: 'Your earnings from feedback on Snip',
      emailSubject: 'You have a payout from Snip',
    });
  } catch (err) {
    if (err instanceof PayoutRefused) {
      // Final: nothing was paid, and the same payout would be refused again. The money goes back at once, with an e-mail.
      log.warn('PayPal refused a payout: its money is back with the pro', { payoutId: p.id, reason: err.reason });
      return (await step(p, { type: 'send_refused', error: err.reason }, now)) ?? p;
    }
    const attempts = p.attempts ?? 1;
    if (attempts >= PAYOUT_STUCK_ATTEMPTS) {
      count('PayoutsStuck');
      log.error('A payout PayPal has not answered for hours waits for a look', err, { payoutId: p.id, attempts });
    } else log.error('Payout not sent yet; the scheduled check will send it again', err, { payoutId: p.id, attempts });
    const error = ((err as { detail?: string }).detail ?? (err as Error)?.message ?? String(err)).slice(0, 300);
    return (await step(p, { type: 'send_failed', retryAt: sendRetryAt(attempts, now), error }, now)) ?? p;
  }
  // Recorded as sent: PayPal's webhook settles it (or the check, in a minute when PayPal's answer already
  // settles it, an hour when it is under way), which keeps the pro's request short.
  const lookAt = settles(sent.state) ? iso(now.getTime() + SEND_RETRY_MS) : undefined;
  return (await step(p, { type: 'sent', batchId: sent.batchId, itemId: sent.itemId, lookAt }, now)) ?? p;
}

/** Applies what PayPal says of the payout's item: paid, given back, or still under way (an unclaimed item is cancelled for its money). */
async function settle(
  p: PayoutRecord,
  item: { state: string; error: string | null; itemId: string | null; batchId?: string; transactionId?: string | null },
  now = new Date(),
  event?: WebhookEvent,
): Promise<PayoutRecord> {
  if (item.state === 'UNCLAIMED' && item.itemId) {
    // Unclaimed money is PayPal's to return after 30 days: cancelled now, it comes back, and the pro may fix their address.
    const cancelled = await payments()
      .cancelPayoutItem(item.itemId)
      .catch((err) => (log.error('Unclaimed payout not cancelled yet', err, { payoutId: p.id }), false));
    if (cancelled) return (await step(p, { type: 'unclaimed_returned', error: item.error }, now, event)) ?? p;
  }
  const e: PayoutEvent = {
    type: 'provider_state',
    state: item.state as never,
    error: item.error,
    lookAt: iso(now.getTime() + PAYOUT_LOOK_MS),
    batchId: item.batchId,
    itemId: item.itemId,
    transactionId: item.transactionId,
  };
  return (await step(p, e, now, event)) ?? p;
}

/**
 * One move of a payout, written once (with the webhook event that brought it); the payout as it then stands
 * (null: it had moved meanwhile). `proGone`: the pro deleted their account, so money given back is the platform's.
 */
async function step(
  p: PayoutRecord,
  e: PayoutEvent,
  now: Date,
  event?: WebhookEvent,
  again = true,
  proGone = false,
): Promise<PayoutRecord | null> {
  const d = decidePayout(p, e, now, { proGone });
  if (!d.ok) return null;
  // The pro is read beside the write, for the e-mail the move claims.
  const [written, pro] = await Promise.all([
    data.writePayout(d.write, event),
    d.write.claimsMail ? getUser(p.userId).catch(() => undefined) : undefined,
  ]);
  if (!written) {
    // Moved meanwhile by another path (the send's answer and PayPal's event race): decided again on it as it
    // now stands. Or, for money given back, refused because the pro's account is gone: booked to the platform.
    const [current, gone] = again
      ? await Promise.all([data.getPayout(p.id), d.write.pro ? getUser(p.userId).then((u) => !u) : false])
      : [null, false];
    if (current && current.status !== p.status) return step(current, e, now, event, false);
    return current && gone && !proGone ? step(current, e, now, event, false, true) : null;
  }
  const moved = afterPayout(p, d.write);
  if (d.write.claimsMail) await mailPro(moved, d.write.claimsMail, pro);
  if (d.write.to === 'paid') count('PayoutsPaid');
  if (d.write.closes && d.write.to !== 'paid') count('PayoutsReturned');
  return moved;
}

async function mailPro(p: PayoutRecord, event: string, pro: UserRecord | null | undefined): Promise<void> {
  const [subject, lines] =
    event === 'paid'
      ? [
          `Paid out: ${formatCents(p.amountCents)}`,
          [
            `Hi ${p.userName},`,
            `We sent ${formatCents(p.amountCents)} to your PayPal account ${p.email}${p.transactionId ? ` (PayPal transaction ${p.transactionId})` : ''}.`,
            'Your monthly statement lists it with the earnings it paid out.',
          ],
        ]
      : [
          `Payout returned: ${formatCents(p.amountCents)}`,
          [
            `Hi ${p.userName},`,
            `Your payout of ${formatCents(p.amountCents)} to ${p.email} did not go through: ${RETURN_REASONS[p.status]}${p.reason && p.reason !== RETURN_REASONS[p.status] ? ` (${p.reason})` : ''}.`,
            'The money is back in your available balance. Check your PayPal address on your profile and withdraw again.',
          ],
        ];
  const link = event === 'paid' ? statementPath((p.completedAt ?? p.updatedAt).slice(0, 7)) : paths.profile;
  if (pro === undefined || !(await sendClaimedMail(pro, 'payments', subject, lines, link)))
    await data.releasePayoutEmail(p.id, event).catch(() => {});
}

/** The scheduled check of one payout: sent again while PayPal has not taken it, else asked where it stands. */
export async function checkPayout(id: string, now = new Date()): Promise<void> {
  const p = await data.getPayout(id);
  if (!p) return;
  if (p.status === 'sending') {
    await sendPayout(p, now);
    return;
  }
  if (p.status !== 'pending' || !p.batchId) return;
  const found = await payments().getPayout(p.batchId);
  if (found) await settle(p, found, now);
}

/**
 * A PayPal event about a payout item: the payout (our sender item id) settled with PayPal's item as it
 * stands now, whatever the event said. True when the event was recorded with the move it made.
 */
export async function applyPayoutEvent(
  resource: { payout_batch_id?: unknown; payout_item?: { sender_item_id?: unknown } },
  event: WebhookEvent,
): Promise<boolean> {
  const senderItemId = resource.payout_item?.sender_item_id;
  const p = typeof senderItemId === 'string' ? await data.getPayout(senderItemId) : null;
  const batchId = p?.batchId ?? (typeof resource.payout_batch_id === 'string' ? resource.payout_batch_id : null);
  if (!p || !batchId) return false;
  const found = await payments().getPayout(batchId);
  if (!found) return false;
  // A payout still sending (the event outran the send's own answer) is recorded as sent by the same move.
  const settled = await settle(p, found, new Date(), event);
  return settled !== p;
}
