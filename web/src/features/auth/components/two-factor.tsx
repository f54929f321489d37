import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/errors';
import {
  authenticatorUnrecorded,
  confirmTotpCode,
  finishTotpSetup,
  INVALID_CODE,
  isInvalidCode,
  SignInExpiredError,
  signOutQuietly,
  startTotpSetup,
  type TotpSetup,
} from '@/features/auth/api/auth-service';
import { AuthHeading } from './auth-layout';
import './two-factor.css';
import '@/styles/forms.css';

/** The step after the password, when the account has (or needs) TOTP. */
export type SecondStep = { kind: 'code'; notice?: string } | { kind: 'setup' };

/**
 * The second factor of a sign-in (both login screens): the code, or setting TOTP up and then the code.
 * Cancelling a setup signs the half-done session out.
 */
export function SecondFactor({
  step,
  credentials,
  onStep,
  onSignedIn,
  onBack,
}: {
  step: SecondStep;
  credentials: { email: string; password: string };
  onStep: (step: SecondStep) => void;
  onSignedIn: () => Promise<void>;
  onBack: (message?: string) => void;
}) {
  if (step.kind === 'code') {
    return <TotpCodeStep notice={step.notice} onSignedIn={onSignedIn} onNeedsSetup={() => onStep({ kind: 'setup' })} onBack={onBack} />;
  }
  return (
    <TotpSetupStep
      email={credentials.email}
      password={credentials.password}
      onSignedIn={onSignedIn}
      onNeedsCode={(notice) => onStep({ kind: 'code', notice })}
      onCancel={() => void signOutQuietly().then(() => onBack())}
    />
  );
}

// The QR code's encoder is loaded with this screen only, never with the first page.
const QrCode = lazy(() => import('./qr-code'));

/** The authenticator's 6-digit code: one field, Enter submits, a busy state and clear errors. */
function CodeForm({
  submit,
  onBack,
  backLabel,
  testId,
  autoFocus = false,
}: {
  /** Checks the code; throws to show an error. */
  submit: (code: string) => Promise<void>;
  onBack: () => void;
  backLabel: string;
  testId: string;
  autoFocus?: boolean;
}) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) {
      setFieldError(typed ? 'The code is 6 digits' : 'Enter the 6-digit code');
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await submit(typed);
    } catch (err) {
      setError(isInvalidCode(err) ? INVALID_CODE : errorMessage(err, 'Failed to verify the code'));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid={testId}>
      {error && <Alert tone="error">{error}</Alert>}
      <TextField
        label="6-digit code"
        name="totp-code"
        value={code}
        error={fieldError}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={7}
        autoFocus={autoFocus}
        className="totp-code-input"
        onChange={(v) => {
          setCode(v.replace(/[^\d ]/g, ''));
          setFieldError(undefined);
        }}
      />
      <Button type="submit" block busy={busy} busyText="Verifying...">
        Verify
      </Button>
      <Button variant="ghost" block onClick={onBack} disabled={busy}>
        {backLabel}
      </Button>
    </form>
  );
}

/** After the password, when TOTP is on: the code from the authenticator app. */
export function TotpCodeStep({
  notice,
  onSignedIn,
  onNeedsSetup,
  onBack,
}: {
  notice?: string;
  /** Called once the code was accepted (the admin check, then the session refresh). */
  onSignedIn: () => Promise<void>;
  /** The code was accepted, but the API has no record of the authenticator's set-up: set one up again. */
  onNeedsSetup: () => void;
  /** Back to the password, with a message when the sign-in expired. */
  onBack: (message?: string) => void;
}) {
  return (
    <>
      <AuthHeading title="Two-factor authentication" subtitle="Enter the 6-digit code from your authenticator app." />
      {notice && <Alert tone="info">{notice}</Alert>}
      <CodeForm
        testId="totp-code-form"
        autoFocus
        backLabel="Back to sign in"
        onBack={() => onBack()}
        submit={async (code) => {
          try {
            await confirmTotpCode(code);
          } catch (err) {
            if (err instanceof SignInExpiredError) return onBack(err.message);
            throw err;
          }
          if (await authenticatorUnrecorded().catch(() => false)) return onNeedsSetup();
          await onSignedIn();
        }}
      />
    </>
  );
}

/** The key in groups of four, as authenticator apps show keys. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * First admin sign-in: TOTP setup. The new key as a QR code of its otpauth:// URI and as text, then the
 * first code from the app.
 */
export function TotpSetupStep({
  email,
  password,
  onSignedIn,
  onNeedsCode,
  onCancel,
}: {
  email: string;
  password: string;
  onSignedIn: () => Promise<void>;
  /** Setup is done but the sign-in wants a fresh code. */
  onNeedsCode: (notice: string) => void;
  onCancel: () => void;
}) {
  const [setup, setSetup] = useState<TotpSetup>();
  const [loadError, setLoadError] = useState<string>();
  const [copied, setCopied] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // One key per visit: a second request would replace the key already shown.
    if (started.current) return;
    started.current = true;
    startTotpSetup(email).then(setSetup, (err) => setLoadError(errorMessage(err, 'Failed to start two-factor setup')));
  }, [email]);

  const copy = async () => {
    if (!setup) return;
    try {
      await navigator.clipboard.writeText(setup.secret);
      setCopied(true);
    } catch {
      // No clipboard here (an insecure origin): the key can still be selected and copied.
    }
  };

  return (
    <>
      <AuthHeading
        title="Set up two-factor authentication"
        subtitle="Admin accounts need a code from an authenticator app at every sign-in."
      />
      {loadError && <Alert tone="error">{loadError}</Alert>}
      <ol className="totp-steps">
        <TotpStep n={1} text="Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password...).">
          <div className="totp-qr" data-testid="totp-qr">
            {setup ? (
              <Suspense fallback={<span className="muted small">Loading QR code...</span>}>
                <QrCode value={setup.uri} label="QR code of the key for your authenticator app" />
              </Suspense>
            ) : (
              !loadError && <span className="muted small">Preparing your key...</span>
            )}
          </div>
          {setup && (
            <a className="link small totp-open-link" href={setup.uri} data-testid="totp-uri">
              On this phone? Open the key in your authenticator app
            </a>
          )}
        </TotpStep>
        <TotpStep n={2} text="Or enter this key in the app by hand:">
          <div className="totp-secret-row">
            <code className="totp-secret" data-testid="totp-secret">
              {setup ? grouped(setup.secret) : '...'}
            </code>
            <Button variant="secondary" onClick={copy} disabled={!setup}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
        </TotpStep>
        <TotpStep n={3} text="Enter the 6-digit code the app shows." />
      </ol>
      <CodeForm
        testId="totp-setup-form"
        backLabel="Cancel"
        onBack={onCancel}
        submit={async (code) => {
          if (!setup) throw new Error('Your key is not ready yet. Please wait a moment.');
          const result = await finishTotpSetup(email, password, code);
          if (result === 'totpCode') {
            onNeedsCode('Two-factor authentication is on. Enter the next code from your app to finish signing in.');
          } else {
            await onSignedIn();
          }
        }}
      />
    </>
  );
}

/** One numbered step of the set-up: what to do, and what it needs. */
function TotpStep({ n, text, children }: { n: number; text: string; children?: ReactNode }) {
  return (
    <li>
      <span className="totp-step-number" aria-hidden="true">
        {n}
      </span>
      <div className="totp-step">
        <span>{text}</span>
        {children}
      </div>
    </li>
  );
}
