import { Link, useParams } from 'react-router-dom';
import type { StatementView } from '@shared/schemas/ledger';
import { statementPath } from '@shared/paths';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { PrintableSheet } from '@/components/printable-sheet';
import { QueryStates } from '@/components/query-states';
import { formatDate } from '@/lib/dates';
import { formatCents } from '@/lib/money';
import { paths } from '@/lib/paths';
import { saveFile } from '@/lib/save-file';
import { useStatement } from '@/features/earnings/api/statements';
import { earningNote } from './earnings-card';
import { isMonth, monthName, shiftMonth, statementCsv } from '@/features/earnings/utils/statement';
import '@/features/earnings/earnings.css';

const download = (s: StatementView) => saveFile(`snip-statement-${s.month}.csv`, statementCsv(s), 'text/csv;charset=utf-8');

const TOTALS: [keyof StatementView['totals'], string][] = [
  ['earnedCents', 'Earned'],
  ['reversedCents', 'Taken back (refunds and chargebacks)'],
  ['adjustedCents', 'Corrections'],
  ['paidOutCents', 'Paid out'],
  ['returnedCents', 'Payouts returned'],
];

/** What a line says beside its description: where an earning stands, or a payout's PayPal transaction. */
function entryNote(e: StatementView['entries'][number]): string | null {
  if (e.earning) return earningNote(e.earning);
  if (e.payout)
    return `To ${e.payout.email}${e.payout.transactionId ? `, PayPal transaction ${e.payout.transactionId}` : `, ${e.payout.status}`}`;
  return null;
}

/** A pro's statement of one month, to keep, print or download: every movement of their balance, and the totals. */
export function StatementPage() {
  const { month = '' } = useParams();
  const valid = isMonth(month);
  const statement = useStatement(month, valid);
  const thisMonth = new Date().toISOString().slice(0, 7);
  return (
    <div className="page statement-page" data-testid="page-statement">
      <p className="no-print statement-nav">
        <Link to={paths.profile}>Back to your profile</Link>
        {valid && (
          <>
            <Link to={statementPath(shiftMonth(month, -1))} data-testid="statement-previous">
              Previous month
            </Link>
            {month < thisMonth && (
              <Link to={statementPath(shiftMonth(month, 1))} data-testid="statement-next">
                Next month
              </Link>
            )}
          </>
        )}
      </p>
      {!valid ? (
        <Alert tone="error" testId="statement-error">
          A statement is of a month, written yyyy-mm.
        </Alert>
      ) : (
        <QueryStates
          query={statement}
          loading={<p className="muted">Loading...</p>}
          failed="Failed to load your statement. Please try again."
          errorTestId="statement-error"
        >
          {(s) => (
            <PrintableSheet title={`Statement: ${monthName(s.month)}`} className="statement" testId="statement">
              {s.entries.length === 0 ? (
                <p className="muted" data-testid="statement-empty">
                  Nothing moved your balance in {monthName(s.month)}.
                </p>
              ) : (
                <table className="statement-lines">
                  <caption className="visually-hidden">Every movement of your balance in {monthName(s.month)}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">What</th>
                      <th scope="col" className="statement-amount">
                        Amount
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {s.entries.map((e) => (
                      <tr key={e.id} data-testid="statement-entry" data-kind={e.kind}>
                        <td>{formatDate(e.createdAt)}</td>
                        <td>
                          {e.description}
                          {entryNote(e) && <span className="statement-note">{entryNote(e)}</span>}
                        </td>
                        <td className="statement-amount">{formatCents(e.amountCents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              <dl className="statement-totals" data-testid="statement-totals">
                {TOTALS.filter(([key]) => s.totals[key] !== 0).map(([key, label]) => (
                  <div key={key}>
                    <dt>{label}</dt>
                    <dd>{formatCents(s.totals[key])}</dd>
                  </div>
                ))}
                <div className="statement-net">
                  <dt>Change in your balance</dt>
                  <dd data-testid="statement-net">{formatCents(s.totals.netCents)}</dd>
                </div>
              </dl>
              <div className="button-row no-print">
                <Button variant="secondary" onClick={() => window.print()}>
                  Print statement
                </Button>
                <Button variant="secondary" onClick={() => download(s)} data-testid="statement-csv">
                  Download CSV
                </Button>
              </div>
            </PrintableSheet>
          )}
        </QueryStates>
      )}
    </div>
  );
}
