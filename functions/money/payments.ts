/**
 * Paid feedback, as the musician and the pro meet it: an order for a pro's price, its capture when the
 * payer comes back, a cancel, a pro's decline, a deleted track's refund, and the refunds an admin looks
 * at. The request for feedback exists only once the money is captured. Every change of a payment is a
 * move of the state machine (payment-machine.ts), seen through by payment-settlement.ts; the webhook
 * (paypal-events.ts) and the scheduled check (payment-checks.ts) see payments through the same way.
 *
 * A paid request never ends with the money kept and no feedback: declined, expired, its track deleted,
 * or its capture unable to create it, it is refunded in full, with the ledger reversing the earning.
 */
import { randomUUID } from 'node:crypto';
import { paths } from '../../shared/paths.js';
import { CURRENCY } from '../../shared/money.js';
import type { ShareOptions } from '../../shared/schemas/shares.js';
import type { PaymentView, StuckRefundsPage } from '../../shared/schemas/payments.js';
import { decodeCursor, encodeCursor } from '../lib/cursor.js';
import * as data from './data/payments.js';
import type { PaymentRecord } from './data/payments.js';
import { openOrdersOf, type OpenOrder } from './data/open-orders.js';
import { readShare, statusChange, type ShareRecord } from '../feedback/data/index.js';
import { getSettings } from '../platform/data/index.js';
import type { UserRecord } from '../people/data/index.js';
import { config } from '../lib/config.js';
import { Conflict, NotFound, TooManyRequests } from '../lib/errors.js';
import { payments } from '../providers/payments.js';
import { idempotencyConflict, idFromKey, requestHash } from '../lib/idempotency.js';
import { count, log } from '../lib/observability.js';
import { enforceRateLimits } from '../platform/index.js';
import { stateOf } from './payment-machine.js';
import {
  ABANDON_MS,
  captureRequestId,
  endPaidRequest,
  finishRefundLater,
  iso,
  reconcilePayment,
  refundRequestId,
  settleCapture,
  step,
  type Applying,
} from './payment-settlement.js';
import type { Withdrawal } from '../tracks/index.js';

export function toPaymentView(p: PaymentRecord): PaymentView {
  return {
    orderId: p.orderId,
    status: p.status,
    amountCents: p.amountCents,
    proUserId: p.proUserId,
    proName: p.proName,
    trackId: p.trackId,
    trackTitle: p.trackTitle,
    shareId: p.credited ? p.shareId : null,
    refundReason: p.refundReason ?? null,
    createdAt: p.createdAt,
  };
}

/**
 * What a payer buys, as the topic that sells it describes it (feedback/paid-requests.ts): from whom, what
 * it is called, for how much, what a keyed retry must ask for again, and what the payment opens once it is
 * captured. Money knows no more of it: the checks and the price are the seller's.
 */
export interface Purchase {
  proUserId: string;
  proName: string;
  trackId: string;
  trackTitle: string;
  shareOptions: ShareOptions;
  amountCents: number;
  /** What PayPal shows the payer. */
  description: string;
  /** What was asked for: a retry under the same idempotency key must ask for the same. */
  request: unknown;
  /** The request the captured payment opens, named from the order. */
  opens(orderId: string): Pick<PaymentRecord, 'shareId' | 'shareDraft'>;
  /** A Snip Pro request: nobody named, its money held in the pool for the pros it is offered to (shared/pool.ts). */
  pool?: PaymentRecord['pool'];
}

/**
 * Creates the provider's order for a purchase and stores the pending payment that holds it until the
 * capture. The purchase is prepared (checked and priced) while the payer's limits are counted: one round
 * trip for all of them. With an idempotency key, a retry gives back the same order.
 */
