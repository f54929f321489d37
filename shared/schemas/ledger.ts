/** A pro's earnings as they see them: the balance and the ledger entries that explain it. */
import * as z from 'zod/mini';

export const ledgerEntryView = z.object({
  id: z.string(),
  kind: z.enum(['charge', 'earning', 'fee', 'refund', 'reversal', 'fee_reversal', 'adjustment']),
  amountCents: z.int(),
  description: z.string(),
  /** For earnings and their reversals: the price paid and the margin the platform took. */
  priceCents: z.nullable(z.int()),
  margin: z.nullable(z.number()),
  createdAt: z.string(),
});
export type LedgerEntryView = z.infer<typeof ledgerEntryView>;

export const earningsView = z.object({ balanceCents: z.int(), entries: z.array(ledgerEntryView) });
