/** The Payments v2 API: show a capture, refund it (in full or in part, once per request id), show a refund. */
import { notFound, unprocessable } from '../errors.js';
import { optionalString, parseAmount } from '../input.js';
import { captureJson, refundJson } from '../objects.js';
import type { StoredRefund } from '../records.js';
import { idempotent, type Handler } from '../requests.js';
import { FEE_RATE_BP, now, paypalId, usd, type StandinContext } from '../store.js';

/** The payments API's handlers. */
export function paymentRoutes(standin: StandinContext) {
  const { state, save, log } = standin;

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
      const refunded = c.refundIds.reduce((sum, r) => sum + state.refunds[r].cents, 0);
      const remaining = c.cents - refunded;
      if (remaining <= 0) {
        throw unprocessable({ issue: 'CAPTURE_FULLY_REFUNDED', description: 'The capture has already been fully refunded' });
      }
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
      state.refunds[refund.id] = refund;
      c.refundIds.push(refund.id);
      c.status = refund.totalRefundedCents === c.cents ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      c.updateTime = time;
      save();
      log(`paypal: capture ${c.id} refunded $${usd(cents).value} (${c.status})`);
      standin.emit(
        'PAYMENT.CAPTURE.REFUNDED',
        'refund',
        `A $ ${usd(cents).value} USD capture payment was refunded`,
        refundJson(standin, refund),
      );
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
