/**
 * A pro's earnings: their balance and its parts (pending, held, available), and the latest ledger entries
 * that explain it, newest first, each earning with where it stands.
 */
import { EARNING_HOLD_DAYS } from '../../shared/money.js';
import type { EarningsView, LedgerEntryView } from '../../shared/schemas/ledger.js';
import { recentEntries, type LedgerEntry } from './data/ledger.js';
import { getPayments, type PaymentRecord } from './data/payments.js';
import type { UserRecord } from '../people/data/index.js';
import { stateOf } from './payment-machine.js';

const RECENT = 20;
const DAY_MS = 86_400_000;

/**
 * Where an earning stands, from its payment. Released money is used oldest first (paid out, or taken
 * back), so an earning released before `settledCents` ran out is paid out.
 */
export function earningOf(p: PaymentRecord, settledCents: number): NonNullable<LedgerEntryView['earning']> {
  const state = stateOf(p);
  const disputed = Boolean(p.disputeId);
  if (state === 'refunding' || state === 'refund_stuck' || state === 'refunded') return { state: 'reversed', availableAt: null, disputed };
  if (state === 'released') {
    const paid = (p.releasedBefore ?? 0) + (p.earningCents ?? 0) <= settledCents;
    return { state: paid ? 'paid_out' : 'available', availableAt: p.releasedAt!, disputed };
  }
  if (state === 'fulfilled') {
    const availableAt = disputed ? null : new Date(Date.parse(p.fulfilledAt!) + EARNING_HOLD_DAYS * DAY_MS).toISOString();
    return { state: 'held', availableAt, disputed };
  }
  return { state: 'pending', availableAt: null, disputed };
}

const orderOf = (e: LedgerEntry) => (e.cause.type === 'payment' ? e.cause.orderId : null);

function toView(e: LedgerEntry, payment: PaymentRecord | undefined, settledCents: number): LedgerEntryView {
  return {
    id: e.id,
    kind: e.kind,
    amountCents: e.amountCents,
    // Named from the payment, which a deleted account's names go from; the entry itself names nobody.
    description: e.kind === 'earning' && payment ? `Earned for feedback to ${payment.payerName} on "${payment.trackTitle}"` : e.description,
    priceCents: e.priceCents ?? null,
    margin: e.margin ?? null,
    createdAt: e.createdAt,
    earning: e.kind === 'earning' && payment ? earningOf(payment, settledCents) : null,
  };
}

/** Entries as the earnings show them, each earning with where it stands (its payments read 100 at a time). */
export async function ledgerViews(entries: LedgerEntry[], user: UserRecord): Promise<LedgerEntryView[]> {
  const ids = [...new Set(entries.filter((e) => e.kind === 'earning').flatMap((e) => orderOf(e) ?? []))];
  const batches = Array.from({ length: Math.ceil(ids.length / 100) }, (_, i) => ids.slice(i * 100, (i + 1) * 100));
  const payments = new Map((await Promise.all(batches.map(getPayments))).flatMap((m) => [...m]));
  return entries.map((e) => toView(e, payments.get(orderOf(e) ?? ''), user.settledCents ?? 0));
}

export async function earningsOf(user: UserRecord): Promise<EarningsView> {
  const entries = await recentEntries(user.id, RECENT);
  const available = user.availableCents ?? 0;
  // Below zero: money taken back after it was paid out, which the next earnings cover first.
  const latest = available < 0 ? entries.find((e) => e.kind === 'reversal') : undefined;
  return {
    balanceCents: user.balanceCents ?? 0,
    availableCents: available,
    heldCents: user.heldCents ?? 0,
    pendingCents: user.pendingCents ?? 0,
    chargeback:
      available < 0 ? { owedCents: -available, amountCents: latest ? -latest.amountCents : null, at: latest?.createdAt ?? null } : null,
    entries: await ledgerViews(entries, user),
  };
}
