/**
 * The books, for admins: each month's money from the ledger's month index (charged, fees, refunds,
 * reversals, payouts, corrections, the month's sum, zero when every movement has its two sides, and its
 * earnings by where each stands now, read from their payments), the reports and PayPal disputes still open,
 * and the ledger between two days as CSV.
 */
import { csvText } from '../../shared/csv.js';
import type { BooksView, MonthOfBooks } from '../../shared/schemas/books.js';
import { entriesBetween, PLATFORM_ACCOUNT, type LedgerEntry } from './data/ledger.js';
import { getPayments, openProviderDisputes, type PaymentRecord } from './data/payments.js';
import { latestReconciliation } from './data/reconciliations.js';
import { countOpenDisputes } from '../feedback/data/index.js';
import { BadRequest, PayloadTooLarge } from '../lib/errors.js';
import { stateOf } from './payment-machine.js';
import { PAYOUTS_ACCOUNT } from './payout-machine.js';

const DAY_MS = 86_400_000;
/** The most days one export covers, and the most rows it gives (a response must stay under 6 MB). */
export const EXPORT_MAX_DAYS = 366;
export const EXPORT_MAX_ROWS = 20_000;

function monthsBack(n: number, now = new Date()): string[] {
  return Array.from({ length: n }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (n - 1 - i), 1)).toISOString().slice(0, 7),
  );
}

/** The month's earnings by where each stands now, from its payment. */
function earningsByState(entries: LedgerEntry[], payments: Map<string, PaymentRecord>): MonthOfBooks['earnings'] {
  const by = { pendingCents: 0, heldCents: 0, releasedCents: 0, reversedCents: 0 };
  for (const e of entries) {
    const p = e.kind === 'earning' && e.cause.type === 'payment' ? payments.get(e.cause.orderId) : undefined;
    if (!p) continue;
    const state = stateOf(p);
    const part =
      state === 'captured'
        ? 'pendingCents'
        : state === 'fulfilled'
          ? 'heldCents'
          : state === 'released'
            ? 'releasedCents'
            : 'reversedCents';
    by[part] += e.amountCents;
  }
  return by;
}

/** The payments of these earnings, 100 at a time, all at once. */
async function paymentsOf(entries: LedgerEntry[]): Promise<Map<string, PaymentRecord>> {
  const ids = [...new Set(entries.flatMap((e) => (e.kind === 'earning' && e.cause.type === 'payment' ? [e.cause.orderId] : [])))];
  const batches = await Promise.all(
    Array.from({ length: Math.ceil(ids.length / 100) }, (_, i) => getPayments(ids.slice(i * 100, i * 100 + 100))),
  );
  return new Map(batches.flatMap((m) => [...m]));
}

function summed(month: string, entries: LedgerEntry[], payments: Map<string, PaymentRecord>): MonthOfBooks {
  const sum = (pick: (e: LedgerEntry) => boolean) => entries.filter(pick).reduce((s, e) => s + e.amountCents, 0);
  return {
    earnings: earningsByState(entries, payments),
    month,
    chargedCents: -sum((e) => e.kind === 'charge'),
    feesCents: sum((e) => e.accountId === PLATFORM_ACCOUNT && (e.kind === 'fee' || e.kind === 'fee_reversal')),
    refundedCents: sum((e) => e.kind === 'refund'),
    reversedCents: -sum((e) => e.kind === 'reversal'),
    paidOutCents: sum((e) => e.accountId === PAYOUTS_ACCOUNT),
    adjustedCents: sum((e) => e.kind === 'adjustment' && e.accountId !== PLATFORM_ACCOUNT),
    entries: entries.length,
    sumCents: sum(() => true),
  };
}

export async function booksOf(months: number, now = new Date()): Promise<BooksView> {
  const list = monthsBack(months, now);
  const [entries, openReports, disputed, reconciliation] = await Promise.all([
    entriesBetween(`${list[0]}-01T00:00:00.000Z`, now.toISOString()),
    countOpenDisputes(),
    openProviderDisputes(),
    latestReconciliation(),
  ]);
  const payments = await paymentsOf(entries);
  return {
    months: list
      .map((m) =>
        summed(
          m,
          entries.filter((e) => e.createdAt.startsWith(m)),
          payments,
        ),
      )
      .reverse(),
    openReports,
    providerDisputes: {
      count: disputed.length,
      amountCents: disputed.reduce((s, p) => s + (p.capturedCents ?? p.amountCents), 0),
      oldestAt: disputed[0]?.disputedAt ?? null,
    },
    reconciliation,
  };
}

const COLUMNS = [
  'created_at',
  'entry_id',
  'account',
  'kind',
  'amount_cents',
  'currency',
  'description',
  'cause',
  'reference',
  'share_id',
] as const;

function row(e: LedgerEntry) {
  const c = e.cause;
  const reference =
    c.type === 'payment'
      ? (c.refundId ?? c.captureId ?? c.orderId)
      : c.type === 'payout'
        ? c.payoutId
        : c.type === 'event'
          ? c.eventId
          : c.adminId;
  return [e.createdAt, e.id, e.accountId, e.kind, e.amountCents, e.currency, e.description, c.type, reference, e.shareId ?? null];
}

export async function exportLedger(input: { from: string; to: string }) {
  const from = Date.parse(`${input.from}T00:00:00.000Z`);
  const to = Date.parse(`${input.to}T23:59:59.999Z`);
  if (!Number.isFinite(from) || !Number.isFinite(to)) throw new BadRequest('Give the days as YYYY-MM-DD', { from: 'Invalid date' });
  if ((to - from) / DAY_MS > EXPORT_MAX_DAYS) throw new BadRequest(`An export covers at most ${EXPORT_MAX_DAYS} days`, { to: 'Too far' });
  const entries = await entriesBetween(new Date(from).toISOString(), new Date(to).toISOString());
  if (entries.length > EXPORT_MAX_ROWS) throw new PayloadTooLarge(`More than ${EXPORT_MAX_ROWS} entries: export a shorter range`);
  return {
    filename: `snip-ledger-${input.from}-to-${input.to}.csv`,
    rows: entries.length,
    csv: csvText([[...COLUMNS], ...entries.map(row)]),
  };
}
