/**
 * The Payments v2 API: show a capture, refund it (in full or in part, once per request id), show a refund;
 * and the reversal of a capture, PayPal taking its money back for the buyer.
 */
import { notFound, unprocessable } from '../errors.js';
import { optionalString, parseAmount } from '../input.js';
import { captureJson, refundJson } from '../objects.js';
import type { StoredCapture, StoredRefund } from '../records.js';
import { idempotent, type Handler } from '../requests.js';
import { FEE_RATE_BP, now, paypalId, usd, type StandinContext } from '../store.js';

/** What has gone back to the buyer of a capture so far, by refunds and reversals. */
export const refundedCents = (standin: StandinContext, c: StoredCapture) =>
  c.refundIds.reduce((sum, r) => sum + standin.state.refunds[r].cents, 0);

export const fullyRefunded = () =>
  unprocessable({ issue: 'CAPTURE_FULLY_REFUNDED', description: 'The capture has already been fully refunded' });

/** Keeps a refund (or a reversal) against its capture and sends its webhook, which names the capture by its `up` link. */
function recordRefund(standin: StandinContext, c: StoredCapture, r: StoredRefund, eventType: string, verb: string) {
  standin.state.refunds[r.id] = r;
  c.refundIds.push(r.id);
  c.status = r.totalRefundedCents === c.cents ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  c.updateTime = r.createTime;
  standin.save();
  standin.log(`paypal: capture ${c.id} ${verb} $${usd(r.cents).value} (${c.status})`);
  standin.emit(eventType, 'refund', `A $ ${usd(r.cents).value} USD capture payment was ${verb}`, refundJson(standin, r));
}

/**
 * PayPal takes money of a capture back for the buyer (a chargeback, a dispute the buyer won): by default all
 * that is left of it. Kept as a refund the merchant did not make, so the capture reads REFUNDED as after a
 * refund, and PAYMENT.CAPTURE.REVERSED carries it as PAYMENT.CAPTURE.REFUNDED carries a refund. No fee comes back.
 */
export function reverseCapture(standin: StandinContext, c: StoredCapture, cents?: number): StoredRefund {
  const refunded = refundedCents(standin, c);
  const amount = Math.min(cents ?? Infinity, c.cents - refunded);
  if (amount <= 0) throw fullyRefunded();
  const time = now();
  const reversal: StoredRefund = {
    id: paypalId(),
    captureId: c.id,
    cents: amount,
    feeCents: 0,
    totalRefundedCents: refunded + amount,
    invoiceId: c.invoiceId,
    reversal: true,
    createTime: time,
    updateTime: time,
  };
  recordRefund(standin, c, reversal, 'PAYMENT.CAPTURE.REVERSED', 'reversed');
  return reversal;
}

/** The payments API's handlers. */
export function paymentRoutes(standin: StandinContext) {
  const { state } = standin;

  const showCapture: Handler = (_ctx, [id]) => {
    const c = state.captures[id];
    if (!c) throw notFound('capture_id', id);
    return { status: 200, json: captureJson(standin, c, true) };
  };

  const refundCapture: Handler = (ctx, [id]) =>
    idempotent(standin, ctx, `refund:${id}`, () => {
      const body = ctx.json();
      const c = state.captures[id];
      if (!c) throw notFound('capture_id', id);
      const invoiceId = optionalString(body, 'invoice_id', '/invoice_id', 127);
      const noteToPayer = optionalString(body, 'note_to_payer', '/note_to_payer', 255);
      const refunded = refundedCents(standin, c);
      const remaining = c.cents - refunded;
      if (remaining <= 0) throw fullyRefunded();
      const cents = body.amount === undefined ? remaining : parseAmount(body.amount, '/amount');
      if (cents > remaining) {
        throw unprocessable({
          field: '/amount/value',
          value: usd(cents).value,
          location: 'body',
          issue: 'REFUND_AMOUNT_EXCEEDED',
          description: 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
        });
      }
      const time = now();
      const refund: StoredRefund = {
        id: paypalId(),
        captureId: c.id,
        cents,
        feeCents: Math.round((cents * FEE_RATE_BP) / 10_000),
        totalRefundedCents: refunded + cents,
        invoiceId: invoiceId ?? c.invoiceId,
        noteToPayer,
        createTime: time,
        updateTime: time,
      };
      recordRefund(standin, c, refund, 'PAYMENT.CAPTURE.REFUNDED', 'refunded');
      const json = refundJson(standin, refund);
      return { status: 201, json: ctx.representation ? json : { id: json.id, status: json.status, links: json.links } };
    });

  const showRefund: Handler = (_ctx, [id]) => {
    const r = state.refunds[id];
    if (!r) throw notFound('refund_id', id);
    return { status: 200, json: refundJson(standin, r) };
  };

  return { showCapture, refundCapture, showRefund };
}
