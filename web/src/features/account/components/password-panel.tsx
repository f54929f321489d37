import { useState, type FormEvent } from 'react';
import { AlertIf, Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Panel } from '@/components/panel';
import { TextField } from '@/components/text-field';
import { useBusy } from '@/hooks/use-busy';
import { useForm } from '@/hooks/use-form';
import { changePassword } from '@/features/account/api/account';
import '@/styles/forms.css';

const loadSchema = () => import('@shared/schemas/auth').then((m) => m.changePasswordForm);
const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };

/** Change password: the current one, then the new one twice. Signed in elsewhere stays signed in. */
export function PasswordPanel() {
  const form = useForm(loadSchema, EMPTY);
  const [busy, run] = useBusy();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setDone(false);
    const data = await form.validate();
    if (!data) return;
    await run(
      async () => {
        await changePassword(data.currentPassword, data.password);
        form.setValues(EMPTY);
        setDone(true);
      },
      setError,
      'Your password could not be changed. Please try again.',
    );
  };

  return (
    <Panel title="Password" titleId="account-password-title" testId="account-password">
      <form className="form" onSubmit={submit} noValidate data-testid="change-password-form">
        <AlertIf message={error ?? form.errors._} />
        {done && (
          <Alert tone="success" testId="password-changed">
            Your password was changed.
          </Alert>
        )}
        <TextField label="Current password" type="password" autoComplete="current-password" required {...form.field('currentPassword')} />
        <TextField label="New password" type="password" autoComplete="new-password" required {...form.field('password')} />
        <TextField label="Confirm new password" type="password" autoComplete="new-password" required {...form.field('confirmPassword')} />
        <Button type="submit" busy={busy} busyText="Changing...">
          Change password
        </Button>
      </form>
    </Panel>
  );
}
