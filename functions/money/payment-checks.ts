/**
 * The scheduled check: every payment whose time has come is looked at. A pending one is reconciled with
 * the provider, a refund is finished, a paid request past its deadline is expired and refunded, and a
 * refund the provider keeps refusing is handed to an admin. A failure with one never stops the others.
 */
import * as data from './data/payments.js';
import type { PaymentRecord, RefundReason } from './data/payments.js';
import { EARNING_HOLD_DAYS } from '../../shared/money.js';
import { claimableUntil, wavesBy } from '../../shared/pool.js';
import { noOpenDispute, readDispute, readShare, statusChange, deadlineOf, reminderOf } from '../feedback/data/index.js';
import { getUser } from '../people/data/index.js';
import { getTrack } from '../tracks/data/index.js';
import { duePayouts } from './data/payouts.js';
import { checkPayout } from './payout-settlement.js';
import { count, log } from '../lib/observability.js';
import { PaymentProviderError } from '../providers/payments.js';
import { deadlineReminder, poolOffersMail, requestExpired } from '../platform/index.js';
import { recordMissed } from '../people/index.js';
import { RETRY_MS, stateOf } from './payment-machine.js';
import { finishRefund, iso, reconcilePayment, step } from './payment-settlement.js';

/** How many due payments one run looks at together: each waits mostly on PayPal and DynamoDB. */
export const CHECK_CONCURRENCY = 16;

/** A captured payment whose request ended without its feedback: refunded (unless another path moved it first). */
async function endAndRefund(
  p: PaymentRecord,
  reason: Extract<RefundReason, 'declined' | 'expired' | 'unclaimed' | 'track_deleted' | 'reversed'>,
): Promise<void> {
  const started = await step(p, { type: 'request_ended', reason });
  if (started.kind === 'moved') await finishRefund(started.payment);
}

/** An open report of a delivered review holds its earning: looked at again this often until it is decided. */
const REPORT_LOOK_MS = 3600_000;

/**
 * The scheduled check of a payment whose feedback was delivered: its earning released once the hold is
 * over, unless the musician's report or a dispute at the provider holds it (the dispute's close looks again).
 */
async function checkDelivered(p: PaymentRecord, now: Date): Promise<void> {
  const lookAgain = (at: string | null) => step(p, { type: 'look_again', at }).then(() => undefined);
  if (stateOf(p) === 'released' || p.disputeId) return lookAgain(null);
  const releaseAt = Date.parse(p.fulfilledAt!) + EARNING_HOLD_DAYS * 86_400_000;
  if (now.getTime() < releaseAt) return lookAgain(iso(releaseAt));
  const [report, pro] = await Promise.all([readDispute(p.shareId), getUser(p.proUserId)]);
  if (report?.status === 'open') return lookAgain(iso(now.getTime() + REPORT_LOOK_MS));
  // On condition that no report opened meanwhile and that no other release of the pro's came between.
  const released = await step(
    p,
    { type: 'hold_ended', releasedBefore: pro?.releasedCents ?? 0 },
    { requestChange: noOpenDispute(p.shareId) },
    now,
  );
  if (released.kind === 'moved') count('EarningsReleased');
  else if (released.kind === 'request_moved' || released.kind === 'pro_gone') await lookAgain(iso(now.getTime() + 60_000));
}

/** The scheduled check of one captured payment: its request's deadline, or a refund its request's end calls for. */
async function checkCaptured(p: PaymentRecord, now: Date): Promise<void> {
  const lookAgain = (at: string | null) => step(p, { type: 'look_again', at }).then(() => undefined);
  const found = await readShare(p.shareId);
  if (!found) return endAndRefund(p, 'track_deleted');
  const share = found.record;
  if (found.deleting) return lookAgain(iso(now.getTime() + RETRY_MS));
  if (share.status === 'completed') return lookAgain(null);
  if (share.status !== 'pending' && share.status !== 'accepted') {
    return endAndRefund(p, share.status === 'declined' ? 'declined' : share.status === 'expired' ? 'expired' : 'reversed');
  }
  const deadline = deadlineOf(share)!;
  if (now.getTime() < deadline) {
    // A day before the deadline the pro is reminded (once); the check then waits for the deadline.
    const reminder = reminderOf(share)!;
    if (now.getTime() < reminder.at) return lookAgain(iso(reminder.at));
    await deadlineReminder(share, reminder.event, deadline);
    return lookAgain(iso(deadline));
  }
  const started = await step(
    p,
    { type: 'request_ended', reason: 'expired' },
    { requestChange: statusChange(share, [share.status], 'expired') },
  );
  if (started.kind === 'moved') {
    await Promise.all([requestExpired(p, share), recordMissed(share.sharedWithUserId, share.id, now.getTime())]);
    await finishRefund(started.payment);
  } else {
    // The request moved meanwhile (accepted, completed): look again shortly.
    await lookAgain(iso(now.getTime() + 60_000));
  }
}

/**
 * The scheduled check of a Snip Pro request in the pool: a new wave of pros joins (e-mailed, each once), and
 * it is looked at again when the next does or its time runs out; nobody claimed it in time, so it is refunded
 * in full. The move is conditional on the request still being in the pool: a claim that landed first wins.
 */
