import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PASSWORD_RESET_REDIRECT_MS } from '@shared/constants';
import { Alert, AlertIf } from '@/components/alert';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { useBusy } from '@/hooks/use-busy';
import { useField } from '@/hooks/use-field';
import { useForm } from '@/hooks/use-form';
import { completePasswordReset } from '@/features/auth/api/auth-service';
import { AuthHeading } from './auth-layout';
import { BackToLogin } from './back-to-login';
import { loadAuthSchemas, loadEmailField } from '@/features/auth/utils/schemas';
import { loginAfterReset } from '@/features/auth/utils/reset-notice';
import '@/styles/forms.css';

/**
 * Reset password, reached from the link in the reset e-mail (`?email=...&code=...`). Without a code in
 * the link the code is typed; without an e-mail, the e-mail too.
 */
export function ResetPasswordForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const linkEmail = params.get('email')?.trim() ?? '';
  const linkCode = params.get('code')?.trim() ?? '';
  const email = useField(linkEmail);
  const form = useForm(() => loadAuthSchemas().then((m) => m.resetPasswordForm), { code: linkCode, password: '', confirmPassword: '' });
  const [busy, run] = useBusy();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  // A code from the link that turns out wrong can be corrected by hand.
  const [showCode, setShowCode] = useState(!linkCode);

  useEffect(() => {
    if (!done) return;
    // Login says the password changed (reset-notice.ts), above the form with the e-mail filled in.
    const timer = setTimeout(() => navigate(loginAfterReset(email.value.trim()), { replace: true }), PASSWORD_RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, email.value, navigate]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    const emailCheck = (await loadEmailField()).safeParse(email.value);
    const data = await form.validate();
    if (!emailCheck.success) email.setError(emailCheck.error.issues[0]?.message ?? 'Email is invalid');
    if (!data || !emailCheck.success) return;
    await run(
      async () => {
        await completePasswordReset(emailCheck.data, data.code, data.password);
        setDone(true);
      },
      (message) => {
        setError(message);
        setShowCode(true);
      },
      'Failed to reset password',
    );
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
        <AlertIf message={error ?? form.errors._} />
        {!linkEmail && <TextField label="Email" name="email" type="email" autoComplete="email" {...email.bind} />}
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
        <BackToLogin />
      </form>
    </>
  );
}
