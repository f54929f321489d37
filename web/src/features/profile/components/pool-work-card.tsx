import { useId, useState } from 'react';
import { Alert } from '@/components/alert';
import { Panel } from '@/components/panel';
import { errorMessage } from '@/lib/errors';
import { formatPrice } from '@/lib/money';
import { SNIP_PRO_POOL } from '@shared/pool';
import { useUpdateProfile } from '@/features/profile/api/profile';

/**
 * A pro's opting in to Snip Pro requests: paid requests that name nobody, offered to the pros who take them
 * in the request's genre (shared/pool.ts). Saved as it is ticked.
 */
export function PoolWorkCard({ takesPoolWork }: { takesPoolWork: boolean }) {
  const save = useUpdateProfile();
  const hint = useId();
  // Ticked at once, as clicked; put back should the save fail.
  const [on, setOn] = useState(takesPoolWork);
  const change = (next: boolean) => {
    setOn(next);
    save.mutate({ takesPoolWork: next }, { onError: () => setOn(!next) });
  };
  return (
    <Panel title="Snip Pro requests" className="profile-side-panel" testId="pool-work-card">
      <label className="checkbox-label small">
        <input
          type="checkbox"
          checked={on}
          disabled={save.isPending}
          aria-describedby={hint}
          onChange={(e) => change(e.target.checked)}
          data-testid="pool-work-toggle"
        />
        Offer me Snip Pro requests in my genres
      </label>
      <p className="muted small" id={hint}>
        Musicians who ask Snip to find their reviewer pay {formatPrice(SNIP_PRO_POOL.priceCents)}. Snip offers each request to the pros of
        its genre, the least busy first; the first to take it reviews it, with {SNIP_PRO_POOL.claimHours} hours to start from when they take
        it. Offers show in &lsquo;Requests for you&rsquo; on your home page.
      </p>
      {save.isError && <Alert tone="error">{errorMessage(save.error, 'Failed to save. Please try again.')}</Alert>}
    </Panel>
  );
}
