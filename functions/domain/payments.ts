/**
 * Paid feedback: a musician pays a pro's price through the payment provider, and the request for feedback
 * exists only once the money is captured. Three paths can see a payment through, and any of them may run
 * first, twice, or concurrently with the others: the browser coming back (capture-order), the provider's
 * webhook, and the scheduled check. Each reads the provider's order as it stands and applies what it
 * finds with writes conditional on the payment's status (functions/data/payments.ts), so all three
 * converge on one end state, and money moves once.
 *
 * A paid request never ends with the money kept and no feedback: declined, expired, its track deleted,
 * or its capture unable to create it, it is refunded in full, with the ledger reversing the earning.
 */
import { randomUUID } from 'node:crypto';
import { paths } from '../../shared/paths.js';
import { CURRENCY, PAID_REQUEST_DAYS, splitPrice } from '../../shared/money.js';
import type { ShareOptions } from '../../shared/schemas/shares.js';
import type { PaymentView, StuckRefundsPage } from '../../shared/schemas/payments.js';
import { decodeCursor, encodeCursor } from '../lib/cursor.js';
import * as data from '../data/payments.js';
import type { PaymentRecord, PaymentStatus, RefundReason, WebhookEvent } from '../data/payments.js';
import { readShare, statusChange, type ShareRecord } from '../data/shares.js';
import { getSettings } from '../data/settings.js';
import { getTrack } from '../data/tracks.js';
import { getUser, type UserRecord } from '../data/users.js';
import { config } from '../lib/config.js';
import { BadRequest, Conflict, NotFound } from '../lib/errors.js';
import { PaymentProviderError, payments, type ProviderCapture } from '../providers/payments.js';
import type { PaypalEventIds } from './paypal-webhook-gate.js';
import * as notify from './notifications.js';
import { checkRequest, idempotencyConflict, idFromKey, newShare, requestHash } from './requests.js';
import { DAY_MS, deadlineOf } from './paid-deadlines.js';
import { count, log } from '../lib/observability.js';
import { enforceRateLimits } from './rate-limits.js';

/** A payment not captured this long after its order was created is looked at again (the browser normally captures within a minute). */
const PENDING_CHECK_MS = 10 * 60_000;
/** An order still not captured after this is abandoned: PayPal lets an unapproved order expire after three hours. */
const ABANDON_MS = 3 * 3600_000;
/** A capture the provider holds is looked at again this often, for as long as it is held. */
const HELD_CHECK_MS = 3600_000;
/** A refund that could not be finished is tried again this much later. */
const RETRY_MS = 5 * 60_000;

const iso = (ms: number) => new Date(ms).toISOString();
const captureRequestId = (orderId: string) => `capture-${orderId}`;
const refundRequestId = (orderId: string) => `refund-${orderId}`;

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
 * Creates the provider's order for a request to a pro with a price, priced from the pro's stored price
 * (409 price_changed when it is no longer the one the musician saw), and stores the pending payment that
 * holds the request until the capture. With an idempotency key, a retry gives back the same order.
 */
