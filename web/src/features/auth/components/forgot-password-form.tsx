import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { EmailAddress } from '@/components/email-address';
import { TextField } from '@/components/text-field';
import { useBusy } from '@/hooks/use-busy';
import { paths } from '@/lib/paths';
import { requestPasswordReset } from '@/features/auth/api/auth-service';
import { AuthHeading } from './auth-layout';
import { BackToLogin } from './back-to-login';
import { AuthFooter } from './auth-link';
import { CheckEmail } from './check-email';
import '@/styles/forms.css';

/** Forgot password: e-mail (a required browser field), 'Reset Password' ('Sending...'), then 'Check your email'. */
export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [busy, run] = useBusy();
  const [error, setError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    const address = email.trim();
    await run(
      async () => {
        await requestPasswordReset(address);
        setSentTo(address);
      },
      setError,
      'Failed to send reset instructions',
    );
  };

  if (sentTo) {
    return (
      <CheckEmail testId="reset-sent-panel">
        <Alert tone="success">
          We've sent password reset instructions to <EmailAddress email={sentTo} strong after="." testId="reset-sent-address" />
        </Alert>
        <p className="check-email-text">
          Follow the link in the email to choose a new password, or enter the code from the email yourself.
        </p>
        <div className="button-row">
          <Button block onClick={() => navigate(`${paths.resetPassword}?email=${encodeURIComponent(sentTo)}`)}>
            Enter reset code
          </Button>
          <BackToLogin />
        </div>
      </CheckEmail>
    );
  }

  return (
    <>
      <AuthHeading title="Forgot Password" subtitle="Enter your email address and we'll send you instructions to reset your password." />
      <form className="form" onSubmit={submit} data-testid="forgot-password-form">
        {error && <Alert tone="error">{error}</Alert>}
        <TextField label="Email" name="email" type="email" autoComplete="email" required value={email} onChange={setEmail} />
        <Button type="submit" block busy={busy} busyText="Sending...">
          Reset Password
        </Button>
        <BackToLogin />
        <AuthFooter question="Remember your password?" to={paths.login}>
          Sign in
        </AuthFooter>
      </form>
    </>
  );
}
