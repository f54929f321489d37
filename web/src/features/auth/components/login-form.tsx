import type { ReactNode } from 'react';
import { AlertIf } from '@/components/alert';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { amplifyReady } from '@/lib/amplify-ready';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';
import { usePasswordSignIn } from '@/features/auth/hooks/use-password-sign-in';
import { AuthFooter, AuthLink } from './auth-link';
import '@/styles/forms.css';

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
  const { form, busy, error, submit, nextStep } = usePasswordSignIn(
    async (email, password) => (await loadSignIn()).signInWithEmail(email, password),
    async () => {
      await auth.refresh();
      onSignedIn?.();
    },
    initialEmail,
  );
  if (nextStep) return nextStep;

  return (
    <>
      {heading}
      <form className="form" onSubmit={submit} onInput={() => void loadSignIn().catch(() => {})} noValidate data-testid="login-form">
        <AlertIf message={error} />
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