export async function createOrder(
  caller: UserRecord,
  input: { proUserId: string; trackId: string; shareOptions: ShareOptions; feedbackPriceCents: number; idempotencyKey?: string },
): Promise<{ orderId: string; approveUrl: string }> {
  const { idempotencyKey, feedbackPriceCents: seen, ...request } = input;
  const now = Date.now();
  // The limits are counted beside the checks: one round trip for all of them.
  const [{ track, reviewer: pro }, open] = await Promise.all([
    checkRequest(caller, request.proUserId, request.trackId),
    data.openOrdersOf(caller.id, iso(now - ABANDON_MS)),
    // A call refused by either counts towards neither: a client retrying in a loop is held for the
    // minute, not locked out for the hour.
    enforceRateLimits(['createOrder', 'createOrderHourly'], caller.id, now),
  ]);
  const price = pro.type === 'pro' ? pro.feedbackPriceCents : null;
  if (!price) throw new Conflict(`${pro.fullName} gives feedback for free: send the request without paying.`, 'no_price');
  if (price !== seen) {
    throw new Conflict(`${pro.fullName}'s price has changed to $${(price / 100).toFixed(2)}. Check the new price before you pay.`, 'price_changed', {
      feedbackPriceCents: price,
    });
  }
  const hash = requestHash({ ...request, feedbackPriceCents: price });
  // PayPal answers a repeated request id with the order it first made, whatever the new request says; so
  // the id (and the invoice id) is derived from the key and what the request asks for: a retry gets its
  // order back, while another request under the same key gets an order of its own, refused below by the
  // key's claim before anything is stored.
  const invoiceId = idempotencyKey ? idFromKey(caller.id, 'payment', `${idempotencyKey}\n${hash}`) : randomUUID();
  // A retry of an open order is that order, not one more.
  if (open.length >= MAX_OPEN_ORDERS && !open.some((o) => o.invoiceId === invoiceId)) throw tooManyOpenOrders(open);
  const order = await payments().createOrder(
    {
      invoiceId,
      amountCents: price,
      description: `Feedback from ${pro.fullName} on "${track.title}"`,
      returnUrl: `${config.appUrl}${paths.feedbackSuccess}`,
      cancelUrl: `${config.appUrl}${paths.feedbackCancel}`,
    },
    invoiceId,
  );
  if (order.amountCents !== price || order.invoiceId !== invoiceId || (order.currency ?? CURRENCY) !== CURRENCY) {
    // What PayPal holds is not what was asked: nothing is stored, so nothing can be captured against it.
    count('PaymentMismatches');
    log.error('PayPal answered an order that is not the one asked for', undefined, { orderId: order.orderId, amountCents: order.amountCents, invoiceId: order.invoiceId });
    throw idempotencyConflict();
  }
  const shareId = idFromKey(caller.id, 'paid-share', order.orderId);
  const payment: PaymentRecord = {
    orderId: order.orderId,
    invoiceId,
    payerId: caller.id,
    payerName: caller.fullName,
    proUserId: pro.id,
    proName: pro.fullName,
    trackId: track.id,
    trackTitle: track.title,
    amountCents: price,
    ...(order.payeeId ? { payeeId: order.payeeId } : {}),
    shareOptions: request.shareOptions,
    shareId,
    shareDraft: newShare(caller, track, pro, request.shareOptions, shareId, { orderId: order.orderId, amountCents: price }),
    status: 'pending',
    // Not polled while it waits for the payer: the webhook or the browser moves it, and one check at the
    // give-up time settles what they did not.
    checkAt: iso(now + ABANDON_MS + 60_000),
    createdAt: iso(now),
    updatedAt: iso(now),
  };
  const put = await data.putPayment(payment, hash, idempotencyKey ? idFromKey(caller.id, 'payment', idempotencyKey) : undefined);
  if (put.created) return { orderId: order.orderId, approveUrl: order.approveUrl };
  if (put.keyTaken || !put.existing || put.existing.record.payerId !== caller.id || put.existing.requestHash !== hash) throw idempotencyConflict();
  return { orderId: order.orderId, approveUrl: order.approveUrl };
}

/** Orders one payer may have waiting for approval at once (each is watched, and PayPal's quota is shared). */
export const MAX_OPEN_ORDERS = 5;

function tooManyOpenOrders(open: { orderId: string; proName: string; trackTitle: string; createdAt: string }[]) {
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
    if (await data.failPayment(p, 'cancelled')) return toPaymentView({ ...p, status: 'failed' });
  } else {
    const settled = await reconcilePayment(p);
    if (settled) return toPaymentView(settled);
  }
  return toPaymentView((await data.getPayment(orderId))!.record);
}

/**
 * The browser is back from the payer's approval: captures the order (with an idempotency key, so a retry
 * never charges twice) and applies the capture. Answers the payment as it then stands, whichever path
 * applied it: from what the writes saw, read again only when they could not tell.
 */
/** How long a capture that PayPal calls unapproved waits for a decline the webhook may be noting. */
const DECLINE_NOTE_WAIT_MS = 250;

