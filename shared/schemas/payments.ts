/** Requests and answers of paid feedback (PayPal orders) and its webhook. */
import * as z from 'zod/mini';
import { cursorField } from './common.js';
import { idempotencyKey, shareOptionsSchema } from './shares.js';

const id = z.string().check(z.uuid('Invalid id'));
/** PayPal order ids are short upper-case alphanumerics; anything else is not an order of ours. */
const orderId = z.string().check(z.regex(/^[A-Z0-9]{1,36}$/, 'Invalid order id'));

export const PAYMENT_STATUSES = ['pending', 'captured', 'refunding', 'refunded', 'failed'] as const;

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
