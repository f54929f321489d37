import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { DELETED_USER } from '@shared/constants';
import { feedbackPath } from '@shared/paths';
import type { AccountDeletionView } from '@shared/schemas/account-deletion';
import { AlertIf } from '@/components/alert';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { Panel } from '@/components/panel';
import { TextField } from '@/components/text-field';
import { useBusy } from '@/hooks/use-busy';
import { preloadAmplify } from '@/lib/amplify-ready';
import { api } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';

/** Where a deleted account's browser goes: the front page, saying so. */
export const AFTER_DELETION = '/?account=deleted';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What must be settled first, each with the request it is on. */
function Blockers({ check }: { check: AccountDeletionView }) {
  return (
    <>
      <p>These must be settled before your account can be deleted:</p>
      <ul className="deletion-blockers" data-testid="deletion-blockers">
        {check.blockers.map((b) => (
          <li key={`${b.kind}-${b.shareId ?? ''}`}>
            {b.message}
            {b.shareId && (
              <>
                {' '}
                <Link to={feedbackPath(b.shareId)}>Open the request</Link>
              </>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** What the deletion does, then the e-mail that confirms it. */
function Consequences({ check }: { check: AccountDeletionView }) {
  return (
    <ul className="deletion-consequences" data-testid="deletion-consequences">
      <li>
        Your profile, your settings and {plural(check.tracks, 'track', 'tracks')} with their audio are deleted, and you can no longer sign
        in.
      </li>
      {check.keptReviews > 0 && (
        <li>
          The other side of your {plural(check.keptReviews, 'completed review', 'completed reviews')} keeps it, attributed to &lsquo;
          {DELETED_USER}&rsquo;.
        </li>
      )}
      <li>Records of payments stay in our books, as the law requires, without your name.</li>
    </ul>
  );
}

/**
 * 'Delete my account': what it does, or what must be settled first (read when the dialog opens: it reads
 * the whole account), confirmed by typing the account's e-mail. Then the session ends and the front page
 * says the account is gone.
 */
export function DeletePanel({ email }: { email: string }) {
  const auth = useAuth();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [busy, run] = useBusy();
  const check = useQuery({ queryKey: ['deletion-check'], queryFn: () => api('getDeletionCheck'), enabled: open, gcTime: 0, staleTime: 0 });
  const matches = typed.trim().toLowerCase() === email.toLowerCase();
  const ready = check.data && check.data.blockers.length === 0;

  const close = () => {
    setOpen(false);
    setTyped('');
    setError(undefined);
  };
  const remove = (e: FormEvent) => {
    e.preventDefault();
    if (!matches) return setError("Type your account's e-mail to confirm");
    setError(undefined);
    void run(
      async () => {
        preloadAmplify(); // the sign-out after it needs Amplify: loaded while the deletion runs
        await api('deleteMyAccount', { email: typed.trim() });
        await auth.logout();
        window.location.assign(AFTER_DELETION);
      },
      setError,
      'Your account could not be deleted. Please try again.',
    );
  };

  return (
    <Panel title="Delete my account" titleId="account-delete-title" testId="account-delete">
      <p className="muted small">Deletes your profile, tracks and audio for good. Download your data first if you want to keep it.</p>
      <Button variant="danger" onClick={() => setOpen(true)} data-testid="delete-account">
        Delete my account
      </Button>
      <Dialog
        open={open}
        title="Delete your account?"
        onClose={close}
        size="sm"
        dismissible={!busy}
        role="alertdialog"
        testId="delete-account-dialog"
        footer={
          <>
            <Button variant="ghost" onClick={close} disabled={busy}>
              {ready ? 'Cancel' : 'Close'}
            </Button>
            {ready && (
              <Button
                variant="danger"
                type="submit"
                form="delete-account-form"
                busy={busy}
                busyText="Deleting..."
                data-testid="confirm-delete-account"
              >
                Delete my account
              </Button>
            )}
          </>
        }
      >
        {check.isPending && (
          <p className="muted" role="status">
            Checking what is still open...
          </p>
        )}
        <AlertIf
          message={check.isError ? errorMessage(check.error, 'What is still open could not be checked. Please try again.') : undefined}
        />
        {check.data && check.data.blockers.length > 0 && <Blockers check={check.data} />}
        {ready && (
          <form id="delete-account-form" onSubmit={remove} noValidate>
            <Consequences check={check.data} />
            <TextField
              label={`Type ${email} to confirm`}
              name="confirm-email"
              type="email"
              autoComplete="off"
              value={typed}
              onChange={setTyped}
              error={error}
              required
            />
          </form>
        )}
      </Dialog>
    </Panel>
  );
}
