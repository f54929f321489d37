/**
 * The Disputes v1 API (show a dispute), and the disputes a buyer raises on a capture: opened, then resolved for
 * the seller or for the buyer, who gets the disputed money back by a reversal of the capture.
 */
import { randomInt } from 'node:crypto';
import { notFound, unprocessable } from '../errors.js';
import { disputeJson } from '../objects.js';
import type { DisputeOutcome, StoredCapture, StoredDispute } from '../records.js';
import type { Handler } from '../requests.js';
import { now, type StandinContext } from '../store.js';
import { fullyRefunded, refundedCents, reverseCapture } from './payments.js';

/** PayPal's reasons a buyer gives for a dispute. */
export const DISPUTE_REASONS = [
  'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
  'MERCHANDISE_OR_SERVICE_NOT_AS_DESCRIBED',
  'UNAUTHORISED',
  'CREDIT_NOT_PROCESSED',
  'DUPLICATE_TRANSACTION',
  'INCORRECT_AMOUNT',
  'PAYMENT_BY_OTHER_MEANS',
  'CANCELED_RECURRING_BILLING',
  'PROBLEM_WITH_REMITTANCE',
  'OTHER',
] as const;
export const DISPUTE_OUTCOMES: readonly DisputeOutcome[] = ['RESOLVED_SELLER_FAVOUR', 'RESOLVED_BUYER_FAVOUR'];

/** PayPal's case numbers: PP-D- and digits. */
function disputeId(standin: StandinContext): string {
  for (;;) {
    const id = `PP-D-${randomInt(10_000_000, 100_000_000)}`;
    if (!standin.state.disputes[id]) return id;
  }
}

/** The buyer disputes what is left of a capture; CUSTOMER.DISPUTE.CREATED is sent. */
export function openDispute(standin: StandinContext, c: StoredCapture, reason: string): StoredDispute {
  const cents = c.cents - refundedCents(standin, c);
  if (cents <= 0) throw fullyRefunded();
  const time = now();
  const dispute: StoredDispute = {
    id: disputeId(standin),
    captureId: c.id,
    reason,
    status: 'OPEN',
    cents,
    createTime: time,
    updateTime: time,
  };
  standin.state.disputes[dispute.id] = dispute;
  standin.save();
  standin.log(`paypal: dispute ${dispute.id} opened on capture ${c.id} (${reason})`);
  standin.emit('CUSTOMER.DISPUTE.CREATED', 'dispute', `A new dispute opened with Case # ${dispute.id}`, disputeJson(standin, dispute));
  return dispute;
}

/**
 * Closes a dispute; in the buyer's favour the capture is reversed for the disputed amount (as much of it as
 * is not refunded yet), PAYMENT.CAPTURE.REVERSED going out before CUSTOMER.DISPUTE.RESOLVED.
 */
export function resolveDispute(standin: StandinContext, d: StoredDispute, outcome: DisputeOutcome) {
  if (d.status === 'RESOLVED')
    throw unprocessable({ issue: 'DISPUTE_ALREADY_RESOLVED', description: `Dispute ${d.id} is resolved already.` });
  if (outcome === 'RESOLVED_BUYER_FAVOUR') {
    const c = standin.state.captures[d.captureId];
    const left = c.cents - refundedCents(standin, c);
    d.refundedCents = left > 0 ? reverseCapture(standin, c, d.cents).cents : 0;
  }
  d.status = 'RESOLVED';
  d.outcome = outcome;
  d.updateTime = now();
  standin.save();
  standin.log(`paypal: dispute ${d.id} ${outcome}`);
  standin.emit('CUSTOMER.DISPUTE.RESOLVED', 'dispute', `A dispute was resolved with Case # ${d.id}`, disputeJson(standin, d));
}

/** The disputes API's handler. */
export function disputeRoutes(standin: StandinContext) {
  const showDispute: Handler = (_ctx, [id]) => {
    const d = standin.state.disputes[id];
    if (!d) throw notFound('dispute_id', id);
    return { status: 200, json: disputeJson(standin, d) };
  };

  return { showDispute };
}
