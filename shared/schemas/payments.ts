/** Requests and answers of paid feedback (PayPal orders) and its webhook. */
import * as z from 'zod/mini';
import { cursorField } from './common.js';
import { idempotencyKey } from './idempotency.js';
import { shareOptionsSchema } from './shares.js';

const id = z.string().check(z.uuid('Invalid id'));
/** PayPal order ids are short upper-case alphanumerics; anything else is not an order of ours. */
const orderId = z.string().check(z.regex(/^[A-Z0-9]{1,36}$/, 'Invalid order id'));

export const PAYMENT_STATUSES = ['pending', 'pooled', 'captured', 'refunding', 'refunded', 'failed'] as const;

/**
 * A paid request for feedback: the share dialog's details and the price the musician saw, which must
 * still be the pro's price (409 price_changed otherwise). The payer is the caller, never a body field.
 */
export const createOrderInput = z.strictObject({
  proUserId: z.string().check(z.minLength(1), z.maxLength(64)),
  trackId: id,
  shareOptions: shareOptionsSchema,
  feedbackPriceCents: z
    .number()
    .check(z.int('The price must be in whole cents'), z.gte(1, 'The price must be positive'), z.lte(1_000_000, 'The price is too high')),
  idempotencyKey,
  /** A paid re-check of this completed request (shares.ts createShareInput), at the pro's re-check price. */
  recheckOf: z.optional(id),
});
export const orderView = z.object({ orderId: z.string(), approveUrl: z.string() });

export const captureOrderInput = z.strictObject({ orderId });

/** What a payment bought and where it stands: the success page shows it. */
export const paymentView = z.object({
  orderId: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amountCents: z.int(),
  proUserId: z.string(),
  proName: z.string(),
  trackId: z.string(),
  trackTitle: z.string(),
  /** The request for feedback the payment created, once captured. */
  shareId: z.nullable(z.string()),
  refundReason: z.nullable(z.string()),
  createdAt: z.string(),
});
export type PaymentView = z.infer<typeof paymentView>;

/** A refund PayPal kept refusing, waiting for an admin: the payment, who paid, how often it was tried and what PayPal last said. */
export const stuckRefundView = z.object({
  ...paymentView.shape,
  payerName: z.string(),
  attempts: z.int(),
  reason: z.nullable(z.string()),
  stuckAt: z.string(),
});
export const stuckRefundsPage = z.object({ refunds: z.array(stuckRefundView), next: z.nullable(z.string()) });
export type StuckRefundsPage = z.infer<typeof stuckRefundsPage>;
export const stuckRefundsInput = z.strictObject({ cursor: cursorField });
export const retryRefundInput = z.strictObject({ orderId });

/**
 * A musician's payment as their Payments list and its receipt show it: what was bought, from whom, what
 * was charged and where it stands (paid, a refund on its way or made and why, disputed with PayPal).
 */
export const RECEIPT_STATUSES = ['paid', 'refunding', 'refunded', 'disputed'] as const;
export const REFUND_REASON_LABELS: Record<string, string> = {
  declined: 'the pro declined the request',
  expired: 'the pro did not deliver in time',
  unclaimed: 'no Snip Pro took the request in time',
  withdrawn: 'you withdrew the request before a pro took it',
  track_deleted: 'the track was deleted before the review',
  unfulfillable: 'the request could not be sent',
  reversed: 'PayPal reversed the payment',
  dispute: 'your report of the review was upheld',
  mismatch: 'PayPal charged an amount other than the price',
};
export const receiptView = z.object({
  orderId: z.string(),
  /** Our invoice number, and PayPal's transaction (its capture). */
  invoiceId: z.string(),
  transactionId: z.string(),
  paidAt: z.string(),
  payerName: z.string(),
  proName: z.string(),
  trackTitle: z.string(),
  amountCents: z.int(),
  status: z.enum(RECEIPT_STATUSES),
  refundReason: z.nullable(z.string()),
  refundedAt: z.nullable(z.string()),
});
export type ReceiptView = z.infer<typeof receiptView>;
export const receiptsPage = z.object({ payments: z.array(receiptView), next: z.nullable(z.string()) });
export const listReceiptsInput = z.strictObject({ cursor: cursorField });
export const receiptInput = z.strictObject({ orderId });
