import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { LoadingScreen } from '@/components/loading-screen';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { useBusy } from '@/hooks/use-busy';
import { useField } from '@/hooks/use-field';
import { confirmEmail } from '@/features/auth/api/auth-service';
import { useConfirmationMessages } from '@/features/auth/hooks/use-confirmation-messages';
import { AuthHeading } from './auth-layout';
import { AuthFooter } from './auth-link';
import { ConfirmationAlerts } from './check-email';
import { LoginForm } from './login-form';
import { loadEmailField } from '@/features/auth/utils/schemas';
import '@/styles/forms.css';

type State = 'confirming' | 'confirmed' | 'form';

/**
 * /email-confirmation?email=&name=&code=: the link of the confirmation e-mail. With a code it confirms at
 * once and offers sign-in with the e-mail filled in; without one it asks for the code.
 */
export function EmailConfirmation() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const linkEmail = params.get('email')?.trim() ?? '';
  const name = params.get('name')?.trim() ?? '';
  const linkCode = params.get('code')?.trim() ?? '';
  const [state, setState] = useState<State>(linkEmail && linkCode ? 'confirming' : 'form');
  const email = useField(linkEmail);
  const code = useField(linkCode);
  const messages = useConfirmationMessages();
  const [busy, confirming] = useBusy();
  const started = useRef(false);

  const run = async (address: string, value: string) => {
    messages.clear();
    try {
      await confirmEmail(address, value);
      email.setValue(address);
      setState('confirmed');
    } catch (err) {
      messages.setError(errorMessage(err, 'Failed to confirm email'));
      setState('form');
    }
  };

  useEffect(() => {
    // The link is used once, also under React's double effects in development.
    if (state !== 'confirming' || started.current) return;
    started.current = true;
    void run(linkEmail, linkCode);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const emailCheck = (await loadEmailField()).safeParse(email.value);
    const emailError = emailCheck.success ? undefined : emailCheck.error.issues[0]?.message;
    const codeError = code.value.trim() ? undefined : 'Code is required';
    email.setError(emailError);
    code.setError(codeError);
    if (emailError || codeError || !emailCheck.success) return;
    await confirming(() => run(emailCheck.data, code.value), messages.setError, 'Failed to confirm email');
  };

  const resend = async () => {
    const emailCheck = (await loadEmailField()).safeParse(email.value);
    if (!emailCheck.success) {
      email.setError(emailCheck.error.issues[0]?.message);
      code.setError(undefined);
      return;
    }
    await messages.resend(emailCheck.data);
  };

  if (state === 'confirming') return <LoadingScreen label="Confirming your email..." />;

  if (state === 'confirmed') {
    return (
      <div data-testid="email-confirmed">
        <AuthHeading title="Email confirmed" subtitle={name ? `Welcome, ${name}!` : 'Welcome!'} />
        <Alert tone="success">Your email address has been confirmed. Sign in to get started.</Alert>
        <LoginForm compact initialEmail={email.value} onSignedIn={() => navigate(paths.dashboard, { replace: true })} />
      </div>
    );
  }

  return (
    <div data-testid="email-confirmation-form">
      <AuthHeading
        title="Confirm your email"
        subtitle={name ? `Hi ${name}, enter the code from the confirmation email.` : 'Enter the code from the confirmation email.'}
      />
      <ConfirmationAlerts {...messages} />
      <form className="form" onSubmit={submit} noValidate>
        {!linkEmail && <TextField label="Email" name="email" type="email" autoComplete="email" {...email.bind} />}
        <TextField label="Confirmation code" name="code" inputMode="numeric" autoComplete="one-time-code" {...code.bind} />
        <Button type="submit" block busy={busy} busyText="Please wait...">
          Confirm Email
        </Button>
        <Button variant="secondary" block busy={messages.resending} busyText="Sending..." onClick={resend}>
          Resend confirmation email
        </Button>
      </form>
      <AuthFooter question="Already confirmed?" to={`${paths.login}${email.value ? `?email=${encodeURIComponent(email.value)}` : ''}`}>
        Sign in
      </AuthFooter>
    </div>
  );
}
