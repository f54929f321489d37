import { Link } from 'react-router-dom';
import { LoadMore } from '@/components/load-more';
import { Panel } from '@/components/panel';
import { QueryStates } from '@/components/query-states';
import { formatDate } from '@/lib/dates';
import { formatCents } from '@/lib/money';
import { useReceipts } from '@/features/billing/api/receipts';
import { receiptPath, receiptStatusText } from '@/features/billing/utils/receipts';

/** Billing & Plan's 'Payments': every payment for feedback, newest first, each with its receipt. */
export function PaymentsPanel() {
  const receipts = useReceipts();
  return (
    <Panel title="Payments" titleId="payments-title" testId="payments-panel">
      <QueryStates
        query={receipts}
        loading={<p className="muted">Loading...</p>}
        failed="Failed to load your payments"
        errorTestId="payments-error"
      >
        {(data) => {
          const all = data.pages.flatMap((p) => p.payments);
          if (!all.length)
            return (
              <p className="muted" data-testid="payments-empty">
                No payments yet: what you pay pros for feedback shows here, each with a receipt.
              </p>
            );
          return (
            <>
              <ul className="receipt-list" aria-label="Your payments">
                {all.map((r) => (
                  <li key={r.orderId} className="receipt-row" data-testid="payment-row">
                    <div className="receipt-row-text">
                      <span>
                        Feedback from {r.proName} on &ldquo;{r.trackTitle}&rdquo;
                      </span>
                      <span className="muted small">
                        {formatDate(r.paidAt)} · <span data-testid="payment-status">{receiptStatusText(r)}</span>
                      </span>
                    </div>
                    <span className="receipt-amount">{formatCents(r.amountCents)}</span>
                    <Link
                      to={receiptPath(r.orderId)}
                      className="receipt-link"
                      aria-label={`Receipt for feedback from ${r.proName} on ${r.trackTitle}`}
                    >
                      Receipt
                    </Link>
                  </li>
                ))}
              </ul>
              <LoadMore
                pages={receipts}
                label="Load older payments"
                failed="Failed to load older payments"
                className="receipt-more"
                testId="payments-more"
              />
            </>
          );
        }}
      </QueryStates>
    </Panel>
  );
}
