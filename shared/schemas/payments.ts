/** Requests and answers of paid feedback (PayPal orders) and its webhook. */
import * as z from 'zod';
import { shareOptionsSchema } from './shares.js';

const id = z.string().uuid('Invalid id');
/** PayPal order ids are short upper-case alphanumerics; anything else is not an order of ours. */
const orderId = z.string().regex(/^[A-Z0-9]{1,36}$/, 'Invalid order id');

export const PAYMENT_STATUSES = ['pending', 'captured', 'refunding', 'refunded', 'failed'] as const;

/**
 * A paid request for feedback: the share dialog's details and the price the musician saw, which must
 * still be the pro's price (409 price_changed otherwise). The payer is the caller, never a body field.
 */
export const createOrderInput = z
  .object({
    proUserId: z.string().min(1).max(64),
    trackId: id,
    shareOptions: shareOptionsSchema,
    feedbackPriceCents: z.number().int('The price must be in whole cents').min(1, 'The price must be positive').max(1_000_000, 'The price is too high'),
    idempotencyKey: z.string().uuid('Invalid idempotency key').optional(),
  })
  .strict();
export const orderView = z.object({ orderId: z.string(), approveUrl: z.string() });

export const captureOrderInput = z.object({ orderId }).strict();

/** What a payment bought and where it stands: the success page shows it. */
export const paymentView = z.object({
  orderId: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amountCents: z.number().int(),
  proUserId: z.string(),
  proName: z.string(),
  trackId: z.string(),
  trackTitle: z.string(),
  /** The request for feedback the payment created, once captured. */
  shareId: z.string().nullable(),
  refundReason: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentView = z.infer<typeof paymentView>;

/**
 * A provider's webhook delivery: an event object with its id and type, whatever else it holds (its
 * signature, checked before anything is read, decides whether it is believed).
 */
export const paypalEventInput = z.looseObject({ id: z.string().min(1).max(255), event_type: z.string().min(1).max(255) });
export const stripeEventInput = z.looseObject({ id: z.string().min(1).max(255), type: z.string().min(1).max(255) });
export const webhookAck = z.object({ received: z.literal(true) });
