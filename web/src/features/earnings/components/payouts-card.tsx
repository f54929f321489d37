import { useState, type FormEvent } from 'react';
import { MIN_PAYOUT_CENTS } from '@shared/money';
import type { PayoutAccountView, PayoutView } from '@shared/schemas/payouts';
import { AlertIf } from '@/components/alert';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { Panel } from '@/components/panel';
import { QueryStates } from '@/components/query-states';
import { TextField } from '@/components/text-field';
import { formatDate, formatWeekdayTime } from '@/lib/dates';
import { errorMessage } from '@/lib/errors';
import { formatCents } from '@/lib/money';
import { useCreatePayout, usePayoutAccount, usePayouts, useSetPayoutAccount } from '@/features/earnings/api/payouts';

/** A payout's status as its line says it. */
export function payoutStatusText(p: Pick<PayoutView, 'status' | 'reason'>): string {
  switch (p.status) {
    case 'sending':
      return 'Sending to PayPal';
    case 'pending':
      return 'Pending at PayPal';
    case 'paid':
      return 'Paid';
    case 'failed':
      return `Not paid: ${p.reason ?? 'PayPal could not pay it'}. The money is back in your balance.`;
    case 'unclaimed':
      return 'Not claimed at that PayPal address. The money is back in your balance.';
    case 'returned':
      return 'Returned by PayPal. The money is back in your balance.';
  }
}

/** Why the Withdraw button is off, if it is. */
export function withdrawBlock(a: PayoutAccountView): string | null {
  if (!a.email) return 'Add the PayPal address to be paid at first.';
  if (a.held) return `Your payouts are on hold: ${a.held.reason}`;
  if (a.pausedUntil) return `Your payout address changed recently: payouts resume ${formatWeekdayTime(a.pausedUntil)}.`;
  if (a.openPayoutId) return 'A payout is under way.';
  if (a.availableCents < MIN_PAYOUT_CENTS) return `You can withdraw once at least ${formatCents(MIN_PAYOUT_CENTS)} is available.`;
  return null;
}

function AddressForm({ account, onDone }: { account: PayoutAccountView; onDone: () => void }) {
  const [email, setEmail] = useState(account.email ?? '');
  const save = useSetPayoutAccount();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(email, { onSuccess: onDone });
  };
  return (
    <form className="payout-address-form" onSubmit={submit} noValidate>
      <TextField
        id="payout-email"
        name="payout-email"
        label="PayPal e-mail to be paid at"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={save.isError ? errorMessage(save.error, 'Failed to save the address. Please try again.') : undefined}
        hint={account.email ? 'Payouts wait 24 hours after a change, and we e-mail your old address.' : undefined}
        data-testid="payout-email"
      />
      <div className="payout-actions">
        {account.email && (
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="secondary" busy={save.isPending} busyText="Saving..." data-testid="payout-email-save">
          Save address
        </Button>
      </div>
    </form>
  );
}

function Withdraw({ account }: { account: PayoutAccountView }) {
  const [asking, setAsking] = useState<string | null>(null);
  const payout = useCreatePayout();
  const blocked = withdrawBlock(account);
  const close = () => {
    setAsking(null);
    payout.reset();
  };
  return (
    <>
      <Button
        variant="primary"
        disabled={!!blocked}
        onClick={() => setAsking(crypto.randomUUID())}
        aria-describedby={blocked ? 'withdraw-block' : undefined}
        data-testid="withdraw-button"
      >
        Withdraw {formatCents(Math.max(account.availableCents, 0))}
      </Button>
      {blocked && (
        <p id="withdraw-block" className="muted small" data-testid="withdraw-block">
          {blocked}
        </p>
      )}
      <ConfirmDialog
        open={asking !== null}
        title="Withdraw your earnings?"
        description={`${formatCents(account.availableCents)} will be sent to your PayPal account ${account.email}.`}
        confirmLabel={`Withdraw ${formatCents(account.availableCents)}`}
        busyLabel="Sending..."
        busy={payout.isPending}
        tone="primary"
        error={payout.isError ? errorMessage(payout.error, 'The payout could not be made. Please try again.') : null}
        onConfirm={() => payout.mutate({ amountCents: account.availableCents, idempotencyKey: asking! }, { onSuccess: close })}
        onCancel={close}
        testId="withdraw-dialog"
      />
    </>
  );
}

function PayoutList() {
  const payouts = usePayouts();
  return (
    <QueryStates
      query={payouts}
      loading={<p className="muted">Loading...</p>}
      failed="Failed to load your payouts"
      errorTestId="payouts-error"
    >
      {(data) =>
        data.payouts.length === 0 ? (
          <p className="muted small" data-testid="payouts-empty">
            No payouts yet.
          </p>
        ) : (
          <ul className="earnings-list" aria-label="Your payouts">
            {data.payouts.map((p) => (
              <li key={p.id} className="earnings-entry" data-testid="payout-entry">
                <div className="earnings-entry-text">
                  <span>To {p.email}</span>
                  <span className="muted small">{formatDate(p.createdAt)}</span>
                  <span className={`earnings-state is-${p.status}`} data-testid="payout-status">
                    {payoutStatusText(p)}
                  </span>
                </div>
                <span className="earnings-amount is-negative">{formatCents(p.amountCents)}</span>
              </li>
            ))}
          </ul>
        )
      }
    </QueryStates>
  );
}

/** A pro's payouts: where they are paid, Withdraw, and what was paid out. */
export function PayoutsCard() {
  const account = usePayoutAccount();
  const [editing, setEditing] = useState(false);
  return (
    <Panel title="Payouts" titleId="payouts-title" className="earnings-card" testId="payouts-card">
      <QueryStates
        query={account}
        loading={<p className="muted">Loading...</p>}
        failed="Failed to load your payout settings"
        errorTestId="payout-account-error"
      >
        {(a) => (
          <>
            {!a.email || editing ? (
              <AddressForm account={a} onDone={() => setEditing(false)} />
            ) : (
              <p className="payout-address" data-testid="payout-address">
                <span>
                  Paid to <strong>{a.email}</strong>
                </span>
                <Button
                  variant="ghost"
                  onClick={() => setEditing(true)}
                  aria-label="Change the payout address"
                  data-testid="payout-email-change"
                >
                  Change
                </Button>
              </p>
            )}
            <AlertIf
              tone="info"
              message={a.held ? `An admin put your payouts on hold: ${a.held.reason}` : undefined}
              testId="payouts-held"
            />
            <div className="payout-withdraw">
              <Withdraw account={a} />
            </div>
          </>
        )}
      </QueryStates>
      <h3 className="payouts-subtitle">History</h3>
      <PayoutList />
    </Panel>
  );
}