export async function captureOrder(caller: UserRecord, orderId: string): Promise<PaymentView> {
  // The margin is read with the payment, not after it: settling a capture then reads nothing more.
  const [found, settings] = await Promise.all([data.getPayment(orderId), getSettings()]);
  // Someone else's payment is as unknown as one that does not exist.
  if (!found || found.record.payerId !== caller.id) throw new NotFound('Payment not found');
  const p = found.record;
  if (p.status !== 'pending') return toPaymentView(p);
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
    if (outcome.kind === 'declined') await data.noteDecline(p);
    count('PaymentsFailed');
    throw new Conflict('PayPal declined this payment method. Nothing was charged: try again with another way to pay.', 'payment_declined');
  }
  if (outcome.kind === 'not_approved') {
    throw new Conflict('This payment has not been approved in PayPal yet. Nothing was charged.', 'payment_not_approved');
  }
  const applying: Applying = { margin: settings.margin, payer: caller, leaveRefund: true };
  const settled = outcome.kind === 'captured' ? await settleCapture(p, outcome.capture, applying) : await reconcilePayment(p, applying);
  return toPaymentView(settled ?? (await data.getPayment(orderId))!.record);
}

/** What a path applying a payment brings: the margin it read with the payment, and the webhook event it applies. */
interface Applying {
  margin?: number;
  event?: WebhookEvent;
  /**
   * Set once the event needs no record of its own: it was recorded in the write that applied it, or what it
   * would have applied was written meanwhile by another path (a redelivery would find nothing to do).
   */
  done?: boolean;
  /** The payer, when the path has read them already (the browser's capture: the caller is the payer). */
  payer?: UserRecord;
  /**
   * The browser's capture, whose round trips are spent once its capture is refused: a capture that cannot
   * buy its request is answered as being refunded and left to the capture's webhook or the scheduled check,
   * which meet the same refusal and refund it.
   */
  leaveRefund?: boolean;
}

/** The payer read for a refund e-mail; undefined when the read failed (the e-mail's claim is then given back). */
type PayerRead = Promise<UserRecord | null | undefined>;

const readPayer = (p: PaymentRecord, applying: Applying): PayerRead =>
  applying.payer
    ? Promise.resolve(applying.payer)
    : getUser(p.payerId).catch((err) => {
        log.error('Payer not read for the refund e-mail', err, { userId: p.payerId });
        return undefined;
      });

/**
 * Applies a completed capture: the request for feedback, the ledger entries and the pro's earning, once,
 * and e-mails the pro. When the request can no longer be created (its track was deleted, the pro is gone),
 * the payment is refunded instead. Gives the payment as it then stands, or null when that is not known.
 */
async function settleCapture(p: PaymentRecord, capture: ProviderCapture, applying: Applying = {}): Promise<PaymentRecord | null> {
  if (capture.status === 'PENDING') {
    // Held by the provider (an e-check, a review): the webhook or the next check applies it once it completes.
    const checkAt = iso(Date.now() + PENDING_CHECK_MS);
    await data.setCheck(p, p.status, checkAt);
    return { ...p, checkAt };
  }
  const mismatch = captureMismatch(p, capture);
  if (mismatch) {
    // Never applied: refunded in full, the reason recorded, counted for the alarm.
    count('PaymentMismatches');
    log.error('A capture does not match its payment: refunding it', undefined, { orderId: p.orderId, captureId: capture.id, mismatch });
    return cannotBuy(p, capture.id, 'mismatch', applying, { capturedCents: capture.amountCents, mismatch });
  }
  // Payments made before the share was drafted with the order read what it is made of.
  const [margin, parts] = await Promise.all([
    applying.margin ?? getSettings().then((s) => s.margin),
    p.shareDraft ? null : Promise.all([getTrack(p.trackId), getUser(p.payerId), getUser(p.proUserId)]),
  ]);
  let share: ShareRecord;
  if (p.shareDraft) {
    const at = new Date().toISOString();
    share = { ...p.shareDraft, createdAt: at, updatedAt: at };
  } else {
    const [track, payer, pro] = parts!;
    if (!track || !payer || !pro) {
      applying.payer ??= payer ?? undefined;
      return cannotBuy(p, capture.id, track ? 'unfulfillable' : 'track_deleted', applying);
    }
    share = newShare(payer, track, pro, p.shareOptions, p.shareId, { orderId: p.orderId, amountCents: p.amountCents });
  }
  const split = splitPrice(p.amountCents, margin);
  // The pro is read beside the write, for the e-mail that follows it. Only the write may fail the request:
  // once it is made the money has moved, and the payer must hear so.
  const [result, read] = await Promise.all([
    data.applyCapture(p, { captureId: capture.id, margin, ...split }, share, iso(Date.now() + PAID_REQUEST_DAYS.accept * DAY_MS), applying.event),
    parts ? parts[2] : getUser(p.proUserId).catch(() => undefined),
  ]);
  if (result.kind === 'applied') {
    count('PaymentsCaptured');
    count('FeedbackRequested');
    if (applying.event) applying.done = true;
    // The recipient, read again in the rare case the read beside the write failed.
    const reviewer = read === undefined ? await getUser(p.proUserId).catch(() => null) : read;
    // Claimed by the write that applied the capture: only this path sends it.
    await notify.sendClaimedShareMail(share.id, 'requested', reviewer, notify.feedbackRequestedMail(share));
    return result.payment;
  }
  if (result.kind === 'not_pending') return result.payment;
  return cannotBuy(p, capture.id, result.kind === 'track_unavailable' ? 'track_deleted' : 'unfulfillable', applying);
}

