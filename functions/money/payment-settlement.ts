/**
 * Seeing a payment through: what the provider says (a capture, a refund, a hold) becomes an event of the
 * state machine (payment-machine.ts), its move is written by the executor (money/data/payment-writes.ts), and
 * what the move asks for next (a refund to send, an e-mail to send) is done here. Three paths call these
 * (the browser's capture, the webhook, the scheduled check), in any order, any number of times: each
 * move is conditional on the state it leaves, so they converge on one end state and money moves once.
 */
import * as data from './data/payments.js';
import type { PaymentRecord, WebhookEvent } from './data/payments.js';
import { embeddedMove, writePayment, type WriteExtras, type WriteOutcome } from './data/payment-writes.js';
import { refundMark, statusChange, type ShareRecord } from '../feedback/data/index.js';
import { getSettings } from '../platform/data/index.js';
import { getUser, type UserRecord } from '../people/data/index.js';
import { count, log } from '../lib/observability.js';
import { payments, type ProviderCapture } from '../providers/payments.js';
import {
  sendClaimedShareMail,
  feedbackRequestedMail,
  sendClaimedPaymentMail,
  paymentReceivedMail,
  paymentRefundedMail,
} from '../platform/index.js';
import { after, captureMismatch, decide, stateOf, type Next, type PaymentEvent, type PaymentState } from './payment-machine.js';

/** A payment not captured this long after its order was created is looked at again (the browser normally captures within a minute). */
export const PENDING_CHECK_MS = 10 * 60_000;
/** An order still not captured after this is abandoned: PayPal lets an unapproved order expire after three hours. */
export const ABANDON_MS = 3 * 3600_000;
/** A capture the provider holds is looked at again this often, for as long as it is held. */
const HELD_CHECK_MS = 3600_000;

export const iso = (ms: number) => new Date(ms).toISOString();
export const captureRequestId = (orderId: string) => `capture-${orderId}`;
export const refundRequestId = (orderId: string) => `refund-${orderId}`;

export type Step =
  | { kind: 'moved'; payment: PaymentRecord; to: PaymentState; next: Next }
  /** The machine makes no move of this event from the payment's state. */
  | { kind: 'no_move'; why: string }
  | Exclude<WriteOutcome, { kind: 'written' }>;

/** Asks the machine for the move `e` makes of `p`, and writes it with `extras`. */
export async function step(p: PaymentRecord, e: PaymentEvent, extras: WriteExtras = {}, now = new Date()): Promise<Step> {
  const d = decide(p, e, now);
  if (!d.ok) return { kind: 'no_move', why: d.why };
  const written = await writePayment(d.write, extras);
  return written.kind === 'written' ? { kind: 'moved', payment: after(p, d.write), to: d.write.to, next: d.next } : written;
}

/**
 * A payment known by its id alone, taken to be in `state`: for a move that depends on nothing else of it
 * (a request declined or completed), written in the same transaction as its request's change without a
 * read first. The write's condition holds it to that state.
 */
const assumed = (orderId: string, state: 'captured') => ({ orderId, status: state }) as PaymentRecord;

/**
 * For the transaction that completes a paid request: the payment fulfilled (never refunded for a deadline
 * or a deletion after this), and the pro's earning, as its request keeps it, moved from pending to held.
 */
export function fulfilment(share: Pick<ShareRecord, 'sharedWithUserId' | 'payment'>, at: string) {
  const terms = share.payment!;
  const p = { ...assumed(terms.orderId, 'captured'), proUserId: share.sharedWithUserId, credited: true, earningCents: terms.earningCents };
  const d = decide(p, { type: 'request_completed' }, new Date(at));
  if (!d.ok) throw new Error(d.why);
  return embeddedMove(d.write, at);
}

/**
 * An admin's upholding of a report of delivered feedback, beside their decision and its audit entry: the
 * payment (not read first) must still be fulfilled, which the write's condition holds it to.
 */
export const upholdDispute = (orderId: string, extras: Pick<WriteExtras, 'requestChange' | 'requestMarks' | 'audit'>) =>
  step({ orderId, status: 'captured', fulfilledAt: 'delivered' } as PaymentRecord, { type: 'dispute_upheld' }, extras);

