import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { EmailAddress } from '@/components/email-address';
import { MailIcon } from '@/components/icons';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/errors';
import { confirmEmail, resendConfirmation } from '@/features/auth/api/auth-service';

/**
 * 'Check your email' after sign-up (or a sign-in with an unconfirmed e-mail): the address, a code
 * input for the code in the e-mail, 'Resend confirmation email' and 'Go Back'.
 */
export function CheckEmailPanel({
  email,
  onBack,
  onConfirmed,
}: {
  email: string;
  onBack: () => void;
  /** Called after the code was accepted (e.g. to sign in with the password just typed). */
  onConfirmed: () => Promise<void> | void;
}) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [resending, setResending] = useState(false);
  const [error, setError] = useState<string>();
  const [success, setSuccess] = useState<string>();

  const resend = async () => {
    setResending(true);
    setError(undefined);
    setSuccess(undefined);
    try {
      await resendConfirmation(email);
      setSuccess('Confirmation email resent successfully');
    } catch (err) {
      setError(errorMessage(err, 'Failed to resend confirmation email'));
    } finally {
      setResending(false);
    }
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setCodeError('Code is required');
      return;
    }
    setConfirming(true);
    setError(undefined);
    setSuccess(undefined);
    try {
      await confirmEmail(email, code);
      setSuccess('Your email address has been confirmed.');
      await onConfirmed();
    } catch (err) {
      setError(errorMessage(err, 'Failed to confirm email'));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <div className="check-email" data-testid="check-email-panel">
      <div className="check-email-icon">
        <MailIcon width={28} height={28} />
      </div>
      <h1 className="check-email-title">Check your email</h1>
      <p className="check-email-text">
        We've sent a confirmation email to <EmailAddress email={email} strong after="." testId="check-email-address" /> Click the link in
        the email to verify your account.
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      {success && <Alert tone="success">{success}</Alert>}
      <form className="form" onSubmit={confirm} noValidate>
        <TextField
          label="Confirmation code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          hint="Or type the code from the email here."
          value={code}
          error={codeError}
          onChange={(v) => {
            setCode(v);
            setCodeError(undefined);
          }}
        />
        <Button type="submit" block busy={confirming} busyText="Please wait...">
          Confirm Email
        </Button>
      </form>
      <div className="button-row">
        <Button variant="secondary" block busy={resending} busyText="Sending..." onClick={resend}>
          Resend confirmation email
        </Button>
        <Button variant="ghost" block onClick={onBack}>
          Go Back
        </Button>
      </div>
      <p className="muted small center">Didn't receive the email? Check your spam folder or try resending.</p>
    </div>
  );
}
