import { AlertIf } from '@/components/alert';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { adminSignIn, assertAdminSession } from '@/features/auth/api/auth-service';
import { AuthHeading } from './auth-layout';
import { AuthFooter } from './auth-link';
import { usePasswordSignIn } from '@/features/auth/hooks/use-password-sign-in';
import '@/styles/forms.css';

/**
 * Admin login: only members of the admin group get in, with TOTP MFA: set up right after the first
 * password sign-in, a code from the authenticator app at every later one.
 */
export function AdminLoginForm() {
  const auth = useAuth();
  // After the code as after the password: still only the admin group gets in.
  const { form, busy, error, submit, nextStep } = usePasswordSignIn(adminSignIn, async () => {
    try {
      await assertAdminSession();
    } catch (err) {
      return errorMessage(err, 'Failed to sign in');
    }
    await auth.refresh();
  });
  if (nextStep) return nextStep;

  return (
    <>
      <AuthHeading title="Admin Login" subtitle="Sign in with an administrator account." />
      <form className="form" onSubmit={submit} noValidate data-testid="admin-login-form">
        <AlertIf message={error} />
        <TextField label="Email" {...form.field('email')} type="email" autoComplete="email" />
        <TextField label="Password" {...form.field('password')} type="password" autoComplete="current-password" />
        <Button type="submit" block busy={busy} busyText="Please wait...">
          Sign In
        </Button>
        <AuthFooter to={paths.login}>Back to regular login</AuthFooter>
      </form>
    </>
  );
}
