/**
 * The books, for admins: each month's money from the ledger's month index (charged, fees, refunds,
 * reversals, payouts, corrections, and the month's sum, zero when every movement has its two sides), and
 * the ledger between two days as CSV for accounting.
 */
import type { BooksView, MonthOfBooks } from '../../shared/schemas/books.js';
import { entriesBetween, PLATFORM_ACCOUNT, type LedgerEntry } from '../data/ledger.js';
import { latestReconciliation } from '../data/reconciliations.js';
import { countOpenDisputes } from '../data/shares.js';
import { BadRequest, PayloadTooLarge } from '../lib/errors.js';
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

function summed(month: string, entries: LedgerEntry[]): MonthOfBooks {
  const sum = (pick: (e: LedgerEntry) => boolean) => entries.filter(pick).reduce((s, e) => s + e.amountCents, 0);
  return {
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
  const [entries, openReports, reconciliation] = await Promise.all([
    entriesBetween(`${list[0]}-01T00:00:00.000Z`, now.toISOString()),
    countOpenDisputes(),
    latestReconciliation(),
  ]);
  return {
    months: list
      .map((m) =>
        summed(
          m,
          entries.filter((e) => e.createdAt.startsWith(m)),
        ),
      )
      .reverse(),
    openReports,
    reconciliation,
  };
}

/** A CSV cell: quoted when it must be, and text that a spreadsheet would run as a formula made inert. */
function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
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

function row(e: LedgerEntry): string {
  const c = e.cause;
  const reference =
    c.type === 'payment'
      ? (c.refundId ?? c.captureId ?? c.orderId)
      : c.type === 'payout'
        ? c.payoutId
        : c.type === 'event'
          ? c.eventId
          : c.adminId;
  return [e.createdAt, e.id, e.accountId, e.kind, e.amountCents, e.currency, e.description, c.type, reference, e.shareId ?? null]
    .map(cell)
    .join(',');
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
    csv: [COLUMNS.join(','), ...entries.map(row)].join('\r\n') + '\r\n',
  };
}
