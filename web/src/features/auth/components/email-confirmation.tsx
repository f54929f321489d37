import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { LoadingScreen } from '@/components/loading-screen';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { confirmEmail, resendConfirmation } from '@/features/auth/api/auth-service';
import { AuthHeading } from './auth-layout';
import { LoginForm } from './login-form';
import { loadEmailField } from '@/features/auth/utils/schemas';

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
  const [email, setEmail] = useState(linkEmail);
  const [code, setCode] = useState(linkCode);
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; code?: string }>({});
  const [error, setError] = useState<string>();
  const [success, setSuccess] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const started = useRef(false);

  const run = async (address: string, value: string) => {
    setError(undefined);
    setSuccess(undefined);
    try {
      await confirmEmail(address, value);
      setEmail(address);
      setState('confirmed');
    } catch (err) {
      setError(errorMessage(err, 'Failed to confirm email'));
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
    const errs: { email?: string; code?: string } = {};
    const emailCheck = (await loadEmailField()).safeParse(email);
    if (!emailCheck.success) errs.email = emailCheck.error.issues[0]?.message;
    if (!code.trim()) errs.code = 'Code is required';
    setFieldErrors(errs);
    if (errs.email || errs.code || !emailCheck.success) return;
    setBusy(true);
    await run(emailCheck.data, code);
    setBusy(false);
  };

  const resend = async () => {
    const emailCheck = (await loadEmailField()).safeParse(email);
    if (!emailCheck.success) {
      setFieldErrors({ email: emailCheck.error.issues[0]?.message });
      return;
    }
    setResending(true);
    setError(undefined);
    setSuccess(undefined);
    try {
      await resendConfirmation(emailCheck.data);
      setSuccess('Confirmation email resent successfully');
    } catch (err) {
      setError(errorMessage(err, 'Failed to resend confirmation email'));
    } finally {
      setResending(false);
    }
  };

  if (state === 'confirming') return <LoadingScreen label="Confirming your email..." />;

  if (state === 'confirmed') {
    return (
      <div data-testid="email-confirmed">
        <AuthHeading title="Email confirmed" subtitle={name ? `Welcome, ${name}!` : 'Welcome!'} />
        <Alert tone="success">Your email address has been confirmed. Sign in to get started.</Alert>
        <LoginForm compact initialEmail={email} onSignedIn={() => navigate(paths.dashboard, { replace: true })} />
      </div>
    );
  }

  return (
    <div data-testid="email-confirmation-form">
      <AuthHeading
        title="Confirm your email"
        subtitle={name ? `Hi ${name}, enter the code from the confirmation email.` : 'Enter the code from the confirmation email.'}
      />
      {error && <Alert tone="error">{error}</Alert>}
      {success && <Alert tone="success">{success}</Alert>}
      <form className="form" onSubmit={submit} noValidate>
        {!linkEmail && (
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            error={fieldErrors.email}
            onChange={(v) => {
              setEmail(v);
              setFieldErrors((f) => ({ ...f, email: undefined }));
            }}
          />
        )}
        <TextField
          label="Confirmation code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          error={fieldErrors.code}
          onChange={(v) => {
            setCode(v);
            setFieldErrors((f) => ({ ...f, code: undefined }));
          }}
        />
        <Button type="submit" block busy={busy} busyText="Please wait...">
          Confirm Email
        </Button>
        <Button variant="secondary" block busy={resending} busyText="Sending..." onClick={resend}>
          Resend confirmation email
        </Button>
      </form>
      <p className="form-footer">
        Already confirmed?{' '}
        <Link to={`${paths.login}${email ? `?email=${encodeURIComponent(email)}` : ''}`} className="link">
          Sign in
        </Link>
      </p>
    </div>
  );
}
