import { lazy, Suspense, useState, type FormEvent } from 'react';
import { LoadingScreen } from '@/components/loading-screen';
import { useBusy } from '@/hooks/use-busy';
import { useForm } from '@/hooks/use-form';
import type { SignInResult } from '@/features/auth/api/sign-in';
import type { SecondStep } from '@/features/auth/components/two-factor';
import { loadAuthSchemas } from '@/features/auth/utils/schemas';

// Shown only after the password was sent: loaded then, not with the form.
const CheckEmailPanel = lazy(() => import('@/features/auth/components/check-email-panel').then((m) => ({ default: m.CheckEmailPanel })));
const SecondFactor = lazy(() => import('@/features/auth/components/two-factor').then((m) => ({ default: m.SecondFactor })));

/**
 * A sign-in with e-mail and password and what may follow it: a not-yet-confirmed e-mail opens the
 * check-your-email panel, an account with TOTP on is asked for its code, an admin without it sets it up.
 * `finish` runs once signed in; a message it returns refuses the sign-in and goes back to the password.
 */
export function usePasswordSignIn(
  signIn: (email: string, password: string) => Promise<SignInResult>,
  finish: () => Promise<string | void>,
  initialEmail = '',
) {
  const form = useForm(() => loadAuthSchemas().then((m) => m.loginForm), { email: initialEmail, password: '' });
  const [busy, run] = useBusy();
  const [error, setError] = useState<string>();
  const [unconfirmed, setUnconfirmed] = useState<string>();
  const [second, setSecond] = useState<SecondStep>();
  const [credentials, setCredentials] = useState({ email: '', password: '' });

  const backToPassword = (message?: string) => {
    setSecond(undefined);
    setError(message);
  };
  const done = async () => {
    const refused = await finish();
    if (refused) backToPassword(refused);
  };
  const signInNow = (email: string, password: string) => {
    setError(undefined);
    setCredentials({ email, password });
    return run(
      async () => {
        const result = await signIn(email, password);
        if (result === 'confirmSignUp') setUnconfirmed(email);
        else if (result === 'totpCode') setSecond({ kind: 'code' });
        else if (result === 'totpSetup') setSecond({ kind: 'setup' });
        else await done();
      },
      setError,
      'Failed to sign in',
    );
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    const data = await form.validate();
    if (data) await signInNow(data.email, data.password);
  };

  /** The step after the password, when there is one: the form gives way to it. */
  const nextStep = second ? (
    <Suspense fallback={<LoadingScreen />}>
      <SecondFactor step={second} credentials={credentials} onStep={setSecond} onSignedIn={done} onBack={backToPassword} />
    </Suspense>
  ) : unconfirmed ? (
    <Suspense fallback={<LoadingScreen />}>
      <CheckEmailPanel
        email={unconfirmed}
        onBack={() => setUnconfirmed(undefined)}
        onConfirmed={() => {
          setUnconfirmed(undefined);
          return signInNow(unconfirmed, form.values.password);
        }}
      />
    </Suspense>
  ) : null;

  return { form, busy, error: error ?? form.errors._, submit, nextStep };
}
