import { useState, type FormEvent } from 'react';
import { Alert, AlertIf } from '@/components/alert';
import { Button } from '@/components/button';
import { Panel } from '@/components/panel';
import { TextField } from '@/components/text-field';
import { useBusy } from '@/hooks/use-busy';
import { confirmNewEmail, sendEmailCode } from '@/features/account/api/account';
import { useSetMe } from '@/lib/auth';
import '@/styles/forms.css';

const loadEmailField = () => import('@shared/schemas/common').then((m) => m.emailField);

/**
 * Change the sign-in address: a code goes to the new address, and only once it is typed here does the
 * address change (Cognito keeps the old one until then); the old address is told.
 */
export function EmailPanel({ current }: { current: string }) {
  const setMe = useSetMe();
  const [busy, run] = useBusy();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string | null>(null);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setDone(null);
    const checked = (await loadEmailField()).safeParse(email);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Email is invalid');
    if (checked.data === current.toLowerCase()) return setError('This is already your e-mail address.');
    await run(
      async () => {
        await sendEmailCode(checked.data);
        setSentTo(checked.data);
        setCode('');
      },
      setError,
      'The code could not be sent. Please try again.',
    );
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    if (!code.trim()) return setError('Code is required');
    await run(
      async () => {
        const user = await confirmNewEmail(code.trim());
        setMe(user);
        setDone(user.email);
        setSentTo(null);
        setEmail('');
      },
      setError,
      'Your e-mail address could not be changed. Please try again.',
    );
  };

  return (
    <Panel title="E-mail address" titleId="account-email-title" testId="account-email">
      <p className="muted small">You sign in with {current}.</p>
      <AlertIf message={error} />
      {done && (
        <Alert tone="success" testId="email-changed">
          Your e-mail address is now {done}.
        </Alert>
      )}
      {sentTo ? (
        <form className="form" onSubmit={confirm} noValidate data-testid="email-code-form">
          <p className="small">We sent a code to {sentTo}. Enter it to make it your address.</p>
          <TextField label="Code" name="code" inputMode="numeric" autoComplete="one-time-code" required value={code} onChange={setCode} />
          <div className="button-row">
            <Button type="submit" busy={busy} busyText="Confirming...">
              Confirm new address
            </Button>
            <Button variant="ghost" onClick={() => setSentTo(null)}>
              Use another address
            </Button>
          </div>
        </form>
      ) : (
        <form className="form" onSubmit={send} noValidate data-testid="email-change-form">
          <TextField
            label="New e-mail address"
            name="newEmail"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={setEmail}
          />
          <Button type="submit" variant="secondary" busy={busy} busyText="Sending...">
            Send a code
          </Button>
        </form>
      )}
    </Panel>
  );
}
