import type { FormEvent } from 'react';
import { Button } from '@/components/button';
import { EmailAddress } from '@/components/email-address';
import { TextField } from '@/components/text-field';
import { useBusy } from '@/hooks/use-busy';
import { useField } from '@/hooks/use-field';
import { confirmEmail } from '@/features/auth/api/auth-service';
import { useConfirmationMessages } from '@/features/auth/hooks/use-confirmation-messages';
import { CheckEmail, ConfirmationAlerts } from './check-email';
import '@/styles/forms.css';

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
  const code = useField();
  const messages = useConfirmationMessages();
  const [confirming, run] = useBusy();

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.value.trim()) {
      code.setError('Code is required');
      return;
    }
    messages.clear();
    await run(
      async () => {
        await confirmEmail(email, code.value);
        messages.setSuccess('Your email address has been confirmed.');
        await onConfirmed();
      },
      messages.setError,
      'Failed to confirm email',
    );
  };

  return (
    <CheckEmail testId="check-email-panel">
      <p className="check-email-text">
        We've sent a confirmation email to <EmailAddress email={email} strong after="." testId="check-email-address" /> Click the link in
        the email to verify your account.
      </p>
      <ConfirmationAlerts {...messages} />
      <form className="form" onSubmit={confirm} noValidate>
        <TextField
          label="Confirmation code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          hint="Or type the code from the email here."
          {...code.bind}
        />
        <Button type="submit" block busy={confirming} busyText="Please wait...">
          Confirm Email
        </Button>
      </form>
      <div className="button-row">
        <Button variant="secondary" block busy={messages.resending} busyText="Sending..." onClick={() => messages.resend(email)}>
          Resend confirmation email
        </Button>
        <Button variant="ghost" block onClick={onBack}>
          Go Back
        </Button>
      </div>
      <p className="muted small center">Didn't receive the email? Check your spam folder or try resending.</p>
    </CheckEmail>
  );
}