/** The move of a paid request that ends without its feedback, beside its request's change (the payment is not read first). */
export const endPaidRequest = (
  orderId: string,
  reason: 'declined',
  requestChange: Record<string, unknown>,
  requestMarks: Record<string, unknown>[] = [],
) => step(assumed(orderId, 'captured'), { type: 'request_ended', reason }, { requestChange, requestMarks });

/** What a path applying a payment brings: the margin it read with the payment, and the webhook event it applies. */
export interface Applying {
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
  /** The scheduled check's clock. */
  now?: Date;
}

/** A step that carries the path's webhook event, which counts as recorded once the move is written. */
async function stepWith(p: PaymentRecord, e: PaymentEvent, applying: Applying, extras: WriteExtras = {}): Promise<Step> {
  const result = await step(p, e, { ...extras, event: applying.event });
  if (result.kind === 'moved' && applying.event) applying.done = true;
  return result;
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
 * The request a capture buys, drafted with its order (payments of earlier versions got theirs from
 * `npm run migrate`: scripts/migrate/payments.ts); without a draft, its track or people were gone by then.
 */
function requestOf(p: PaymentRecord): ShareRecord | null {
  const at = new Date().toISOString();
  return p.shareDraft ? { ...p.shareDraft, createdAt: at, updatedAt: at } : null;
}

/**
 * Applies a completed capture: the request for feedback, the ledger entries and the pro's earning, once,
 * and e-mails the pro. A capture that does not match its payment, or that can no longer buy its request
 * (its track was deleted, the pro is gone), is refunded instead. Gives the payment as it then stands, or
 * null when that is not known.
 */
export async function settleCapture(p: PaymentRecord, capture: ProviderCapture, applying: Applying = {}): Promise<PaymentRecord | null> {
  if (capture.status === 'PENDING') {
    // Held by the provider (an e-check, a review): the webhook or the next check applies it once it completes.
    const moved = await step(p, { type: 'look_again', at: iso(Date.now() + PENDING_CHECK_MS) });
    return moved.kind === 'moved' ? moved.payment : p;
  }
  const mismatch = captureMismatch(p, capture);
  if (mismatch) {
    // Never applied: refunded in full, the reason recorded, counted for the alarm.
    count('PaymentMismatches');
    log.error('A capture does not match its payment: refunding it', undefined, { orderId: p.orderId, captureId: capture.id, mismatch });
    return refundUncredited(p, capture.id, 'mismatch', applying, { capturedCents: capture.amountCents, mismatch });
  }
  const request = requestOf(p);
  if (!request) return cannotBuy(p, capture.id, 'unfulfillable', applying);
  const margin = applying.margin ?? (await getSettings()).margin;
  // The pro and the payer are read beside the write, for the e-mails that follow it. Only the write may fail
  // the request: once it is made the money has moved, and the payer must hear so.
  const [result, read, payer] = await Promise.all([
    stepWith(p, { type: 'capture_completed', capture, margin, request }, applying),
    p.pool ? null : getUser(p.proUserId).catch(() => undefined),
    getUser(p.payerId).catch(() => undefined),
  ]);
  // In the pool: the first wave's pros see it in their lists, and are e-mailed by the scheduled check, due
  // at once; the payer hears who took it once one does.
  if (result.kind === 'moved' && result.to === 'pooled') {
    count('PoolRequestsOpened');
    return result.payment;
  }
  if (result.kind === 'moved') {
    count('PaymentsCaptured');
    count('FeedbackRequested');
    // The recipient, read again in the rare case the read beside the write failed.
    const reviewer = read === undefined ? await getUser(p.proUserId).catch(() => null) : read;
    // Both claimed by the write that applied the capture: only this path sends them.
    await Promise.all([
      sendClaimedShareMail(request.id, 'requested', reviewer, feedbackRequestedMail(request)),
      sendClaimedPaymentMail(p.orderId, data.PAID_MAIL, payer, paymentReceivedMail(result.payment, request)),
    ]);
    return result.payment;
  }
  if (result.kind === 'payment_moved') return result.payment;
  if (result.kind === 'track_refused') return cannotBuy(p, capture.id, 'track_deleted', applying);
  if (result.kind === 'pro_gone') return cannotBuy(p, capture.id, 'unfulfillable', applying);
  return null;
}

/**
 * A pro's claim of a Snip Pro request in the pool (`request`: with them as its reviewer): the request made
 * and the money split in one move, conditional on the request still being in the pool, so that of two pros
 * claiming at once one wins; the payer is e-mailed who took it. A request whose track is gone meanwhile is
 * refunded instead.
 */
export async function settleClaim(p: PaymentRecord, request: ShareRecord): Promise<'claimed' | 'taken' | 'track_gone'> {
  const [result, payer] = await Promise.all([step(p, { type: 'pool_claimed', request }), getUser(p.payerId).catch(() => undefined)]);
  if (result.kind === 'moved') {
    count('PoolRequestsClaimed');
    count('FeedbackRequested');
    await sendClaimedPaymentMail(p.orderId, data.PAID_MAIL, payer, paymentReceivedMail(result.payment, request));
    return 'claimed';
  }
  if (result.kind === 'track_refused') {
    const ended = await step(p, { type: 'request_ended', reason: 'track_deleted' });
    if (ended.kind === 'moved') await finishRefundLater(ended.payment);
    return 'track_gone';
  }
  return 'taken';
}

/**
 * A Snip Pro request taken out of the pool before any pro claimed it (its musician withdrew it, or deleted its
 * track): refunded in full, at once if PayPal answers, else by the scheduled check. Conditional on it still
 * being in the pool: a claim that landed first wins ('taken').
 */
export async function endPooled(p: PaymentRecord, reason: 'withdrawn' | 'track_deleted'): Promise<PaymentRecord | 'taken'> {
  const ended = await step(p, { type: 'request_ended', reason });
  if (ended.kind !== 'moved') return 'taken';
  return (await finishRefundLater(ended.payment)) ?? ended.payment;
}

/** A capture that cannot buy its request: refunded in full, or, for the browser's capture, left to be (see Applying). */
async function cannotBuy(
  p: PaymentRecord,
  captureId: string,
  reason: 'track_deleted' | 'unfulfillable',
  applying: Applying,
): Promise<PaymentRecord | null> {
  if (applying.leaveRefund) return { ...p, status: 'refunding', captureId, credited: false, refundReason: reason };
  return refundUncredited(p, captureId, reason, applying);
}

type UnbuyableReason = Extract<PaymentEvent, { type: 'capture_unbuyable' }>['reason'];

/**
 * Refunds a capture that never bought its request, in full (all of it, or the rest of what the provider
 * refunded on its own), then records the charge and its refund in one move. The refund is sent first: what
 * stops the request (its track deleted, the pro gone, the provider's refund) cannot be undone, so the money
 * goes back whatever happens next; should the provider not answer, the move is to refunding, and the
 * scheduled check (due at once) sends it. Gives the payment as written.
 */
async function refundUncredited(
  p: PaymentRecord,
  captureId: string,
  reason: UnbuyableReason,
  applying: Applying,
  took?: { capturedCents: number; mismatch: string },
): Promise<PaymentRecord | null> {
  const event = { type: 'capture_unbuyable' as const, captureId, reason, took };
  let refundId: string;
  try {
    // Null: refunded in full at the provider already.
    refundId = (await payments().refundCapture(captureId, refundRequestId(p.orderId)))?.refundId ?? 'at-provider';
  } catch (err) {
    log.error('Refund not sent yet; the scheduled check will send it', err, { orderId: p.orderId });
    const owed = await stepWith(p, event, applying);
    return owed.kind === 'moved' || owed.kind === 'payment_moved' ? owed.payment : null;
  }
  const [written, payer] = await Promise.all([step(p, { ...event, refundId }, { event: applying.event }), readPayer(p, applying)]);
  if (applying.event) applying.done = true;
  if (written.kind !== 'moved') return null;
  count('PaymentsRefunded');
  await sendClaimedPaymentMail(p.orderId, data.REFUND_MAIL, payer, paymentRefundedMail(written.payment));
  return written.payment;
}

/**
 * Sends the refund of a payment that is refunding and records it; safe to repeat. Given the payment as
 * the caller just wrote it, or its order id to read it (the record's write is conditional on its state
 * either way, so a stale one cannot apply twice). Gives the payment as recorded, or null when another path
 * recorded it (or it is not refunding).
 */
export async function finishRefund(
  payment: PaymentRecord | string,
  applying: Applying = {},
  payer?: PayerRead,
): Promise<PaymentRecord | null> {
  const p = typeof payment === 'string' ? (await data.getPayment(payment))?.record : payment;
  if (!p || p.status !== 'refunding' || !p.captureId) return null;
  const refund = await payments().refundCapture(p.captureId, refundRequestId(p.orderId));
  // Null: it was refunded already (at the provider, by hand): there is nothing more to send.
  const recorded = await recordRefund(
    p,
    { type: 'refund_made', refundId: refund?.refundId ?? 'at-provider' },
    applying,
    payer ?? readPayer(p, applying),
  );
  return recorded.kind === 'moved' ? recorded.payment : null;
}

/** Finishes a refund now if the provider answers; otherwise the scheduled check does, minutes later. */
export const finishRefundLater = (payment: PaymentRecord | string) =>
  finishRefund(payment).catch((err) =>
    log.error('Refund not finished yet; the scheduled check will finish it', err, {
      orderId: typeof payment === 'string' ? payment : payment.orderId,
    }),
  );

/**
 * Records a refund the provider has made, with the payer's e-mail claimed in the same write and sent to the
 * payer read beside it. Refused when the payment (or, with a request change, the request) moved meanwhile.
 */
async function recordRefund(
  p: PaymentRecord,
  e: PaymentEvent,
  applying: Applying,
  payer: PayerRead,
  extras: WriteExtras = {},
): Promise<Step> {
  const [result, to] = await Promise.all([step(p, e, { ...extras, event: applying.event }), payer]);
  if (result.kind === 'request_moved') return result;
  // Written by this move, or applied by another path meanwhile: a redelivery would find nothing to do.
  if (applying.event && (result.kind === 'moved' || result.kind === 'payment_moved')) applying.done = true;
  if (result.kind === 'moved') {
    count('PaymentsRefunded');
    await sendClaimedPaymentMail(p.orderId, data.REFUND_MAIL, to, paymentRefundedMail(result.payment));
  }
  return result;
}

/**
 * Brings a payment, as just read, in line with the provider's order as it stands now. Used by the webhook
 * (whatever the event said: events arrive late, twice and out of order), by the scheduled check, and by a
 * capture that finds the order captured already. Gives the payment as it then stands when a capture was
 * settled, else null.
 */
export async function reconcilePayment(p: PaymentRecord, applying: Applying = {}): Promise<PaymentRecord | null> {
  const { orderId } = p;
  const now = applying.now ?? new Date();
  if (p.status === 'refunded') return null;
  if (p.status === 'refunding') {
    await finishRefund(p, applying);
    return null;
  }
  const order = await payments().getOrder(orderId);
  const capture = order?.capture;
  const unapplied = p.status === 'pending' || p.status === 'failed';
  if (capture?.status === 'COMPLETED') return unapplied ? settleCapture(p, capture, applying) : null;
  if (capture?.status === 'REFUNDED' || capture?.status === 'PARTIALLY_REFUNDED') {
    const full = capture.status === 'REFUNDED';
    // Refunded at the provider, in full or in part. A capture never applied creates no request: the rest
    // of it is refunded too. One applied is reversed (below).
    if (unapplied) return refundUncredited(p, capture.id, 'reversed', applying);
    await reverseAtProvider(p, capture.id, full, applying);
    return null;
  }
  if (p.status !== 'pending') return null;
  const lapse = (reason: 'denied' | 'voided' | 'unknown_order' | 'abandoned') => stepWith(p, { type: 'order_lapsed', reason }, applying);
  if (capture?.status === 'PENDING') {
    // Held by the provider (an e-check, a review): never given up while money may still arrive.
    await step(p, { type: 'look_again', at: iso(now.getTime() + HELD_CHECK_MS) });
    return null;
  }
  if (order?.status === 'COMPLETED' && (capture?.status === 'DECLINED' || capture?.status === 'FAILED')) {
    // A held capture the provider then denied (PAYMENT.CAPTURE.DENIED): no money came, no request is made.
    await lapse('denied');
    return null;
  }
  const abandoned = now.getTime() - Date.parse(p.createdAt) > ABANDON_MS;
  if (order?.status === 'APPROVED') {
    // Approved but never captured (the tab was closed on the way back): capture it ourselves.
    const outcome = await payments().captureOrder(orderId, captureRequestId(orderId));
    if (outcome.kind === 'captured') return settleCapture(p, outcome.capture, applying);
    if (outcome.kind === 'declined' && !abandoned) {
      // Noted with the next look in one write: the payer may approve again with another funding source.
      await step(p, { type: 'funding_declined', lookAt: iso(now.getTime() + PENDING_CHECK_MS) });
      return null;
    }
    if (outcome.kind === 'already_captured') {
      const again = await payments().getOrder(orderId);
      if (again?.capture?.status === 'COMPLETED') return settleCapture(p, again.capture, applying);
    }
  }
  if (!order || order.status === 'VOIDED') await lapse(order ? 'voided' : 'unknown_order');
  else if (abandoned) await lapse('abandoned');
  else await step(p, { type: 'look_again', at: iso(now.getTime() + PENDING_CHECK_MS) });
  return null;
}

/**
 * The provider refunded a captured payment on its own (a dispute, a refund by hand). A request still open
 * is cancelled and the rest of the payment refunded, so the musician gets all of it back. Delivered feedback
 * stays delivered: a full refund reverses the earning and says so on the request (its refund's date, as an
 * upheld report does); a partial one is left to the operator who made it. The request is changed in the
 * refund's own write, on condition that it is still open (or, delivered, still there), not read first: a
 * request gone meanwhile takes the refund alone.
 */
async function reverseAtProvider(p: PaymentRecord, captureId: string, full: boolean, applying: Applying): Promise<void> {
  const state = stateOf(p);
  if (state !== 'pooled' && state !== 'captured' && state !== 'fulfilled' && state !== 'released') return;
  const event = { type: 'refunded_at_provider' as const, captureId, full };
  const payer = readPayer(p, applying);
  const cancel = state === 'captured' ? openRequestCancel(p) : undefined;
  if (full) {
    // Nothing to send: the provider has refunded all of it.
    // A request in the pool has none yet: its offers go with the move.
    const change = cancel ?? (state === 'captured' || state === 'pooled' ? undefined : refundMark(p.shareId, new Date().toISOString()));
    const changed = change ? await recordRefund(p, event, applying, payer, { requestChange: change }) : null;
    if (!changed || changed.kind === 'request_moved') await recordRefund(p, event, applying, payer);
    return;
  }
  const started = state === 'pooled' ? await step(p, event) : cancel ? await step(p, event, { requestChange: cancel }) : null;
  if (!started || started.kind === 'request_moved' || started.kind === 'no_move') {
    log.warn('A partial refund at the provider of a request no longer open is left as it is', { orderId: p.orderId });
    return;
  }
  if (started.kind === 'payment_moved') {
    // Refunding or refunded by another path meanwhile, which refunds all of it.
    applying.done = true;
    return;
  }
  if (started.kind === 'moved') await finishRefund(started.payment, applying, payer);
}

/** The change that cancels a captured payment's open request, conditional on it being open (its index key built from `shareCreatedAt`). */
function openRequestCancel(p: PaymentRecord): Record<string, unknown> | undefined {
  // Captures of earlier versions got it from `npm run migrate`; without it, the request was gone by then.
  if (!p.shareCreatedAt) return undefined;
  return statusChange({ id: p.shareId, sharedWithUserId: p.proUserId, createdAt: p.shareCreatedAt }, ['pending', 'accepted'], 'cancelled');
}

/**
 * A dispute the payer opened with the provider (a chargeback), as the provider has it now: while it is
 * open the earning is held (taken back from available money); won, the hold is lifted; lost, the provider
 * reverses the capture, which the reconciliation applies (the earning and the fee reversed). The event is
 * recorded with the move it makes (`applying.done`); when it makes none, the caller records it.
 */
export async function applyProviderDispute(
  p: PaymentRecord,
  dispute: { id: string; status: string; outcome: string | null },
  applying: Applying,
): Promise<void> {
  if (dispute.status !== 'RESOLVED') {
    await stepWith(p, { type: 'provider_dispute_opened', disputeId: dispute.id }, applying);
    return;
  }
  if (dispute.outcome === 'RESOLVED_SELLER_FAVOUR') {
    await stepWith(p, { type: 'provider_dispute_won', disputeId: dispute.id }, applying);
    return;
  }
  // Lost (or settled otherwise): the money went back through a reversal, applied as any refund at the provider.
  await reconcilePayment(p, applying);
}