async function checkPooled(p: PaymentRecord, now: Date): Promise<void> {
  const captured = Date.parse(p.pooledAt!);
  const until = claimableUntil(captured);
  // Its track deleted (by an admin acting as the musician, or a deletion whose refund did not go through):
  // refunded now, rather than offered to pros who could not take it.
  if (!(await getTrack(p.trackId, { consistent: true }))) return endAndRefund(p, 'track_deleted');
  if (now.getTime() < until) {
    await poolOffersMail(p, now.getTime());
    const { nextAt } = wavesBy(captured, p.pool!.offers, now.getTime());
    await step(p, { type: 'look_again', at: iso(Math.min(nextAt ?? until, until)) });
    return;
  }
  const started = await step(p, { type: 'request_ended', reason: 'unclaimed' }, {}, now);
  if (started.kind !== 'moved') return;
  count('PoolRequestsUnclaimed');
  log.warn('A Snip Pro request was refunded: no pro claimed it', { orderId: p.orderId, genre: p.pool?.genre });
  await finishRefund(started.payment);
}

/** The scheduled check of one payment, as it stands when read. */
async function checkPayment(orderId: string, now: Date): Promise<'checked' | 'failed' | 'gone'> {
  // One payment that cannot be read (the table's trouble) stays due for the next run; it never stops this one.
  const found = await data.getPayment(orderId).catch((err: unknown) => {
    count('PaymentsFailed');
    log.error('Payment check failed', err, { orderId });
    return 'failed' as const;
  });
  if (found === 'failed') return found;
  if (!found) return 'gone';
  const p = found.record;
  try {
    const state = stateOf(p);
    if (state === 'pending') await reconcilePayment(p, { now });
    else if (state === 'refunding') await finishRefund(p);
    else if (state === 'pooled') await checkPooled(p, now);
    else if (state === 'captured') await checkCaptured(p, now);
    else if (state === 'fulfilled' || state === 'released') await checkDelivered(p, now);
    else await step(p, { type: 'look_again', at: null });
    return 'checked';
  } catch (err) {
    count('PaymentsFailed');
    log.error('Payment check failed', err, { orderId });
    // Only PayPal's refusals count towards handing a refund to an admin; our own trouble (a throttled
    // table, a write that lost a race after PayPal refunded) is tried again like any other check.
    if (p.status === 'refunding' && err instanceof PaymentProviderError) await refundRefused(p, err, now).catch(() => {});
    else await step(p, { type: 'look_again', at: iso(now.getTime() + RETRY_MS) }).catch(() => {});
    return 'failed';
  }
}

/**
 * A refund the provider would not make: tried again later, each wait twice the last (5 minutes up to 6
 * hours); after MAX_REFUND_ATTEMPTS it waits for an admin (Admin Settings, 'Refunds to look at'), counted
 * as RefundsStuck, whose alarm tells someone.
 */
export async function refundRefused(p: PaymentRecord, err: unknown, now: Date): Promise<void> {
  // What the provider said (a PaymentProviderError's detail), rather than the words meant for a user.
  const reason = ((err as { detail?: string }).detail ?? (err as Error)?.message ?? String(err)).slice(0, 300);
  const moved = await step(p, { type: 'refund_refused', reason }, {}, now);
  if (moved.kind === 'moved' && moved.to === 'refund_stuck') {
    count('RefundsStuck');
    log.error('A refund PayPal keeps refusing waits for an admin', undefined, {
      orderId: p.orderId,
      attempts: moved.payment.refundAttempts,
      reason,
    });
  }
}

/**
 * The scheduled check: every payment whose time has come is looked at, CHECK_CONCURRENCY at a time,
 * batch after batch until none is due or `budgetMs` is spent. A failure with one puts it back for a later run.
 */
export async function checkDuePayments(
  now = new Date(),
  only?: { orderId: string } | { payoutId: string },
  budgetMs = 40_000,
): Promise<{ checked: number; failed: number }> {
  const counts = { checked: 0, failed: 0 };
  // A test looks at one payment (or payout), with its own clock, without touching anyone else's.
  if (only && 'payoutId' in only) {
    counts[await lookAtPayout(only.payoutId, now)]++;
    return counts;
  }
  if (only) {
    const outcome = await checkPayment(only.orderId, now);
    if (outcome !== 'gone') counts[outcome]++;
    return counts;
  }
  const until = Date.now() + budgetMs;
  const seen = new Set<string>();
  while (Date.now() < until) {
    // One looked at already this run is not taken again: the index may still show it due.
    const due = (await data.duePayments(now.toISOString())).filter((id) => !seen.has(id));
    if (!due.length) break;
    due.forEach((id) => seen.add(id));
    await eachConcurrently(due, CHECK_CONCURRENCY, until, async (orderId) => {
      const outcome = await checkPayment(orderId, now);
      if (outcome !== 'gone') counts[outcome]++;
    });
  }
  // Payouts not settled by PayPal's webhook: sent again, or asked about. Few: one open per pro.
  const payouts = await duePayouts(now.toISOString());
  await eachConcurrently(payouts, CHECK_CONCURRENCY, until, async (id) => {
    counts[await lookAtPayout(id, now)]++;
  });
  return counts;
}

async function lookAtPayout(id: string, now: Date): Promise<'checked' | 'failed'> {
  try {
    await checkPayout(id, now);
    return 'checked';
  } catch (err) {
    count('PaymentsFailed');
    log.error('Payout check failed', err, { payoutId: id });
    return 'failed';
  }
}

/** Runs `work` on the items, at most `limit` at a time, starting none after `until`: those left stay due for the next run. */
async function eachConcurrently<T>(items: T[], limit: number, until: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length && Date.now() < until) await work(items[next++]);
    }),
  );
}
