import { Panel } from '@/components/panel';
import { useWaitingPoolRequests } from '@/features/pool/api/pool';
import '@/features/pool/pool.css';

const WHEN = new Intl.DateTimeFormat('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit' });

export const FINDING_YOUR_REVIEWER = 'Finding your reviewer';

/**
 * The musician's Snip Pro requests still waiting for a pro to take them: to how many pros each is offered
 * so far, and when it is refunded if nobody does. Nothing shows when none is waiting.
 */
export function FindingReviewer() {
  const waiting = useWaitingPoolRequests();
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
          </li>
        ))}
      </ul>
    </Panel>
  );
}
