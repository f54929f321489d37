/** A pro's earnings as they see them: the balance and the ledger entries that explain it. */
import * as z from 'zod';

export const ledgerEntryView = z.object({
  id: z.string(),
  kind: z.enum(['charge', 'earning', 'fee', 'refund', 'reversal', 'fee_reversal', 'adjustment']),
  amountCents: z.number().int(),
  description: z.string(),
  /** For earnings and their reversals: the price paid and the margin the platform took. */
  priceCents: z.number().int().nullable(),
  margin: z.number().nullable(),
  createdAt: z.string(),
});
export type LedgerEntryView = z.infer<typeof ledgerEntryView>;

export const earningsView = z.object({ balanceCents: z.number().int(), entries: z.array(ledgerEntryView) });
