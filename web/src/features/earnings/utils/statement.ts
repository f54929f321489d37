import { csvText } from '@shared/csv';
import { CURRENCY } from '@shared/money';
import type { StatementView } from '@shared/schemas/ledger';

const MONTH = /^(\d{4})-(\d{2})$/;

/** Whether `month` is a month the statements name: yyyy-mm. */
export const isMonth = (month: string) => MONTH.test(month) && Number(month.slice(5)) >= 1 && Number(month.slice(5)) <= 12;

/** The month `by` months after `month` (before, when negative), yyyy-mm. */
export function shiftMonth(month: string, by: number): string {
  const [, y, m] = MONTH.exec(month)!;
  const d = new Date(Date.UTC(Number(y), Number(m) - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

/** 'November 2026'. */
export const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00.000Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The statement as CSV, a row per entry, for a spreadsheet or an accountant. */
export function statementCsv(s: StatementView): string {
  return csvText([
    ['date', 'kind', 'amount_cents', 'currency', 'description', 'state', 'available_at', 'payout_id', 'paypal_transaction'],
    ...s.entries.map((e) => [
      e.createdAt,
      e.kind,
      e.amountCents,
      CURRENCY,
      e.description,
      e.earning?.state ?? e.payout?.status ?? null,
      e.earning?.availableAt ?? null,
      e.payout?.id ?? null,
      e.payout?.transactionId ?? null,
    ]),
  ]);
}
