/** A pro's earnings as they see them: the balance, its parts, and the ledger entries that explain it. */
import * as z from 'zod/mini';

export const LEDGER_KINDS = [
  'charge',
  'earning',
  'fee',
  'refund',
  'reversal',
  'fee_reversal',
  'pool_hold',
  'pool_release',
  'adjustment',
  'payout',
  'payout_return',
] as const;

/**
 * Where an earning stands: its review not delivered yet (pending), delivered and inside the musician's
 * window to report it or disputed (held), available to withdraw, withdrawn (paid out), or taken back.
 */
export const EARNING_STATES = ['pending', 'held', 'available', 'paid_out', 'reversed'] as const;

export const ledgerEntryView = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  amountCents: z.int(),
  description: z.string(),
  /** For earnings and their reversals: the price paid and the margin the platform took. */
  priceCents: z.nullable(z.int()),
  margin: z.nullable(z.number()),
  createdAt: z.string(),
  /** For an earning: where it stands, and when it becomes available (null: not known yet, or not to come). */
  earning: z.nullable(z.object({ state: z.enum(EARNING_STATES), availableAt: z.nullable(z.string()), disputed: z.boolean() })),
});
export type LedgerEntryView = z.infer<typeof ledgerEntryView>;

export const earningsView = z.object({
  balanceCents: z.int(),
  availableCents: z.int(),
  heldCents: z.int(),
  pendingCents: z.int(),
  /** Money taken back after it was paid out, to come out of the next earnings (when available is below zero). */
  /**
   * Money taken back after it was paid out, still owed (what the next earnings cover first), and the latest
   * chargeback among the recent entries (null when it is older than they reach).
   */
  chargeback: z.nullable(z.object({ owedCents: z.int(), amountCents: z.nullable(z.int()), at: z.nullable(z.string()) })),
  entries: z.array(ledgerEntryView),
});
export type EarningsView = z.infer<typeof earningsView>;

/** A month of the calendar, `yyyy-mm`. */
export const monthField = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is written yyyy-mm'));
export const statementInput = z.strictObject({ month: monthField });

/**
 * A pro's statement of one month: every entry of their ledger in it, oldest first (an earning with where it
 * stands and when it is released; a payout with PayPal's transaction), and the month's totals by kind.
 */
export const statementView = z.object({
  month: z.string(),
  entries: z.array(
    z.object({
      ...ledgerEntryView.shape,
      /** For a payout or its return: the payout, its PayPal address and PayPal's transaction once paid. */
      payout: z.nullable(z.object({ id: z.string(), email: z.string(), status: z.string(), transactionId: z.nullable(z.string()) })),
    }),
  ),
  totals: z.object({
    earnedCents: z.int(),
    reversedCents: z.int(),
    paidOutCents: z.int(),
    returnedCents: z.int(),
    adjustedCents: z.int(),
    /** What the month changed the balance by: the sum of its entries. */
    netCents: z.int(),
  }),
});
export type StatementView = z.infer<typeof statementView>;