export async function sell(
  caller: UserRecord,
  purchase: Promise<Purchase>,
  idempotencyKey?: string,
): Promise<{ orderId: string; approveUrl: string }> {
  const now = Date.now();
  const [bought, open] = await Promise.all([
    purchase,
    openOrdersOf(caller.id),
    // A call refused by either counts towards neither: a client retrying in a loop is held for the
    // minute, not locked out for the hour.
    enforceRateLimits(['createOrder', 'createOrderHourly'], caller.id, now),
  ]);
  const price = bought.amountCents;
  const hash = requestHash(bought.request);
  // PayPal answers a repeated request id with the order it first made, whatever the new request says; so
  // the id (and the invoice id) is derived from the key and what the request asks for: a retry gets its
  // order back, while another request under the same key gets an order of its own, refused below by the
  // key's claim before anything is stored.
  const invoiceId = idempotencyKey ? idFromKey(caller.id, 'payment', `${idempotencyKey}\n${hash}`) : randomUUID();
  // A retry of an open order is that order, not one more. Refused here before PayPal is asked; orders sent
  // at once are held to the cap by the write that stores them.
  if (Object.keys(open).length >= MAX_OPEN_ORDERS && !open[invoiceId]) throw tooManyOpenOrders(open);
  const order = await payments().createOrder(
    {
      invoiceId,
      amountCents: price,
      description: bought.description,
      returnUrl: `${config.appUrl}${paths.feedbackSuccess}`,
      cancelUrl: `${config.appUrl}${paths.feedbackCancel}`,
    },
    invoiceId,
  );
  if (order.amountCents !== price || order.invoiceId !== invoiceId || (order.currency ?? CURRENCY) !== CURRENCY) {
    // What PayPal holds is not what was asked: nothing is stored, so nothing can be captured against it.
    count('PaymentMismatches');
    log.error('PayPal answered an order that is not the one asked for', undefined, {
      orderId: order.orderId,
      amountCents: order.amountCents,
      invoiceId: order.invoiceId,
    });
    throw idempotencyConflict();
  }
  const payment: PaymentRecord = {
    orderId: order.orderId,
    invoiceId,
    payerId: caller.id,
    payerName: caller.fullName,
    proUserId: bought.proUserId,
    proName: bought.proName,
    trackId: bought.trackId,
    trackTitle: bought.trackTitle,
    amountCents: price,
    ...(order.payeeId ? { payeeId: order.payeeId } : {}),
    shareOptions: bought.shareOptions,
    ...bought.opens(order.orderId),
    ...(bought.pool ? { pool: bought.pool } : {}),
    status: 'pending',
    // Not polled while it waits for the payer: the webhook or the browser moves it, and one check at the
    // give-up time settles what they did not.
    checkAt: iso(now + ABANDON_MS + 60_000),
    createdAt: iso(now),
    updatedAt: iso(now),
  };
  const put = await data.putPayment(
    payment,
    hash,
    idempotencyKey ? idFromKey(caller.id, 'payment', idempotencyKey) : undefined,
    MAX_OPEN_ORDERS,
  );
  if (put.created) return { orderId: order.orderId, approveUrl: order.approveUrl };
  // PayPal's order is left unstored: never approved, it lapses there after three hours.
  if (put.tooMany) throw tooManyOpenOrders(await openOrdersOf(caller.id));
  if (put.keyTaken || !put.existing || put.existing.record.payerId !== caller.id || put.existing.requestHash !== hash)
    throw idempotencyConflict();
  return { orderId: order.orderId, approveUrl: order.approveUrl };
}

/** Orders one payer may have waiting for approval at once (each is watched, and PayPal's quota is shared). */
export const MAX_OPEN_ORDERS = 5;

function tooManyOpenOrders(byInvoice: Record<string, OpenOrder>) {
  const open = Object.values(byInvoice);
  const oldest = open.reduce((a, b) => (a.createdAt <= b.createdAt ? a : b));
  return new Conflict(
    `You have ${open.length} payments waiting for approval in PayPal. Finish or cancel the oldest (feedback from ${oldest.proName} on "${oldest.trackTitle}") first, or wait: an unapproved payment lapses after 3 hours.`,
    'too_many_open_orders',
    { oldestOrderId: oldest.orderId },
  );
}

