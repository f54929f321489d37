import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PASSWORD_RESET_REDIRECT_MS } from '@shared/constants';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { useForm } from '@/hooks/use-form';
import { errorMessage } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { completePasswordReset } from '@/features/auth/api/auth-service';
import { AuthHeading } from './auth-layout';
import { loadAuthSchemas, loadEmailField } from '@/features/auth/utils/schemas';

/**
 * Reset password, reached from the link in the reset e-mail (`?email=...&code=...`). Without a code in
 * the link the code is typed; without an e-mail, the e-mail too.
 */
export function ResetPasswordForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const linkEmail = params.get('email')?.trim() ?? '';
  const linkCode = params.get('code')?.trim() ?? '';
  const [email, setEmail] = useState(linkEmail);
  const [emailError, setEmailError] = useState<string>();
  const form = useForm(() => loadAuthSchemas().then((m) => m.resetPasswordForm), { code: linkCode, password: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  // A code from the link that turns out wrong can be corrected by hand.
  const [showCode, setShowCode] = useState(!linkCode);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(
      () => navigate(`${paths.login}?email=${encodeURIComponent(email.trim())}`, { replace: true }),
      PASSWORD_RESET_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [done, email, navigate]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    const emailCheck = (await loadEmailField()).safeParse(email);
    const data = await form.validate();
    if (!emailCheck.success) setEmailError(emailCheck.error.issues[0]?.message ?? 'Email is invalid');
    if (!data || !emailCheck.success) return;
    setBusy(true);
    try {
      await completePasswordReset(emailCheck.data, data.code, data.password);
      setDone(true);
    } catch (err) {
      setError(errorMessage(err, 'Failed to reset password'));
      setShowCode(true);
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div className="check-email" data-testid="password-updated">
        <AuthHeading title="Reset Password" />
        <Alert tone="success" title="Password Updated">
          Your password has been successfully reset. Redirecting to login...
        </Alert>
      </div>
    );
  }

  return (
    <>
      <AuthHeading title="Reset Password" subtitle="Choose a new password for your account." />
      <form className="form" onSubmit={submit} noValidate data-testid="reset-password-form">
        {(error ?? form.errors._) && <Alert tone="error">{error ?? form.errors._}</Alert>}
        {!linkEmail && (
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            error={emailError}
            onChange={(v) => {
              setEmail(v);
              setEmailError(undefined);
            }}
          />
        )}
        {showCode && (
          <TextField
            label="Reset Code"
            {...form.field('code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            hint="The code from the password reset email."
          />
        )}
        <TextField label="New Password" {...form.field('password')} type="password" autoComplete="new-password" />
        <TextField label="Confirm New Password" {...form.field('confirmPassword')} type="password" autoComplete="new-password" />
        <Button type="submit" block busy={busy} busyText="Updating...">
          Reset Password
        </Button>
        <Button variant="ghost" block onClick={() => navigate(paths.login)}>
          Back to Login
        </Button>
      </form>
    </>
  );
}
