/** A pro's earnings: their balance and the latest ledger entries that explain it, newest first. */
import type { LedgerEntryView } from '../../shared/schemas/ledger.js';
import { recentEntries, type LedgerEntry } from '../data/ledger.js';
import type { UserRecord } from '../data/users.js';

const RECENT = 20;

const toView = (e: LedgerEntry): LedgerEntryView => ({
  id: e.id,
  kind: e.kind,
  amountCents: e.amountCents,
  description: e.description,
  priceCents: e.priceCents ?? null,
  margin: e.margin ?? null,
  createdAt: e.createdAt,
});

export async function earningsOf(user: UserRecord) {
  return { balanceCents: user.balanceCents ?? 0, entries: (await recentEntries(user.id, RECENT)).map(toView) };
}
