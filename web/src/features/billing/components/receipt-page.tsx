import { Link, useParams } from 'react-router-dom';
import { Button } from '@/components/button';
import { PrintableSheet } from '@/components/printable-sheet';
import { QueryStates } from '@/components/query-states';
import { formatDate } from '@/lib/dates';
import { formatCents } from '@/lib/money';
import { paths } from '@/lib/paths';
import { useReceipt } from '@/features/billing/api/receipts';
import { receiptStatusText } from '@/features/billing/utils/receipts';

/** A payment's receipt, to keep or print: who paid whom for what, when, and where it stands. */
export function ReceiptPage() {
  const { orderId = '' } = useParams();
  const receipt = useReceipt(orderId);
  return (
    <div className="page receipt-page" data-testid="page-receipt">
      <p className="no-print">
        <Link to={paths.settings}>Back to Billing &amp; Plan</Link>
      </p>
      <QueryStates
        query={receipt}
        loading={<p className="muted">Loading...</p>}
        failed="This receipt could not be found"
        errorTestId="receipt-error"
      >
        {(r) => (
          <PrintableSheet title="Receipt" className="receipt" testId="receipt">
            <dl className="receipt-facts">
              <dt>Invoice</dt>
              <dd data-testid="receipt-invoice">{r.invoiceId}</dd>
              <dt>Date</dt>
              <dd>{formatDate(r.paidAt)}</dd>
              <dt>Billed to</dt>
              <dd>{r.payerName}</dd>
              <dt>PayPal transaction</dt>
              <dd>{r.transactionId}</dd>
            </dl>
            <table className="receipt-lines">
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col" className="receipt-amount">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>
                    Feedback from {r.proName} on &ldquo;{r.trackTitle}&rdquo;
                  </td>
                  <td className="receipt-amount">{formatCents(r.amountCents)}</td>
                </tr>
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total paid (USD)</th>
                  <td className="receipt-amount" data-testid="receipt-total">
                    {formatCents(r.amountCents)}
                  </td>
                </tr>
              </tfoot>
            </table>
            <p data-testid="receipt-status">
              <strong>{receiptStatusText(r)}</strong>
              {r.refundedAt && ` on ${formatDate(r.refundedAt)}`}
            </p>
            <Button variant="secondary" className="no-print" onClick={() => window.print()}>
              Print receipt
            </Button>
          </PrintableSheet>
        )}
      </QueryStates>
    </div>
  );
}
