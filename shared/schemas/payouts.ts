/**
 * Money out: the PayPal account a pro is paid at, their withdrawals (payouts) and an admin's hold on them.
 * Amounts are integer cents; a withdrawal takes the whole available balance.
 */
import * as z from 'zod/mini';
import { cursorField, emailField, standingDecision, textField } from './common.js';
import { idempotencyKey } from './idempotency.js';

/**
 * Where a payout stands: being sent to PayPal, sent and pending there, paid, or given back to the pro's
 * balance because PayPal could not pay it (failed), the recipient did not claim it in time (unclaimed)
 * or it came back (returned).
 */
export const PAYOUT_STATUSES = ['sending', 'pending', 'paid', 'failed', 'unclaimed', 'returned'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** PayPal pays receivers of at most this many characters (its Payouts API refuses a longer one at the send). */
export const PAYPAL_RECEIVER_MAX = 127;

export const payoutAccountInput = z.strictObject({
  email: z.pipe(
    emailField,
    z.string().check(z.maxLength(PAYPAL_RECEIVER_MAX, `PayPal takes addresses of at most ${PAYPAL_RECEIVER_MAX} characters`)),
  ),
});

/** The pro's payout settings as the profile shows them. */
export const payoutAccountView = z.object({
  email: z.nullable(z.string()),
  /** A changed address is paid to only from this time on (null: no wait). */
  pausedUntil: z.nullable(z.string()),
  /** An admin's hold on the pro's payouts, with its reason. */
  held: standingDecision,
  availableCents: z.int(),
  /** The payout under way, if any (one at a time). */
  openPayoutId: z.nullable(z.string()),
});
export type PayoutAccountView = z.infer<typeof payoutAccountView>;

export const createPayoutInput = z.strictObject({
  /** What the pro saw as available: the payout is refused (409 balance_changed) if it moved meanwhile. */
  amountCents: z.number().check(z.int('The amount must be in whole cents'), z.gte(1, 'The amount must be positive')),
  idempotencyKey,
});

export const payoutView = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  amountCents: z.int(),
  email: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  /** Why it was given back, as PayPal said it. */
  reason: z.nullable(z.string()),
  createdAt: z.string(),
  completedAt: z.nullable(z.string()),
});
export type PayoutView = z.infer<typeof payoutView>;

/** The caller's payouts; an admin's: everyone's, or one pro's (`userId`). */
export const listPayoutsInput = z.strictObject({ userId: z.optional(z.string().check(z.maxLength(64))), cursor: cursorField });
export const payoutsPage = z.object({ payouts: z.array(payoutView), next: z.nullable(z.string()) });
export type PayoutsPage = z.infer<typeof payoutsPage>;

/**
 * A payout PayPal has not answered for hours, as an admin's list shows it: still sent again every hour (the
 * same payout pays once), with how often and what went wrong last.
 */
export const stuckPayoutView = z.extend(payoutView, {
  attempts: z.int(),
  lastError: z.nullable(z.string()),
  nextTryAt: z.nullable(z.string()),
});
export const stuckPayoutsPage = z.object({ payouts: z.array(stuckPayoutView) });
export type StuckPayoutsPage = z.infer<typeof stuckPayoutsPage>;

/** Holding needs a reason: the pro is told it, and the audit log keeps it. */
export const holdPayoutsInput = z
  .strictObject({
    id: z.string().check(z.minLength(1), z.maxLength(64)),
    held: z.boolean(),
    reason: z._default(textField({ multiline: false }).check(z.maxLength(500, 'The reason is too long')), ''),
  })
  .check(z.refine((v) => !v.held || v.reason.length > 0, { message: 'Say why the payouts are held', path: ['reason'] }));