/**
 * The payer came back through PayPal's Cancel: an order not approved is given up at once (so it no longer
 * counts as open); one approved meanwhile, in another tab, is settled as the checks would settle it.
 */
export async function cancelOrder(caller: UserRecord, orderId: string): Promise<PaymentView> {
  const found = await data.getPayment(orderId);
  if (!found || found.record.payerId !== caller.id) throw new NotFound('Payment not found');
  const p = found.record;
  if (p.status !== 'pending') return toPaymentView(p);
  const order = await payments().getOrder(orderId);
  if (!order || order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED' || order.status === 'VOIDED') {
    const lapsed = await step(p, { type: 'order_lapsed', reason: 'cancelled' });
    if (lapsed.kind === 'moved') return toPaymentView(lapsed.payment);
  } else {
    const settled = await reconcilePayment(p);
    if (settled) return toPaymentView(settled);
  }
  return toPaymentView((await data.getPayment(orderId))!.record);
}

/** How long a capture that PayPal calls unapproved waits for a decline the webhook may be noting. */
const DECLINE_NOTE_WAIT_MS = 250;
/**
 * After PayPal said an order is not approved yet, captures of it are answered so from the table for this
 * long: a page retrying in a loop asks PayPal once per gap, not once per click (its approval webhook
 * captures the order anyway).
 */
export const NOT_APPROVED_GAP_MS = 5000;

const notApprovedYet = () => new Conflict('This payment has not been approved in PayPal yet. Nothing was charged.', 'payment_not_approved');

/**
 * The browser is back from the payer's approval: captures the order (with an idempotency key, so a retry
 * never charges twice) and applies the capture. Answers the payment as it then stands, whichever path
 * applied it: from what the writes saw, read again only when they could not tell.
 */
export async function captureOrder(caller: UserRecord, orderId: string): Promise<PaymentView> {
  // The margin is read with the payment, not after it: settling a capture then reads nothing more. The
  // limit is counted beside them, and refuses only a call that would ask PayPal: one that finds its payment
  // settled answers from the table.
  const [found, settings, overLimit] = await Promise.all([
    data.getPayment(orderId),
    getSettings(),
    enforceRateLimits(['captureOrder', 'captureOrderHourly'], caller.id).then(
      () => null,
      (err: unknown) => {
        if (err instanceof TooManyRequests) return err;
        throw err;
      },
    ),
  ]);
  // Someone else's payment is as unknown as one that does not exist.
  if (!found || found.record.payerId !== caller.id) throw new NotFound('Payment not found');
  const p = found.record;
  if (p.status !== 'pending') return toPaymentView(p);
  if (overLimit) throw overLimit;
  // A decline noted since is the payer's news, and PayPal is asked (their approval with another source).
  const unapproved = p.notApprovedAt && !(p.declinedAt && p.declinedAt > p.notApprovedAt) ? Date.parse(p.notApprovedAt) : 0;
  if (Date.now() - unapproved < NOT_APPROVED_GAP_MS) throw notApprovedYet();
  const outcome = await payments().captureOrder(orderId, captureRequestId(orderId));
  // The webhook's capture may have met the decline first (and PayPal then asks for a new approval):
  // the payer hears about the decline either way, also when it was noted after the read above (or is being
  // noted now: the webhook writes it just after PayPal answers it, so it is looked for twice).
  const declinedMeanwhile = async () => {
    if (p.declinedAt) return true;
    for (const wait of [0, DECLINE_NOTE_WAIT_MS]) {
      if (wait) await new Promise((r) => setTimeout(r, wait));
      if ((await data.getPayment(orderId))?.record.declinedAt) return true;
    }
    return false;
  };
  if (outcome.kind === 'declined' || (outcome.kind === 'not_approved' && (await declinedMeanwhile()))) {
    if (outcome.kind === 'declined') await step(p, { type: 'funding_declined' });
    count('PaymentsFailed');
    throw new Conflict('PayPal declined this payment method. Nothing was charged: try again with another way to pay.', 'payment_declined');
  }
  if (outcome.kind === 'not_approved') {
    await step(p, { type: 'capture_unapproved' });
    throw notApprovedYet();
  }
  const applying: Applying = { margin: settings.margin, payer: caller, leaveRefund: true };
  const settled = outcome.kind === 'captured' ? await settleCapture(p, outcome.capture, applying) : await reconcilePayment(p, applying);
  return toPaymentView(settled ?? (await data.getPayment(orderId))!.record);
}

