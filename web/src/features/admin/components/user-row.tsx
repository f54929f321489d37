import { useEffect, useId, useRef, useState } from 'react';
import type { AdminUserView } from '@shared/schemas/admin';
import { Alert, AlertIf } from '@/components/alert';
import { Avatar } from '@/components/avatar';
import { Button } from '@/components/button';
import { EmailAddress } from '@/components/email-address';
import { Facts } from '@/components/facts';
import { Segmented } from '@/components/segmented';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { formatCents } from '@/lib/money';
import { useQueryClient } from '@tanstack/react-query';
import { adminUsersKey, patchUser, useAdjustBalance, useSetFeedbackPrice, useSetUserType } from '@/features/admin/api/admin';
import { displayName, dollarsOf, initialOf, priceLine, typeLabel } from '@/features/admin/utils/format';
import { AmountEditor } from './amount-editor';
import { PayoutHold } from './payout-hold';

type Editing = 'price' | 'balance' | null;

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
  const client = useQueryClient();
  const setType = useSetUserType();
  const setPrice = useSetFeedbackPrice();
  const adjust = useAdjustBalance();
  const [editing, setEditing] = useState<Editing>(null);
  const [error, setError] = useState<string | null>(null);
  const actions = useRef<HTMLDivElement>(null);
  const lastEdited = useRef<Editing>(null);

  const name = displayName(user.fullName);
  const isPro = user.type === 'pro';

  useEffect(() => {
    // Back to display: the keyboard returns to the button that opened the editor.
    if (editing === null && lastEdited.current) {
      actions.current?.querySelector<HTMLButtonElement>(`[data-edit="${lastEdited.current}"]`)?.focus();
      lastEdited.current = null;
    }
  }, [editing]);

  useEffect(() => {
    if (!isPro) setEditing(null);
  }, [isPro]);

  const open = (which: Exclude<Editing, null>) => {
    setError(null);
    lastEdited.current = which;
    setEditing(which);
  };
  const close = () => setEditing(null);

  const onFail = (fallback: string) => (err: unknown) => {
    setError(errorMessage(err, fallback));
    if (err instanceof ApiError && err.code === 'not_pro') void client.invalidateQueries({ queryKey: adminUsersKey });
  };

  const changeType = (type: 'musician' | 'pro') => {
    if (type === user.type || setType.isPending) return;
    setError(null);
    setType.mutate({ id: user.id, type }, { onError: onFail('Could not change the user type. Please try again.') });
  };

  const savePrice = (price: number) => {
    setError(null);
    setPrice.mutate({ id: user.id, price }, { onSuccess: close, onError: onFail('Could not save the price. Please try again.') });
  };

  const saveBalance = (balance: number, reason: string) => {
    setError(null);
    adjust.mutate(
      { id: user.id, balance, expectedBalanceCents: user.balanceCents, reason },
      {
        onSuccess: close,
        onError: (err) => {
          // Someone (or a payment) moved the balance since this page read it: show the new one, keep editing.
          const now = err instanceof ApiError && err.code === 'balance_changed' ? err.details.balanceCents : undefined;
          if (typeof now === 'number') patchUser(client, user.id, { balanceCents: now });
          onFail('Could not save the balance. Please try again.')(err);
        },
      },
    );
  };

  return (
    <li className="admin-user" data-testid="admin-user" data-user-id={user.id} data-user-email={user.email}>
      <div className="admin-user-main">
        <div className="admin-user-who">
          {user.profileImage ? (
            <Avatar src={user.profileImage} size={40} />
          ) : (
            <span className="avatar admin-user-initial" aria-hidden="true">
              {initialOf(user.fullName, user.email)}
            </span>
          )}
          <div className="admin-user-text">
            <span className="admin-user-name" id={nameId} data-testid="admin-user-name">
              {name}
            </span>
            <EmailAddress email={user.email} className="admin-user-email muted small" testId="admin-user-email" />
            <span className={`role-badge role-${user.type}`} data-testid="admin-user-type">
              {typeLabel(user.type)}
            </span>
          </div>
        </div>

        {isPro && (
          <Facts
            className="admin-user-money"
            facts={[
              { label: 'Price', value: priceLine(user.feedbackPriceCents), testId: 'admin-user-price' },
              { label: 'Balance', value: formatCents(user.balanceCents), testId: 'admin-user-balance' },
              { label: 'Payouts', value: user.payoutsHeld ? 'On hold' : 'Allowed', testId: 'admin-user-payouts' },
            ]}
          />
        )}

        <div className="admin-user-actions" ref={actions}>
          <Segmented
            label={`Type of ${name}`}
            options={TYPES}
            value={user.type}
            onChange={changeType}
            testIdOf={(v) => `admin-type-${v}`}
            className="admin-type-toggle"
            disabled={setType.isPending}
            busy={setType.isPending}
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
                onClick={() => open(e.which)}
                disabled={editing !== null}
              >
                {e.label}
              </Button>
            ))}
          {isPro && <PayoutHold user={user} describedBy={nameId} />}
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

      {isPro && editing === 'price' && (
        <AmountEditor
          label="Feedback price (USD)"
          initial={dollarsOf(user.feedbackPriceCents)}
          saving={setPrice.isPending}
          onSave={(amount) => savePrice(amount)}
          onCancel={close}
          testId="price-editor"
        />
      )}
      {isPro && editing === 'balance' && (
        <AmountEditor
          label="Balance (USD)"
          initial={dollarsOf(user.balanceCents)}
          withReason
          saving={adjust.isPending}
          onSave={saveBalance}
          onCancel={close}
          testId="balance-editor"
        />
      )}
      <AlertIf message={error} testId="admin-user-error" />
      {impersonation?.error && (
        <Alert tone="error" testId="impersonate-error">
          {impersonation.error}
        </Alert>
      )}
    </li>
  );
}
