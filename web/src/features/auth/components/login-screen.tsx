import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { paths } from '@/lib/paths';
import { AuthHeading, AuthLayout } from './auth-layout';
import { LoginForm } from './login-form';

export const PASSWORD_CHANGED_TITLE = 'Password Updated';
export const PASSWORD_CHANGED = 'Your password has been successfully reset. Sign in with your new password.';

/**
 * The /login page: the sign-in form in the auth frame, shown by the app's router and by the guest sign-in
 * page alike. `passwordReset`: reached from a completed password reset, it says the password changed.
 */
export function LoginScreen({ initialEmail, passwordReset = false }: { initialEmail: string; passwordReset?: boolean }) {
  // The front page: a full load, which a visitor without a session gets without the app.
  const backToHome = () => {
    window.location.assign(paths.landing);
  };
  return (
    <AuthLayout>
      <LoginForm
        initialEmail={initialEmail}
        heading={
          <>
            <AuthHeading title="Welcome back" subtitle="Sign in to your account to continue." />
            {passwordReset && (
              <Alert tone="success" title={PASSWORD_CHANGED_TITLE} testId="password-changed">
                {PASSWORD_CHANGED}
              </Alert>
            )}
          </>
        }
        footer={
          <Button variant="ghost" block onClick={backToHome} className="back-home">
            Back to Home
          </Button>
        }
      />
    </AuthLayout>
  );
}