/**
 * How a capture differs from the payment it should settle (null: it matches): the amount, the currency,
 * our invoice id and the merchant paid must all be the stored payment's, so that no order, however it
 * came about, credits more than its request's price.
 */
export function captureMismatch(p: Pick<PaymentRecord, 'amountCents' | 'invoiceId' | 'payeeId'>, c: ProviderCapture): string | null {
  const differs: string[] = [];
  if (c.amountCents !== p.amountCents) differs.push(`amount ${c.amountCents} for ${p.amountCents}`);
  if (c.currency !== CURRENCY) differs.push(`currency ${c.currency ?? 'none'}`);
  if (c.invoiceId !== p.invoiceId) differs.push(`invoice ${c.invoiceId ?? 'none'}`);
  // Compared where both name the merchant: payments made before the payee was kept, and a capture answer
  // that leaves the payee out, are checked on the rest (the invoice id is the request's own).
  if (p.payeeId && c.payeeId && c.payeeId !== p.payeeId) differs.push(`payee ${c.payeeId}`);
  return differs.length ? differs.join(', ') : null;
}

/** A capture that cannot buy its request: refunded in full, or, for the browser's capture, left to be (see Applying). */
async function cannotBuy(p: PaymentRecord, captureId: string, reason: RefundReason, applying: Applying, mismatch?: data.Mismatch): Promise<PaymentRecord | null> {
  if (applying.leaveRefund && !mismatch) return { ...p, status: 'refunding', captureId, credited: false, refundReason: reason };
  return refundUnfulfillable(p, captureId, reason, applying, mismatch);
}

/**
 * Refunds a capture that never bought its request, in full (all of it, or the rest of what the provider
 * refunded on its own), then records the charge and its refund in one write. The refund is sent first: what
 * stops the request (its track deleted, the pro gone, the provider's refund) cannot be undone, so the money
 * goes back whatever happens next, and should this path stop before its write, the provider's refund
 * webhook or the scheduled check finds the order refunded and records it. Gives the payment as written.
 */
async function refundUnfulfillable(
  p: PaymentRecord,
  captureId: string,
  reason: RefundReason,
  applying: Applying = {},
  mismatch?: data.Mismatch,
): Promise<PaymentRecord | null> {
  let refundId: string;
  try {
    // Null: refunded in full at the provider already.
    refundId = (await payments().refundCapture(captureId, refundRequestId(p.orderId)))?.refundId ?? 'at-provider';
  } catch (err) {
    log.error('Refund not sent yet; the scheduled check will send it', err, { orderId: p.orderId });
    return (await data.captureForRefund(p, captureId, reason, mismatch)) ? { ...p, ...mismatch, status: 'refunding', captureId, credited: false, refundReason: reason } : null;
  }
  const [written, payer] = await Promise.all([data.refundUncredited(p, captureId, refundId, reason, applying.event, mismatch), readPayer(p, applying)]);
  if (applying.event) applying.done = true;
  if (!written) return null;
  count('PaymentsRefunded');
  await notify.sendClaimedPaymentMail(p.orderId, data.REFUND_MAIL, payer, notify.paymentRefundedMail(written));
  return written;
}

