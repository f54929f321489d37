import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { loginForm } from '../../../../../shared/schemas/auth';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { useForm } from '../../../hooks/use-form';
import { useAuth } from '../../../lib/auth';
import { errorMessage } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { signInWithEmail } from '../api/auth-service';
import { CheckEmailPanel } from './check-email-panel';

/**
 * The sign-in form: e-mail and password, 'Sign In' ('Please wait...'). A not-yet-confirmed e-mail
 * opens the check-your-email panel.
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
  const form = useForm(loginForm, { email: initialEmail, password: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [unconfirmed, setUnconfirmed] = useState<string>();

  const signInNow = async (email: string, password: string) => {
    const result = await signInWithEmail(email, password);
    if (result === 'confirmSignUp') {
      setUnconfirmed(email);
      return;
    }
    await auth.refresh();
    onSignedIn?.();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    const data = form.validate();
    if (!data) return;
    setBusy(true);
    try {
      await signInNow(data.email, data.password);
    } catch (err) {
      setError(errorMessage(err, 'Failed to sign in'));
    } finally {
      setBusy(false);
    }
  };

  if (unconfirmed) {
    return (
      <CheckEmailPanel
        email={unconfirmed}
        onBack={() => setUnconfirmed(undefined)}
        onConfirmed={async () => {
          setUnconfirmed(undefined);
          setBusy(true);
          try {
            await signInNow(unconfirmed, form.values.password);
          } catch (err) {
            setError(errorMessage(err, 'Failed to sign in'));
          } finally {
            setBusy(false);
          }
        }}
      />
    );
  }

  return (
    <>
      {heading}
      <form className="form" onSubmit={submit} noValidate data-testid="login-form">
        {error && <Alert tone="error">{error}</Alert>}
        <TextField label="Email" {...form.field('email')} type="email" autoComplete="email" />
        <TextField label="Password" {...form.field('password')} type="password" autoComplete="current-password" />
        {!compact && (
          <div className="form-aside">
            <Link to={paths.forgotPassword} className="link">
              Forgot Password?
            </Link>
          </div>
        )}
        <Button type="submit" block busy={busy} busyText="Please wait...">
          Sign In
        </Button>
        {!compact && (
          <p className="form-footer">
            Don't have an account?{' '}
            <Link to={paths.signup} className="link">
              Sign up
            </Link>
          </p>
        )}
      </form>
      {footer}
    </>
  );
}
