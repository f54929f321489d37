import { useId } from 'react';
import { formatCents } from '@shared/money';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Panel } from '@/components/panel';
import { errorMessage } from '@/lib/errors';
import { useRetryRefund, useStuckRefunds } from '@/features/admin/api/refunds';
import { formatDateTime } from '@/features/admin/utils/format';
import { AdminList, listTexts } from './admin-list';
import '@/features/admin/admin.css';

const LIST = listTexts('stuck-refunds', ['the refunds', 'refunds'], 'No refund is waiting: PayPal has made every one.');

/**
 * Refunds to look at: paid requests whose refund PayPal refused again and again (about a day of tries).
 * The money is still the musician's to get back: the admin sees what PayPal last said, settles it in
 * PayPal if needed, and tries again.
 */
export function StuckRefundsPanel() {
  const headingId = useId();
  const stuck = useStuckRefunds();
  const retry = useRetryRefund();
  const refunds = stuck.data?.pages.flatMap((p) => p.refunds) ?? [];

  return (
    <Panel title="Refunds to look at" titleId={headingId} className="admin-stuck-panel" testId="stuck-refunds-panel">
      <p className="panel-text">Refunds PayPal kept refusing. Try again once the cause is settled in PayPal.</p>
      {retry.isError ? (
        <Alert tone="error" testId="stuck-refunds-retry-error">
          {errorMessage(retry.error, 'The refund could not be tried again. Please try again.')}
        </Alert>
      ) : null}
      <AdminList pages={stuck} items={refunds} {...LIST}>
        {() => (
          <ul className="admin-stuck-list" aria-labelledby={headingId}>
            {refunds.map((r) => (
              <li key={r.orderId} className="admin-stuck" data-testid="stuck-refund">
                <div>
                  <strong>{formatCents(r.amountCents)}</strong> to {r.payerName} for feedback from {r.proName} on &ldquo;{r.trackTitle}
                  &rdquo;
                </div>
                <div className="muted">
                  Order <code>{r.orderId}</code>, refused {r.attempts} times, last on{' '}
                  <time dateTime={r.stuckAt}>{formatDateTime(r.stuckAt)}</time>
                  {r.reason ? <>: {r.reason}</> : null}
                </div>
                <Button
                  variant="secondary"
                  onClick={() => retry.mutate(r.orderId)}
                  busy={retry.isPending && retry.variables === r.orderId}
                  busyText="..."
                  aria-label={`Try the refund of order ${r.orderId} again`}
                >
                  Try again
                </Button>
              </li>
            ))}
          </ul>
        )}
      </AdminList>
    </Panel>
  );
}
