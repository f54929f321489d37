import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { AlertIf } from '@/components/alert';
import { Button } from '@/components/button';
import { LoadingScreen } from '@/components/loading-screen';
import { TextField } from '@/components/text-field';
import { useBusy } from '@/hooks/use-busy';
import { useForm } from '@/hooks/use-form';
import { amplifyReady } from '@/lib/amplify-ready';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';
import { loadAuthSchemas } from '@/features/auth/utils/schemas';
import { AuthFooter, AuthLink } from './auth-link';
import type { SecondStep } from './two-factor';
import '@/styles/forms.css';

// Shown only after the password was sent: loaded then, not with the form.
const CheckEmailPanel = lazy(() => import('./check-email-panel').then((m) => ({ default: m.CheckEmailPanel })));
const SecondFactor = lazy(() => import('./two-factor').then((m) => ({ default: m.SecondFactor })));

// Amplify and its sign-in (SRP and its big-number maths) load once the first field is edited, or at
// submit: the form shows without waiting for them. A failed load is tried again next time.
let signInCode: Promise<typeof import('@/features/auth/api/sign-in')> | null = null;
const loadSignIn = () =>
  (signInCode ??= Promise.all([import('@/features/auth/api/sign-in'), amplifyReady()]).then(
    ([m]) => m,
    (err: unknown) => {
      signInCode = null;
      throw err;
    },
  ));

/**
 * The sign-in form: e-mail and password, 'Sign In' ('Please wait...'). A not-yet-confirmed e-mail
 * opens the check-your-email panel; an account with TOTP on is asked for its code, and an admin
 * without TOTP sets it up.
 */
export function LoginForm({
  initialEmail = '',
  onSignedIn,
  compact = false,
  heading,
  footer,
}: {
  initialEmail?: string;
  /** Called once signed in (the login route's gate redirects by itself). */
  onSignedIn?: () => void;
  /** Without the links to the other screens. */
  compact?: boolean;
  /** Shown above the form (not over the check-your-email panel). */
  heading?: ReactNode;
  footer?: ReactNode;
}) {
  const auth = useAuth();
  const form = useForm(() => loadAuthSchemas().then((m) => m.loginForm), { email: initialEmail, password: '' });
  const [busy, run] = useBusy();
  const [error, setError] = useState<string>();
  const [unconfirmed, setUnconfirmed] = useState<string>();
  const [second, setSecond] = useState<SecondStep>();
  const [credentials, setCredentials] = useState({ email: '', password: '' });

  const finish = async () => {
    await auth.refresh();
    onSignedIn?.();
  };

  const signInNow = async (email: string, password: string) => {
    setCredentials({ email, password });
    const { signInWithEmail } = await loadSignIn();
    const result = await signInWithEmail(email, password);
    if (result === 'confirmSignUp') {
      setUnconfirmed(email);
      return;
    }
    if (result === 'totpCode') return setSecond({ kind: 'code' });
    if (result === 'totpSetup') return setSecond({ kind: 'setup' });
    await finish();
  };

  const backToPassword = (message?: string) => {
    setSecond(undefined);
    setError(message);
  };

  if (second) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <SecondFactor step={second} credentials={credentials} onStep={setSecond} onSignedIn={finish} onBack={backToPassword} />
      </Suspense>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    const data = await form.validate();
    if (data) await run(() => signInNow(data.email, data.password), setError, 'Failed to sign in');
  };

  if (unconfirmed) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <CheckEmailPanel
          email={unconfirmed}
          onBack={() => setUnconfirmed(undefined)}
          onConfirmed={() => {
            setUnconfirmed(undefined);
            return run(() => signInNow(unconfirmed, form.values.password), setError, 'Failed to sign in');
          }}
        />
      </Suspense>
    );
  }

  return (
    <>
      {heading}
      <form className="form" onSubmit={submit} onInput={() => void loadSignIn().catch(() => {})} noValidate data-testid="login-form">
        <AlertIf message={error ?? form.errors._} />
        <TextField label="Email" {...form.field('email')} type="email" autoComplete="email" />
        <TextField label="Password" {...form.field('password')} type="password" autoComplete="current-password" />
        {!compact && (
          <div className="form-aside">
            <AuthLink to={paths.forgotPassword} className="link">
              Forgot Password?
            </AuthLink>
          </div>
        )}
        <Button type="submit" block busy={busy} busyText="Please wait...">
          Sign In
        </Button>
        {!compact && (
          <AuthFooter question="Don't have an account?" to={paths.signup}>
            Sign up
          </AuthFooter>
        )}
      </form>
      {footer}
    </>
  );
}