/**
 * The pro declines a paid request: declined and marked for refund in one write, and the refund sent to the
 * provider. Recording it (the ledger, the pro's balance, the payer's e-mail) is left to whichever comes
 * first of the provider's refund webhook and the scheduled check (due at once): both finish a refund that
 * is refunding, once, so the decline itself needs no further round trip. 'not_paid' when the request's
 * payment is not captured (the caller then declines it as a free one).
 */
export async function declinePaidRequest(
  share: ShareRecord,
  decline: ShareRecord['decline'],
  requestMarks: Record<string, unknown>[] = [],
): Promise<'declined' | 'not_pending' | 'not_paid'> {
  if (!share.payment) return 'not_paid';
  const { orderId } = share.payment;
  // The payment is read beside the write for its capture id, which is fixed once the request exists.
  const [started, found] = await Promise.all([
    endPaidRequest(orderId, 'declined', statusChange(share, ['pending'], 'declined', { decline }), requestMarks),
    data.getPayment(orderId),
  ]);
  if (started.kind === 'request_moved') return 'not_pending';
  if (started.kind !== 'moved') return 'not_paid';
  const captureId = found?.record.captureId;
  if (captureId) {
    await payments()
      .refundCapture(captureId, refundRequestId(orderId))
      .catch((err) => log.error('Refund not sent yet; the scheduled check will send it', err, { orderId }));
  }
  return 'declined';
}

/**
 * A paid request whose track is being deleted through fences (its share fenced, so its status can no
 * longer change): marked for refund when it has not got its feedback. The refund itself follows the deletion.
 * (A track deleted in one transaction leaves its paid requests to the scheduled check: data.paymentDueNow.)
 */
export async function withdrawPaidRequest(shareId: string, orderId: string): Promise<void> {
  const [share, found] = await Promise.all([readShare(shareId), data.getPayment(orderId)]);
  if (!found || stateOf(found.record) !== 'captured' || share?.record.status === 'completed') return;
  await step(found.record, { type: 'request_ended', reason: 'track_deleted' });
}

export const finishWithdrawal = (orderId: string) => finishRefundLater(orderId);

/** For the tracks area's deletions through fences: the refund made at once. */
export const refundAtOnce: Withdrawal = {
  start: withdrawPaidRequest,
  finish: async (orderId) => void (await finishWithdrawal(orderId)),
};

export const STUCK_PAGE_SIZE = 25;

/** Refunds waiting for an admin, newest first. */
export async function listStuckRefunds(input: { cursor?: string }): Promise<StuckRefundsPage> {
  const start = decodeCursor(input.cursor, { GSI2PK: data.STUCK });
  const page = await data.stuckRefunds(STUCK_PAGE_SIZE, start);
  return {
    refunds: page.payments.map((p) => ({
      ...toPaymentView(p),
      payerName: p.payerName,
      attempts: p.refundAttempts ?? 0,
      reason: p.stuckReason ?? null,
      stuckAt: p.stuckAt ?? p.updatedAt,
    })),
    next: page.next ? encodeCursor(page.next) : null,
  };
}

/** An admin's 'Try again' on a stuck refund: the next check (due at once) sends it again. */
export async function retryRefund(orderId: string): Promise<PaymentView> {
  const found = await data.getPayment(orderId);
  if (!found) throw new NotFound('Payment not found');
  const retried = await step(found.record, { type: 'admin_retry' });
  if (retried.kind !== 'moved') throw new Conflict('This refund is not waiting for an admin any more.', 'not_stuck');
  return toPaymentView(retried.payment);
}
