import { useState, type FormEvent } from 'react';
import { AlertIf } from '@/components/alert';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { useBusy } from '@/hooks/use-busy';
import { useForm } from '@/hooks/use-form';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { registerAccount } from '@/features/auth/api/auth-service';
import { signInWithEmail } from '@/features/auth/api/sign-in';
import { AuthHeading } from './auth-layout';
import { AuthFooter } from './auth-link';
import { CheckEmailPanel } from './check-email-panel';
import { loadAuthSchemas } from '@/features/auth/utils/schemas';
import '@/styles/forms.css';

/** Sign-up: Full Name, Email Address, Password; then the check-your-email panel. */
export function SignUpForm() {
  const auth = useAuth();
  const form = useForm(() => loadAuthSchemas().then((m) => m.signUpForm), { fullName: '', email: '', password: '' });
  const [busy, run] = useBusy();
  const [error, setError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();

  const signInAfterConfirmation = async (email: string, password: string) => {
    setError(undefined);
    try {
      const result = await signInWithEmail(email, password);
      if (result === 'signedIn') await auth.refresh();
    } catch (err) {
      setSentTo(undefined);
      setError(errorMessage(err, 'Failed to sign in'));
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    const data = await form.validate();
    if (!data) return;
    await run(
      async () => {
        const { needsConfirmation } = await registerAccount(data);
        if (needsConfirmation) setSentTo(data.email);
        else await signInAfterConfirmation(data.email, data.password);
      },
      setError,
      'Failed to create account',
    );
  };

  if (sentTo) {
    return (
      <CheckEmailPanel
        email={sentTo}
        onBack={() => setSentTo(undefined)}
        onConfirmed={() => signInAfterConfirmation(sentTo, form.values.password)}
      />
    );
  }

  return (
    <>
      <AuthHeading title="Create your account" subtitle="Get feedback on your music from peers and pros." />
      <form className="form" onSubmit={submit} noValidate data-testid="signup-form">
        <AlertIf message={error ?? form.errors._} />
        <TextField label="Full Name" {...form.field('fullName')} autoComplete="name" />
        <TextField label="Email Address" {...form.field('email')} type="email" autoComplete="email" />
        <TextField label="Password" {...form.field('password')} type="password" autoComplete="new-password" />
        <Button type="submit" block busy={busy} busyText="Please wait...">
          Sign Up
        </Button>
        <AuthFooter question="Already have an account?" to={paths.login}>
          Sign in
        </AuthFooter>
      </form>
    </>
  );
}