/** Finishes a refund now if the provider answers; otherwise the scheduled check does, minutes later. */
const finishRefundLater = (payment: PaymentRecord | string) =>
  finishRefund(payment).catch((err) =>
    log.error('Refund not finished yet; the scheduled check will finish it', err, { orderId: typeof payment === 'string' ? payment : payment.orderId }),
  );

/**
 * Sends the refund of a payment that is refunding and records it; safe to repeat. Given the payment as
 * the caller just wrote it, or its order id to read it (the record's write is conditional on its status
 * either way, so a stale one cannot apply twice).
 */
async function finishRefund(payment: PaymentRecord | string, applying: Applying = {}, payer?: PayerRead): Promise<void> {
  const p = typeof payment === 'string' ? (await data.getPayment(payment))?.record : payment;
  if (!p || p.status !== 'refunding' || !p.captureId) return;
  const refund = await payments().refundCapture(p.captureId, refundRequestId(p.orderId));
  // Null: it was refunded already (at the provider, by hand): there is nothing more to send.
  await recordRefund(p, refund?.refundId ?? 'at-provider', p.refundReason ?? 'reversed', applying, payer ?? readPayer(p, applying));
}

/**
 * Records a refund the provider has made, with the payer's e-mail claimed in the same write and sent to the
 * payer read beside it. Refused when the payment (or, with a share change, the request) moved meanwhile.
 */
async function recordRefund(
  p: PaymentRecord,
  refundId: string,
  reason: RefundReason,
  applying: Applying,
  payer: PayerRead,
  opts: { from?: PaymentStatus[]; shareChange?: ReturnType<typeof statusChange> } = {},
): Promise<'applied' | data.RefundRefusal> {
  const [result, to] = await Promise.all([data.applyRefund(p, refundId, reason, { ...opts, event: applying.event }), payer]);
  if (result === 'share_moved') return result;
  if (applying.event) applying.done = true;
  if (result === 'applied') {
    count('PaymentsRefunded');
    await notify.sendClaimedPaymentMail(p.orderId, data.REFUND_MAIL, to, notify.paymentRefundedMail({ ...p, status: 'refunded', refundReason: p.refundReason ?? reason }));
  }
  return result;
}

/**
 * Brings a payment, as just read, in line with the provider's order as it stands now. Used by the webhook
 * (whatever the event said: events arrive late, twice and out of order), by the scheduled check, and by a
 * capture that finds the order captured already. Gives the payment as it then stands when a capture was
 * settled, else null.
 */
