import { useState, type FormEvent } from 'react';
import { AlertIf } from '@/components/alert';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { useBusy } from '@/hooks/use-busy';
import { useForm } from '@/hooks/use-form';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { adminSignIn, assertAdminSession } from '@/features/auth/api/auth-service';
import { AuthHeading } from './auth-layout';
import { AuthFooter } from './auth-link';
import { CheckEmailPanel } from './check-email-panel';
import { SecondFactor, type SecondStep } from './two-factor';
import { loadAuthSchemas } from '@/features/auth/utils/schemas';
import '@/styles/forms.css';

/**
 * Admin login: only members of the admin group get in, with TOTP MFA: set up right after the first
 * password sign-in, a code from the authenticator app at every later one.
 */
export function AdminLoginForm() {
  const auth = useAuth();
  const form = useForm(() => loadAuthSchemas().then((m) => m.loginForm), { email: '', password: '' });
  const [busy, run] = useBusy();
  const [error, setError] = useState<string>();
  const [unconfirmed, setUnconfirmed] = useState<string>();
  const [second, setSecond] = useState<SecondStep>();
  const [credentials, setCredentials] = useState({ email: '', password: '' });

  const signInNow = async (email: string, password: string) => {
    setError(undefined);
    setCredentials({ email, password });
    await run(
      async () => {
        const result = await adminSignIn(email, password);
        if (result === 'confirmSignUp') setUnconfirmed(email);
        else if (result === 'totpCode') setSecond({ kind: 'code' });
        else if (result === 'totpSetup') setSecond({ kind: 'setup' });
        else await auth.refresh();
      },
      setError,
      'Failed to sign in',
    );
  };

  /** After the code: still only the admin group gets in. */
  const finish = async () => {
    try {
      await assertAdminSession();
    } catch (err) {
      backToPassword(errorMessage(err, 'Failed to sign in'));
      return;
    }
    await auth.refresh();
  };

  const backToPassword = (message?: string) => {
    setSecond(undefined);
    setError(message);
  };

  if (second) {
    return <SecondFactor step={second} credentials={credentials} onStep={setSecond} onSignedIn={finish} onBack={backToPassword} />;
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const data = await form.validate();
    if (data) await signInNow(data.email, data.password);
  };

  if (unconfirmed) {
    return (
      <CheckEmailPanel
        email={unconfirmed}
        onBack={() => setUnconfirmed(undefined)}
        onConfirmed={() => {
          setUnconfirmed(undefined);
          return signInNow(unconfirmed, form.values.password);
        }}
      />
    );
  }

  return (
    <>
      <AuthHeading title="Admin Login" subtitle="Sign in with an administrator account." />
      <form className="form" onSubmit={submit} noValidate data-testid="admin-login-form">
        <AlertIf message={error ?? form.errors._} />
        <TextField label="Email" {...form.field('email')} type="email" autoComplete="email" />
        <TextField label="Password" {...form.field('password')} type="password" autoComplete="current-password" />
        <Button type="submit" block busy={busy} busyText="Please wait...">
          Sign In
        </Button>
        <AuthFooter to={paths.login}>Back to regular login</AuthFooter>
      </form>
    </>
  );
}
