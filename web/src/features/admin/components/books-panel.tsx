import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { formatCents } from '@shared/money';
import type { BooksView, MonthOfBooks } from '@shared/schemas/books';
import { Alert, AlertIf } from '@/components/alert';
import { Button } from '@/components/button';
import { Panel } from '@/components/panel';
import { QueryStates } from '@/components/query-states';
import { TextField } from '@/components/text-field';
import { formatDate } from '@/lib/dates';
import { errorMessage } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { useBooks, useLedgerExport } from '@/features/admin/api/books';
import { formatDateTime } from '@/features/admin/utils/format';
import { TableRegion } from './table-region';

const COLUMNS = [
  ['chargedCents', 'Charged'],
  ['feesCents', 'Fees'],
  ['refundedCents', 'Refunded'],
  ['reversedCents', 'Reversed'],
  ['paidOutCents', 'Paid out'],
  ['adjustedCents', 'Corrections'],
] as const;

const EARNING_COLUMNS = [
  ['pendingCents', 'Pending'],
  ['heldCents', 'On hold'],
  ['releasedCents', 'Released'],
  ['reversedCents', 'Reversed'],
] as const;

const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.parse(`${month}-01T00:00:00Z`));

/** A table of amounts, a row a month. Wider than a phone, it scrolls: its region takes the keyboard's focus to scroll it (WCAG 2.1.1). */
function MonthTable(props: {
  label: string;
  first: string;
  columns: { label: string; of: (m: MonthOfBooks) => number }[];
  months: MonthOfBooks[];
  testId: string;
  rowTestId?: string;
}) {
  return (
    <TableRegion label={props.label}>
      <table className="books-table" data-testid={props.testId}>
        <thead>
          <tr>
            <th scope="col">{props.first}</th>
            {props.columns.map((c) => (
              <th key={c.label} scope="col" className="books-amount">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.months.map((m) => (
            <tr key={m.month} data-testid={props.rowTestId}>
              <th scope="row">{monthName(m.month)}</th>
              {props.columns.map((c) => (
                <td key={c.label} className="books-amount" data-label={c.label}>
                  {formatCents(c.of(m))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

/** Each month's money from the ledger, and whether the books balance. */
export function BooksPanel() {
  const books = useBooks();
  return (
    <Panel title="Money by month" testId="books-panel">
      <QueryStates query={books} loading={<p className="muted">Loading...</p>} failed="Failed to load the books" errorTestId="books-error">
        {(b) => (
          <>
            <MonthTable
              label="Money by month table"
              first="Month"
              columns={COLUMNS.map(([key, label]) => ({ label, of: (m: MonthOfBooks) => m[key] }))}
              months={b.months}
              testId="books-table"
              rowTestId="books-month"
            />
            <h3 className="books-subtitle">Earnings by where they stand now</h3>
            <MonthTable
              label="Earnings by state table"
              first="Month earned"
              columns={EARNING_COLUMNS.map(([key, label]) => ({ label, of: (m: MonthOfBooks) => m.earnings[key] }))}
              months={b.months}
              testId="books-earnings"
            />
            <p className="panel-text" data-testid="books-balance">
              {b.months.every((m) => m.sumCents === 0)
                ? 'The books balance: every movement has its two sides.'
                : `The books do not balance: ${b.months
                    .filter((m) => m.sumCents !== 0)
                    .map((m) => `${monthName(m.month)} is off by ${formatCents(m.sumCents)}`)
                    .join('; ')}.`}
            </p>
            <Reconciliation r={b.reconciliation} />
            <p className="panel-text" data-testid="books-reports">
              {b.openReports === 1 ? '1 report of a paid review waits' : `${b.openReports} reports of paid reviews wait`} for a decision.{' '}
              <Link to={paths.adminDisputes}>Open the queue</Link>
            </p>
            <ProviderDisputes d={b.providerDisputes} />
          </>
        )}
      </QueryStates>
    </Panel>
  );
}

/** Chargebacks still open at PayPal: decided there, not here, so only said. */
function ProviderDisputes({ d }: { d: BooksView['providerDisputes'] }) {
  return (
    <p className="panel-text" data-testid="books-provider-disputes">
      {d.count === 0 || !d.oldestAt
        ? 'No payment is disputed at PayPal.'
        : `${d.count === 1 ? '1 payment' : `${d.count} payments`} (${formatCents(d.amountCents)}) ${d.count === 1 ? 'is' : 'are'} disputed at PayPal, the oldest since ${formatDate(d.oldestAt)}: their earnings are held until PayPal decides.`}
    </p>
  );
}

type Difference = NonNullable<BooksView['reconciliation']>['differences'][number];

const DIFFERENCE_KINDS: Record<Difference['kind'], string> = {
  missing_at_paypal: 'In the ledger, not at PayPal',
  missing_in_ledger: 'At PayPal, not in the ledger',
  amount_differs: 'Amounts differ',
};

/** The latest reconciliation of the ledger with PayPal's records, and every difference it found. */
function Reconciliation({ r }: { r: BooksView['reconciliation'] }) {
  if (!r)
    return (
      <p className="panel-text" data-testid="reconciliation">
        The ledger has not been reconciled with PayPal yet: it is, once a day.
      </p>
    );
  const over = `${formatDateTime(r.from)} to ${formatDateTime(r.to)}`;
  if (!r.differences.length)
    return (
      <p className="panel-text" data-testid="reconciliation">
        Reconciled with PayPal on {formatDateTime(r.ranAt)}: {r.compared === 1 ? '1 record' : `${r.compared} records`} of movements from{' '}
        {over}, no differences. Later movements are reconciled by the next daily run.
      </p>
    );
  return (
    <div data-testid="reconciliation">
      <Alert tone="error" title={`The ledger and PayPal differ (${over})`}>
        <ul className="reconciliation-list">
          {r.differences.map((d) => (
            <li key={`${d.kind}-${d.id}`} data-testid="reconciliation-difference">
              {DIFFERENCE_KINDS[d.kind]}: {d.what} {d.id} on {formatDate(d.at)}
              {d.ledgerCents !== null && `, ledger ${formatCents(d.ledgerCents)}`}
              {d.paypalCents !== null && `, PayPal ${formatCents(d.paypalCents)}`}
            </li>
          ))}
        </ul>
      </Alert>
    </div>
  );
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The ledger between two days as CSV, for accounting. */
export function LedgerExportPanel() {
  const id = useId();
  const now = new Date();
  const [from, setFrom] = useState(isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))));
  const [to, setTo] = useState(isoDay(now));
  const exporting = useLedgerExport();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    exporting.mutate({ from, to });
  };
  return (
    <Panel title="Export the ledger" testId="ledger-export-panel">
      <p className="panel-text">Every entry between two days (UTC), both sides of each movement, as CSV for accounting.</p>
      <form className="ledger-export" onSubmit={submit}>
        <TextField id={`${id}-from`} name="from" label="From" type="date" value={from} onChange={setFrom} />
        <TextField id={`${id}-to`} name="to" label="To" type="date" value={to} onChange={setTo} />
        <Button type="submit" variant="secondary" busy={exporting.isPending} busyText="Exporting..." data-testid="ledger-export">
          Download CSV
        </Button>
      </form>
      <AlertIf message={exporting.isError ? errorMessage(exporting.error, 'The export failed. Please try again.') : undefined} />
      <AlertIf
        tone="success"
        message={exporting.isSuccess ? `Downloaded ${exporting.data.filename} (${exporting.data.rows} entries).` : undefined}
        testId="ledger-exported"
      />
    </Panel>
  );
}

/** Admin Settings' way to the money page. */
export function MoneyLinkPanel() {
  return (
    <Panel title="Money" testId="money-link-panel">
      <p className="panel-text">
        Fees, refunds and payouts by month, and the ledger for accounting. <Link to={paths.adminMoney}>Open the books</Link>
      </p>
    </Panel>
  );
}
