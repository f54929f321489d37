import { useId, useRef, useState } from 'react';
import type { FeedbackCategoryKey } from '@shared/feedback';
import { SNIP_PRO_POOL } from '@shared/pool';
import { Alert } from '@/components/alert';
import { CategoryToggles } from '@/components/category-toggles';
import { Panel } from '@/components/panel';
import { errorMessage } from '@/lib/errors';
import { formatPrice } from '@/lib/money';
import { useUpdateProfile } from '@/features/profile/api/profile';

/**
 * A pro's opting in to Snip Pro requests: paid requests that name nobody, offered to the pros who take them
 * in the request's genre (shared/pool.ts), first to those whose focus areas it asks about. Saved as it is
 * ticked; each choice shows at once and is put back should its save fail.
 */
export function PoolWorkCard({ takesPoolWork, focusAreas }: { takesPoolWork: boolean; focusAreas: readonly string[] }) {
  const save = useUpdateProfile();
  const hint = useId();
  const [on, setOn] = useState(takesPoolWork);
  const [focus, setFocus] = useState(focusAreas as FeedbackCategoryKey[]);
  const change = (next: boolean) => {
    setOn(next);
    save.mutate({ takesPoolWork: next }, { onError: () => setOn(!next) });
  };
  // Each choice is saved after the one before has been (a double click's two saves land in order); a failed
  // one puts back what was last saved.
  const savedFocus = useRef(focus);
  const focusSaves = useRef(Promise.resolve());
  const changeFocus = (next: FeedbackCategoryKey[]) => {
    setFocus(next);
    focusSaves.current = focusSaves.current.then(() =>
      save.mutateAsync({ focusAreas: next }).then(
        () => {
          savedFocus.current = next;
        },
        () => setFocus(savedFocus.current),
      ),
    );
  };
  return (
    <Panel title="Snip Pro requests" className="profile-side-panel" testId="pool-work-card">
      <label className="checkbox-label small">
        <input
          type="checkbox"
          checked={on}
          // Not disabled while a choice is saved: a keyboard user keeps their place.
          aria-disabled={save.isPending || undefined}
          aria-describedby={hint}
          onChange={(e) => !save.isPending && change(e.target.checked)}
          data-testid="pool-work-toggle"
        />
        Offer me Snip Pro requests in my genres
      </label>
      <p className="muted small" id={hint}>
        Musicians who ask Snip to find their reviewer pay {formatPrice(SNIP_PRO_POOL.priceCents)}. Snip offers each request to the pros of
        its genre, first to those whose focus areas it asks about, then the least busy; the first to take it reviews it, with{' '}
        {SNIP_PRO_POOL.claimHours} hours to start from when they take it. Offers show in &lsquo;Requests for you&rsquo; on your home page.
      </p>
      {on && (
        <div className="pool-focus" data-testid="pool-focus">
          <p className="field-label" aria-hidden="true">
            Your focus areas
          </p>
          <CategoryToggles value={focus} onChange={changeFocus} label="Your focus areas" showStatus={false} />
          <p className="muted small">
            {focus.length
              ? 'Requests asking about these come to you first.'
              : 'Choose what you review best: requests asking about it come to you first.'}
          </p>
        </div>
      )}
      {save.isError && <Alert tone="error">{errorMessage(save.error, 'Failed to save. Please try again.')}</Alert>}
    </Panel>
  );
}
