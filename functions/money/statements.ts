/**
 * A pro's monthly statement: what their ledger says of one month, entry by entry (each earning with where
 * it stands and when it is released, each payout with PayPal's transaction), and the month's totals. The
 * earnings page links to it; the pro prints it or downloads it as CSV.
 */
import type { StatementView } from '../../shared/schemas/ledger.js';
import { entriesOfMonth, type LedgerEntry } from './data/ledger.js';
import { getPayout } from './data/payouts.js';
import { ledgerViews } from './earnings.js';
import type { UserRecord } from '../people/data/index.js';

const payoutOf = (e: LedgerEntry) => (e.cause.type === 'payout' ? e.cause.payoutId : null);

/** What each kind adds up to in the totals (the others, a musician's, never appear on a pro's ledger). */
const TOTAL_OF: Partial<Record<LedgerEntry['kind'], keyof Omit<StatementView['totals'], 'netCents'>>> = {
  earning: 'earnedCents',
  reversal: 'reversedCents',
  payout: 'paidOutCents',
  payout_return: 'returnedCents',
  adjustment: 'adjustedCents',
};

export async function statementOf(user: UserRecord, month: string): Promise<StatementView> {
  const entries = await entriesOfMonth(user.id, month);
  const payoutIds = [...new Set(entries.flatMap((e) => payoutOf(e) ?? []))];
  const [views, payouts] = await Promise.all([
    ledgerViews(entries, user),
    Promise.all(payoutIds.map(getPayout)).then((found) => new Map(found.flatMap((p) => (p ? [[p.id, p] as const] : [])))),
  ]);
  const totals = { earnedCents: 0, reversedCents: 0, paidOutCents: 0, returnedCents: 0, adjustedCents: 0, netCents: 0 };
  for (const e of entries) {
    const total = TOTAL_OF[e.kind];
    if (total) totals[total] += e.amountCents;
    totals.netCents += e.amountCents;
  }
  return {
    month,
    entries: views.map((view, i) => {
      const p = payouts.get(payoutOf(entries[i]) ?? '');
      return { ...view, payout: p ? { id: p.id, email: p.email, status: p.status, transactionId: p.transactionId ?? null } : null };
    }),
    totals,
  };
}
