/** The ledger entries a payment's moves write (payment-machine.ts, pool-moves.ts): what each says, and its id. */
import { CURRENCY } from '../../shared/money.js';
import type { LedgerEntry, LedgerKind } from './data/ledger.js';
import type { PaymentRecord } from './data/payments.js';

/**
 * What a payment's entries say. No person's name or address: entries are never changed, and a deleted
 * account's names go from the payment record (money/data/money-names.ts), where views read them.
 */
export const about = (p: PaymentRecord) => `feedback on "${p.trackTitle}"`;

/** One ledger entry of a payment's move, its id unique per payment and kind. */
export function entry(
  p: PaymentRecord,
  kind: LedgerKind,
  accountId: string,
  amountCents: number,
  description: string,
  at: string,
  extra: Partial<LedgerEntry>,
): LedgerEntry {
  return {
    id: `${p.orderId}:${kind}`,
    accountId,
    kind,
    amountCents,
    currency: CURRENCY,
    description,
    createdAt: at,
    ...extra,
  } as LedgerEntry;
}
