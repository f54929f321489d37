import { EARNING_HOLD_DAYS } from '@shared/money';
import type { EarningsView, LedgerEntryView } from '@shared/schemas/ledger';
import { Link } from 'react-router-dom';
import { statementPath } from '@shared/paths';
import { QueryStates } from '@/components/query-states';
import { formatDate } from '@/lib/dates';
import { formatCents } from '@/lib/money';
import { useEarnings } from '@/features/earnings/api/earnings';
import '@/features/earnings/earnings.css';

/** What is still owed from chargebacks: the one chargeback as it was, or the sum left with the latest named. */
export function chargebackNote(c: NonNullable<EarningsView['chargeback']>): string {
  const owed = formatCents(c.owedCents);
  if (c.amountCents === c.owedCents && c.at) return `A chargeback of ${owed} on ${formatDate(c.at)} will be taken from your next earnings.`;
  const latest = c.amountCents != null && c.at ? ` (the latest: ${formatCents(c.amountCents)} on ${formatDate(c.at)})` : '';
  return `${owed} taken back by chargebacks is still owed${latest}: it will be taken from your next earnings.`;
}

/** What the platform took from a payment, as the pro reads it: '20% margin on $30.00'. */
export function marginNote(e: Pick<LedgerEntryView, 'priceCents' | 'margin'>): string | null {
  if (e.priceCents == null || e.margin == null) return null;
  const percent = Math.round(e.margin * 1000) / 10;
  return `${percent}% margin on ${formatCents(e.priceCents)}`;
}

/** Where an earning stands, as its line says it. */
export function earningNote(earning: LedgerEntryView['earning']): string | null {
  if (!earning) return null;
  switch (earning.state) {
    case 'pending':
      return earning.disputed
        ? 'Pending, disputed by the payer'
        : `Pending: available ${EARNING_HOLD_DAYS} days after you deliver the review`;
    case 'held':
      if (earning.disputed) return 'On hold: the payer disputed the payment';
      return earning.availableAt ? `On hold until ${formatDate(earning.availableAt)}` : 'On hold while a report is decided';
    case 'available':
      return 'Available';
    case 'paid_out':
      return 'Paid out';
    case 'reversed':
      return 'Refunded to the musician';
  }
}

/**
 * The pro's 'Current Balance' card (spec: 'Earnings from feedback provided'), with the entries that explain
 * it: each earning with what it was for and the margin taken, refunds taken back, an admin's corrections.
 */
export function EarningsCard() {
  const earnings = useEarnings();
  return (
    <section className="panel earnings-card" aria-labelledby="earnings-title" data-testid="earnings-card">
      <h2 id="earnings-title" className="panel-title">
        Current Balance
      </h2>
      <p className="muted small">Earnings from feedback provided</p>
      <QueryStates
        query={earnings}
        loading={
          <p className="muted" role="status">
            Loading...
          </p>
        }
        failed="Failed to load your earnings"
        errorTestId="earnings-error"
      >
        {(data) => (
          <>
            <p className="earnings-balance" data-testid="earnings-balance">
              {formatCents(data.balanceCents)}
            </p>
            <p className="earnings-parts" data-testid="earnings-parts">
              Available {formatCents(data.availableCents)}, on hold {formatCents(data.heldCents)}, pending {formatCents(data.pendingCents)}
            </p>
            <p className="small">
              <Link to={statementPath(new Date().toISOString().slice(0, 7))} data-testid="statement-link">
                Monthly statement
              </Link>{' '}
              <span className="muted">(every movement of your balance, to print or download as CSV)</span>
            </p>
            {data.chargeback && (
              <p className="earnings-chargeback" role="note" data-testid="earnings-chargeback">
                {chargebackNote(data.chargeback)}
              </p>
            )}
            {data.entries.length === 0 ? (
              <p className="muted" data-testid="earnings-empty">
                No earnings yet: paid requests you complete show here.
              </p>
            ) : (
              <ul className="earnings-list" aria-label="Recent earnings">
                {data.entries.map((e) => (
                  <li key={e.id} className="earnings-entry" data-testid="earnings-entry">
                    <div className="earnings-entry-text">
                      <span>{e.description}</span>
                      <span className="muted small">
                        {formatDate(e.createdAt)}
                        {marginNote(e) ? ` · ${marginNote(e)}` : ''}
                      </span>
                      {e.earning && (
                        <span className={`earnings-state is-${e.earning.state}`} data-testid="earning-state">
                          {earningNote(e.earning)}
                        </span>
                      )}
                    </div>
                    <span className={`earnings-amount${e.amountCents < 0 ? ' is-negative' : ''}`}>
                      {e.amountCents > 0 ? '+' : ''}
                      {formatCents(e.amountCents)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </QueryStates>
    </section>
  );
}
