import { useState } from 'react';
import type { WaitingPoolRequestView } from '@shared/schemas/pool';
import { SNIP_PRO_POOL } from '@shared/pool';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { Panel } from '@/components/panel';
import { errorMessage } from '@/lib/errors';
import { formatPrice } from '@/lib/money';
import { useWaitingPoolRequests, useWithdrawPoolRequest } from '@/features/pool/api/pool';
import '@/features/pool/pool.css';

const WHEN = new Intl.DateTimeFormat('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit' });

export const FINDING_YOUR_REVIEWER = 'Finding your reviewer';

/**
 * The musician's Snip Pro requests still waiting for a pro to take them: to how many pros each is offered
 * so far, when it is refunded if nobody does, and Withdraw (refunded at once, after a confirmation).
 * Nothing shows when none is waiting.
 */
export function FindingReviewer() {
  const waiting = useWaitingPoolRequests();
  const withdraw = useWithdrawPoolRequest();
  const [asked, setAsked] = useState<WaitingPoolRequestView | null>(null);
  const close = () => {
    setAsked(null);
    withdraw.reset();
  };
  if (!waiting.data?.length) return null;
  return (
    <Panel title={FINDING_YOUR_REVIEWER} testId="finding-reviewer">
      <ul className="pool-offers">
        {waiting.data.map((r) => (
          <li key={r.orderId} className="pool-offer" data-testid="pool-waiting">
            <div className="pool-offer-text">
              <span className="pool-offer-title">{r.trackTitle}</span>
              <span className="muted small">
                Snip Pro · {r.genre} · offered to {r.offeredNow} of {r.offeredInAll} {r.offeredInAll === 1 ? 'pro' : 'pros'} so far
              </span>
              <span className="small">If nobody takes it by {WHEN.format(new Date(r.claimUntil))}, you are refunded in full.</span>
            </div>
            <Button
              variant="secondary"
              className="btn-sm"
              aria-label={`Withdraw the request for "${r.trackTitle}"`}
              onClick={() => setAsked(r)}
            >
              Withdraw
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asked !== null}
        title="Withdraw this Snip Pro request?"
        description={`"${asked?.trackTitle ?? ''}" is no longer offered to pros, and the ${formatPrice(SNIP_PRO_POOL.priceCents)} you paid goes back to your PayPal account in full.`}
        confirmLabel="Withdraw and refund"
        busy={withdraw.isPending}
        busyLabel="Withdrawing..."
        tone="danger"
        error={withdraw.isError ? errorMessage(withdraw.error, 'Could not withdraw it. Please try again.') : null}
        onConfirm={() => asked && withdraw.mutate(asked.orderId, { onSuccess: close })}
        onCancel={close}
        testId="withdraw-pool-dialog"
      />
    </Panel>
  );
}