async function reconcilePayment(p: PaymentRecord, applying: Applying & { now?: Date } = {}): Promise<PaymentRecord | null> {
  const { orderId } = p;
  const now = applying.now ?? new Date();
  if (p.status === 'refunded') return null;
  if (p.status === 'refunding') {
    await finishRefund(p, applying);
    return null;
  }
  const order = await payments().getOrder(orderId);
  const capture = order?.capture;
  if (capture?.status === 'COMPLETED') {
    return p.status === 'pending' || p.status === 'failed' ? settleCapture(p, capture, applying) : null;
  }
  if (capture?.status === 'REFUNDED' || capture?.status === 'PARTIALLY_REFUNDED') {
    // Refunded at the provider, in full or in part. A capture never applied creates no request: the rest
    // of it is refunded too. One applied is reversed (below).
    if (p.status === 'pending' || p.status === 'failed') return refundUnfulfillable(p, capture.id, 'reversed', applying);
    await reverseAtProvider(p, capture.status === 'REFUNDED', applying);
    return null;
  }
  if (p.status !== 'pending') return null;
  if (capture?.status === 'PENDING') {
    // Held by the provider (an e-check, a review): never given up while money may still arrive.
    await data.setCheck(p, 'pending', iso(now.getTime() + HELD_CHECK_MS));
    return null;
  }
  if (order?.status === 'COMPLETED' && (capture?.status === 'DECLINED' || capture?.status === 'FAILED')) {
    // A held capture the provider then denied (PAYMENT.CAPTURE.DENIED): no money came, no request is made.
    await data.failPayment(p, 'denied');
    return null;
  }
  const abandoned = now.getTime() - Date.parse(p.createdAt) > ABANDON_MS;
  if (order?.status === 'APPROVED') {
    // Approved but never captured (the tab was closed on the way back): capture it ourselves.
    const outcome = await payments().captureOrder(orderId, captureRequestId(orderId));
    if (outcome.kind === 'captured') return settleCapture(p, outcome.capture, applying);
    if (outcome.kind === 'declined' && !abandoned) {
      // Noted with the next look in one write: the payer may approve again with another funding source.
      await data.noteDecline(p, iso(now.getTime() + PENDING_CHECK_MS));
      return null;
    }
    if (outcome.kind === 'already_captured') {
      const again = await payments().getOrder(orderId);
      if (again?.capture?.status === 'COMPLETED') return settleCapture(p, again.capture, applying);
    }
  }
  if (!order || order.status === 'VOIDED') {
    await data.failPayment(p, order ? 'voided' : 'unknown_order');
  } else if (abandoned) {
    await data.failPayment(p, 'abandoned');
  } else {
    await data.setCheck(p, 'pending', iso(now.getTime() + PENDING_CHECK_MS));
  }
  return null;
}

/**
 * The provider refunded a captured payment on its own (a dispute, a refund by hand). A request still open
 * is cancelled and the rest of the payment refunded, so the musician gets all of it back. Delivered feedback
 * stays delivered: a full refund reverses the earning; a partial one is left to the operator who made it.
 * The request is cancelled in the refund's own write, on condition that it is still open, not read first.
 */
async function reverseAtProvider(p: PaymentRecord, full: boolean, applying: Applying): Promise<void> {
  const { orderId } = p;
  if (p.status !== 'captured') return;
  const payer = readPayer(p, applying);
  let cancel: ReturnType<typeof statusChange> | undefined;
  if (p.shareCreatedAt) {
    cancel = statusChange({ id: p.shareId, sharedWithUserId: p.proUserId, createdAt: p.shareCreatedAt }, ['pending', 'accepted'], 'cancelled');
  } else {
    // Captured before the share's creation time was kept with the payment: the share is read for it.
    const share = await readShare(p.shareId);
    if (share && !share.deleting && (share.record.status === 'pending' || share.record.status === 'accepted')) {
      cancel = statusChange(share.record, [share.record.status], 'cancelled');
    }
  }
  if (full) {
    // Nothing to send: the provider has refunded all of it. Without an open request, the refund alone.
    const cancelled = cancel ? await recordRefund(p, 'at-provider', 'reversed', applying, payer, { from: ['captured'], shareChange: cancel }) : 'share_moved';
    if (cancelled === 'share_moved') await recordRefund(p, 'at-provider', 'reversed', applying, payer, { from: ['captured'] });
    return;
  }
  const started = cancel ? await data.startRefund(p, 'reversed', cancel) : 'share_moved';
  if (started === 'share_moved') {
    log.warn('A partial refund at the provider of a request no longer open is left as it is', { orderId });
    return;
  }
  if (started === 'payment_moved') {
    // Refunding or refunded by another path meanwhile, which refunds all of it.
    applying.done = true;
    return;
  }
  await finishRefund({ ...p, status: 'refunding', refundReason: 'reversed' }, applying, payer);
}

/**
 * The pro declines a paid request: declined and marked for refund in one write, and the refund sent to the
 * provider. Recording it (the ledger, the pro's balance, the payer's e-mail) is left to whichever comes
 * first of the provider's refund webhook and the scheduled check (due at once): both finish a refund that
 * is refunding, once, so the decline itself needs no further round trip. 'not_paid' when the request's
 * payment is not captured (the caller then declines it as a free one).
 */
