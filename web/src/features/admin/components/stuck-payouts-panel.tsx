import { useId } from 'react';
import { formatCents } from '@shared/money';
import { Panel } from '@/components/panel';
import { useStuckPayouts } from '@/features/admin/api/stuck-payouts';
import { formatDateTime } from '@/features/admin/utils/format';
import { AdminEmpty, AdminStates } from './admin-list';
import '@/features/admin/admin.css';

/**
 * Payouts to look at: pros' withdrawals PayPal has not answered for hours. The money has left the pro's
 * balance and may be at PayPal already, so nothing is given back on a guess: each is sent again every hour
 * (the same payout pays once) and settles by itself once PayPal answers. The admin sees what went wrong
 * last, to settle it with PayPal.
 */
export function StuckPayoutsPanel() {
  const headingId = useId();
  const stuck = useStuckPayouts();
  return (
    <Panel title="Payouts to look at" titleId={headingId} className="admin-stuck-panel" testId="stuck-payouts-panel">
      <p className="panel-text">Payouts PayPal has not answered for hours. Each is sent again every hour and pays once.</p>
      <AdminStates
        query={stuck}
        testIds={{ loading: 'stuck-payouts-loading', error: 'stuck-payouts-error' }}
        failed="Failed to load the payouts. Please try again."
        isEmpty={stuck.data?.payouts.length === 0}
        empty={<AdminEmpty testId="stuck-payouts-empty">No payout is waiting: PayPal has answered every one.</AdminEmpty>}
      >
        {({ payouts }) => (
          <ul className="admin-stuck-list" aria-labelledby={headingId}>
            {payouts.map((p) => (
              <li key={p.id} className="admin-stuck" data-testid="stuck-payout">
                <div>
                  <strong>{formatCents(p.amountCents)}</strong> to {p.userName} at {p.email}, asked for on{' '}
                  <time dateTime={p.createdAt}>{formatDateTime(p.createdAt)}</time>
                </div>
                <div className="muted">
                  Payout <code>{p.id}</code>, sent {p.attempts} times{p.lastError ? <>, last: {p.lastError}</> : null}
                  {p.nextTryAt ? (
                    <>
                      . Next try <time dateTime={p.nextTryAt}>{formatDateTime(p.nextTryAt)}</time>
                    </>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </AdminStates>
    </Panel>
  );
}
