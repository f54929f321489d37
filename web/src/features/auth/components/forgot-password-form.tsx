import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { EmailAddress } from '@/components/email-address';
import { MailIcon } from '@/components/icons';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { requestPasswordReset } from '@/features/auth/api/auth-service';
import { AuthHeading } from './auth-layout';

/** Forgot password: e-mail (a required browser field), 'Reset Password' ('Sending...'), then 'Check your email'. */
export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    const address = email.trim();
    setBusy(true);
    try {
      await requestPasswordReset(address);
      setSentTo(address);
    } catch (err) {
      setError(errorMessage(err, 'Failed to send reset instructions'));
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <div className="check-email" data-testid="reset-sent-panel">
        <div className="check-email-icon">
          <MailIcon width={28} height={28} />
        </div>
        <h1 className="check-email-title">Check your email</h1>
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
          <Button variant="ghost" block onClick={() => navigate(paths.login)}>
            Back to Login
          </Button>
        </div>
      </div>
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
        <Button variant="ghost" block onClick={() => navigate(paths.login)}>
          Back to Login
        </Button>
        <p className="form-footer">
          Remember your password?{' '}
          <Link to={paths.login} className="link">
            Sign in
          </Link>
        </p>
      </form>
    </>
  );
}