export async function declinePaidRequest(share: ShareRecord): Promise<'declined' | 'not_pending' | 'not_paid'> {
  if (!share.payment) return 'not_paid';
  const { orderId } = share.payment;
  // The payment is read beside the write for its capture id, which is fixed once the request exists.
  const [started, found] = await Promise.all([data.startRefund({ orderId }, 'declined', statusChange(share, ['pending'], 'declined')), data.getPayment(orderId)]);
  if (started === 'payment_moved') return 'not_paid';
  if (started === 'share_moved') return 'not_pending';
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
  if (!found || found.record.status !== 'captured' || found.record.fulfilledAt || share?.record.status === 'completed') return;
  await data.startRefund(found.record, 'track_deleted');
}

export const finishWithdrawal = (orderId: string) => finishRefundLater(orderId);

/** The scheduled check of one captured payment: its request's deadline, or a refund its request's end calls for. */
async function checkCaptured(p: PaymentRecord, now: Date): Promise<void> {
  if (p.fulfilledAt) return data.setCheck(p, 'captured', null);
  const found = await readShare(p.shareId);
  if (!found) {
    if ((await data.startRefund(p, 'track_deleted')) === 'started') await finishRefund({ ...p, status: 'refunding', refundReason: 'track_deleted' });
    return;
  }
  const share = found.record;
  if (found.deleting) return data.setCheck(p, 'captured', iso(now.getTime() + RETRY_MS));
  if (share.status === 'completed') return data.setCheck(p, 'captured', null);
  if (share.status !== 'pending' && share.status !== 'accepted') {
    const reason: RefundReason = share.status === 'declined' ? 'declined' : share.status === 'expired' ? 'expired' : 'reversed';
    if ((await data.startRefund(p, reason)) === 'started') await finishRefund({ ...p, status: 'refunding', refundReason: reason });
    return;
  }
  const deadline = deadlineOf(share)!;
  if (now.getTime() < deadline) return data.setCheck(p, 'captured', iso(deadline));
  if ((await data.startRefund(p, 'expired', statusChange(share, [share.status], 'expired'))) === 'started') {
    await notify.requestExpired(p, share.status === 'accepted');
    await finishRefund({ ...p, status: 'refunding', refundReason: 'expired' });
  } else {
    // The request moved meanwhile (accepted, completed): look again shortly.
    await data.setCheck(p, 'captured', iso(now.getTime() + 60_000));
  }
}

/** How many due payments one run looks at together: each waits mostly on PayPal and DynamoDB. */
const CHECK_CONCURRENCY = 16;

/** The scheduled check of one payment, as it stands when read. */
async function checkPayment(orderId: string, now: Date): Promise<'checked' | 'failed' | 'gone'> {
  const found = await data.getPayment(orderId);
  if (!found) return 'gone';
  const p = found.record;
  try {
    if (p.status === 'pending') await reconcilePayment(p, { now });
    else if (p.status === 'refunding') await finishRefund(p);
    else if (p.status === 'captured') await checkCaptured(p, now);
    else await data.setCheck(p, p.status, null);
    return 'checked';
  } catch (err) {
    count('PaymentsFailed');
    log.error('Payment check failed', err, { orderId });
    // Only PayPal's refusals count towards handing a refund to an admin; our own trouble (a throttled
    // table, a write that lost a race after PayPal refunded) is tried again like any other check.
    if (p.status === 'refunding' && err instanceof PaymentProviderError) await refundRefused(p, err, now).catch(() => {});
    else await data.setCheck(p, p.status, iso(now.getTime() + RETRY_MS)).catch(() => {});
    return 'failed';
  }
}

/** Refusals of one refund before it is handed to an admin: with the waits doubling, about a day of tries. */
export const MAX_REFUND_ATTEMPTS = 10;
const MAX_RETRY_MS = 6 * 3600_000;

