import type { ReactNode } from 'react';
import { Alert } from '@/components/alert';
import { MailIcon } from '@/components/icons-extra';
import '@/features/auth/auth.css';

/** 'Check your email' under the mail icon, then what the e-mail is for: after sign-up and after a reset request. */
export function CheckEmail({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <div className="check-email" data-testid={testId}>
      <div className="check-email-icon">
        <MailIcon width={28} height={28} />
      </div>
      <h1 className="check-email-title">Check your email</h1>
      {children}
    </div>
  );
}

/** The confirmation screens' error or success. */
export function ConfirmationAlerts({ error, success }: { error?: string; success?: string }) {
  return (
    <>
      {error && <Alert tone="error">{error}</Alert>}
      {success && <Alert tone="success">{success}</Alert>}
    </>
  );
}
