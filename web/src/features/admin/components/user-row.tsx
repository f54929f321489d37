import { useId } from 'react';
import type { AdminUserView } from '@shared/schemas/admin';
import { Alert, AlertIf } from '@/components/alert';
import { Button } from '@/components/button';
import { Facts } from '@/components/facts';
import { Segmented } from '@/components/segmented';
import { formatCents } from '@/lib/money';
import { useUserEdits } from '@/features/admin/hooks/use-user-edits';
import { displayName, priceLine } from '@/features/admin/utils/format';
import { PayoutHold } from './payout-hold';
import { UserAmountEditor } from './user-amount-editor';
import { UserIdentity } from './user-identity';
import { WorldClassVetting } from './world-class-vetting';

/** The row's Impersonate button, when the page offers impersonation (never for admins). */
export interface RowImpersonation {
  onStart: () => void;
  /** This row's impersonation is starting: the button says '...'. */
  starting: boolean;
  /** An impersonation is active or starting: every Impersonate button is disabled. */
  disabled: boolean;
  /** Why starting failed, shown under the row. */
  error: string | null;
}

const TYPES = [
  { value: 'musician', label: 'Musician' },
  { value: 'pro', label: 'Pro' },
] as const;

/** A pro's editors, each opened by its button. */
const EDITS = [
  { which: 'price', label: 'Edit Price' },
  { which: 'balance', label: 'Edit Balance' },
] as const;

/** One user: who they are, a pro's price and balance, and the admin's actions on them. */
export function UserRow({ user, impersonation }: { user: AdminUserView; impersonation?: RowImpersonation }) {
  const nameId = useId();
  const edits = useUserEdits(user);
  const { editing } = edits;

  const name = displayName(user.fullName);
  const isPro = user.type === 'pro';

  return (
    <li className="admin-user" data-testid="admin-user" data-user-id={user.id} data-user-email={user.email}>
      <div className="admin-user-main">
        <UserIdentity user={user} name={name} nameId={nameId} />

        {isPro && (
          <Facts
            className="admin-user-money"
            facts={[
              { label: 'Price', value: priceLine(user.feedbackPriceCents), testId: 'admin-user-price' },
              { label: 'Balance', value: formatCents(user.balanceCents), testId: 'admin-user-balance' },
              { label: 'Payouts', value: user.payoutsHeld ? 'On hold' : 'Allowed', testId: 'admin-user-payouts' },
              { label: 'World-Class', value: user.worldClass ? `Yes: ${user.worldClass.reason}` : 'No', testId: 'admin-user-world-class' },
            ]}
          />
        )}

        <div className="admin-user-actions" ref={edits.actions}>
          <Segmented
            label={`Type of ${name}`}
            options={TYPES}
            value={user.type}
            onChange={edits.changeType}
            testIdOf={(v) => `admin-type-${v}`}
            className="admin-type-toggle"
            disabled={edits.typePending}
            busy={edits.typePending}
          />
          {isPro &&
            EDITS.map((e) => (
              <Button
                key={e.which}
                data-edit={e.which}
                variant="secondary"
                className="btn-sm"
                aria-describedby={nameId}
                aria-expanded={editing === e.which}
                onClick={() => edits.open(e.which)}
                disabled={editing !== null}
              >
                {e.label}
              </Button>
            ))}
          {isPro && <PayoutHold user={user} describedBy={nameId} />}
          {isPro && <WorldClassVetting user={user} describedBy={nameId} />}
          {impersonation && user.type !== 'admin' && (
            <Button
              variant="secondary"
              className="btn-sm admin-impersonate"
              aria-describedby={nameId}
              busy={impersonation.starting}
              busyText="..."
              disabled={impersonation.disabled}
              onClick={impersonation.onStart}
              data-testid="impersonate"
            >
              Impersonate
            </Button>
          )}
        </div>
      </div>

      {isPro && <UserAmountEditor user={user} edits={edits} />}
      <AlertIf message={edits.error} testId="admin-user-error" />
      {impersonation?.error && (
        <Alert tone="error" testId="impersonate-error">
          {impersonation.error}
        </Alert>
      )}
    </li>
  );
}