/**
 * A refund the provider would not make: tried again later, each wait twice the last (5 minutes up to 6
 * hours); after MAX_REFUND_ATTEMPTS it waits for an admin (Admin Settings, 'Refunds to look at'), counted
 * as RefundsStuck, whose alarm tells someone.
 */
async function refundRefused(p: PaymentRecord, err: unknown, now: Date): Promise<void> {
  const attempts = (p.refundAttempts ?? 0) + 1;
  // What the provider said (a PaymentProviderError's detail), rather than the words meant for a user.
  const reason = ((err as { detail?: string }).detail ?? (err as Error)?.message ?? String(err)).slice(0, 300);
  if (attempts >= MAX_REFUND_ATTEMPTS) {
    if (await data.refundRefused(p, attempts, reason, null)) {
      count('RefundsStuck');
      log.error('A refund PayPal keeps refusing waits for an admin', undefined, { orderId: p.orderId, attempts, reason });
    }
    return;
  }
  await data.refundRefused(p, attempts, reason, iso(now.getTime() + Math.min(RETRY_MS * 2 ** (attempts - 1), MAX_RETRY_MS)));
}

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
  if (!(await data.retryStuckRefund(orderId))) {
    const found = await data.getPayment(orderId);
    if (!found) throw new NotFound('Payment not found');
    throw new Conflict('This refund is not waiting for an admin any more.', 'not_stuck');
  }
  const found = await data.getPayment(orderId);
  return toPaymentView(found!.record);
}

/**
 * The scheduled check: every payment whose time has come is looked at (a pending one reconciled, a
 * refund finished, a paid request past its deadline expired and refunded), CHECK_CONCURRENCY at a time,
 * batch after batch until none is due or `budgetMs` is spent. A failure with one never stops the others,
 * and puts it back for a later run.
 */
export async function checkDuePayments(now = new Date(), only?: { orderId: string }, budgetMs = 40_000): Promise<{ checked: number; failed: number }> {
  const counts = { checked: 0, failed: 0 };
  // A test looks at one payment, with its own clock, without touching anyone else's.
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
  return counts;
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

export interface PaypalEvent {
  id?: unknown;
  event_type?: unknown;
  resource_type?: unknown;
  resource?: {
    id?: unknown;
    supplementary_data?: { related_ids?: { order_id?: unknown } };
    links?: { rel?: unknown; href?: unknown }[];
  };
}

/** The order an event is about: named by the order itself, by a capture, or (refunds) by the capture it links up to, which PayPal is asked about. */
async function orderOfEvent(e: PaypalEvent): Promise<string | null> {
  const r = e.resource;
  if (!r) return null;
  if (e.resource_type === 'checkout-order' && typeof r.id === 'string') return r.id;
  const related = r.supplementary_data?.related_ids?.order_id;
  if (typeof related === 'string') return related;
  const up = r.links?.find((l) => l.rel === 'up' && typeof l.href === 'string');
  const captureId = typeof up?.href === 'string' ? /\/captures\/([^/?#]+)/.exec(up.href)?.[1] : undefined;
  return captureId ? payments().orderOfCapture(decodeURIComponent(captureId)) : null;
}

/**
 * A PayPal event the webhook's gate admitted (paypal-webhook-gate.ts: cheap checks, a limit per address,
 * then PayPal's verification; nothing changed when it is refused), applied once per event id by
 * reconciling the order it is about with the order as it stands.
 */
export async function applyPaypalEvent(event: PaypalEvent & PaypalEventIds): Promise<void> {
  const orderId = await orderOfEvent(event);
  // The gate found it not applied yet (a delivery racing its duplicate is applied twice, to the same end:
  // every move it makes is conditional on the payment's state). The payment and the margin are read at
  // once: a capture it brings then needs one write, which records the event with it.
  const [found, settings] = await Promise.all([orderId ? data.getPayment(orderId) : null, orderId ? getSettings() : null]);
  const applying: Applying = { margin: settings?.margin, event: { provider: 'paypal', eventId: event.id, type: event.event_type } };
  if (found) await reconcilePayment(found.record, applying);
  if (!applying.done) await data.recordWebhook('paypal', event.id, event.event_type);
}
