/** The books, for admins: money in and out per month, and the ledger's export for accounting. */
import * as z from 'zod/mini';

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD'));

export const booksInput = z.strictObject({
  months: z._default(z.coerce.number().check(z.int('Whole months'), z.gte(1, 'At least 1 month'), z.lte(24, 'At most 24 months')), 6),
});

/** One month's money, in cents, from the ledger: what came in, what the platform kept, what went back and out. */
export const monthOfBooks = z.object({
  month: z.string(),
  /** Paid by musicians (charges). */
  chargedCents: z.int(),
  /** The platform's fees, less those refunded with their payments. */
  feesCents: z.int(),
  /** Given back to musicians. */
  refundedCents: z.int(),
  /** Taken back from pros' earnings with those refunds (reversals). */
  reversedCents: z.int(),
  /** Sent to pros' PayPal accounts, less payouts given back. */
  paidOutCents: z.int(),
  /** Admins' corrections of pros' balances. */
  adjustedCents: z.int(),
  entries: z.int(),
  /** Every entry of the month summed: zero when every movement has its two sides. */
  sumCents: z.int(),
  /** The pros' earnings of the month, by where each stands now. */
  earnings: z.object({ pendingCents: z.int(), heldCents: z.int(), releasedCents: z.int(), reversedCents: z.int() }),
});
export type MonthOfBooks = z.infer<typeof monthOfBooks>;

export const differenceView = z.object({
  kind: z.enum(['missing_at_paypal', 'missing_in_ledger', 'amount_differs']),
  id: z.string(),
  what: z.string(),
  ledgerCents: z.nullable(z.int()),
  paypalCents: z.nullable(z.int()),
  at: z.string(),
});

export const booksView = z.object({
  months: z.array(monthOfBooks),
  /** Reports of paid reviews waiting for an admin. */
  openReports: z.int(),
  /** Payments disputed at PayPal (chargebacks) not yet decided there: their earnings are held meanwhile. */
  providerDisputes: z.object({ count: z.int(), amountCents: z.int(), oldestAt: z.nullable(z.string()) }),
  /** The latest reconciliation of the ledger with PayPal's records (null: none yet). */
  reconciliation: z.nullable(
    z.object({ ranAt: z.string(), from: z.string(), to: z.string(), compared: z.int(), differences: z.array(differenceView) }),
  ),
});
export type BooksView = z.infer<typeof booksView>;

export const ledgerExportInput = z
  .strictObject({ from: day, to: day })
  .check(z.refine((v) => v.from <= v.to, { message: 'The end is before the start', path: ['to'] }));
export const ledgerExport = z.object({ filename: z.string(), rows: z.int(), csv: z.string() });
