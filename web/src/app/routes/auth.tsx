import { useSearchParams } from 'react-router-dom';
import { AdminLoginForm } from '@/features/auth/components/admin-login-form';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { EmailConfirmation } from '@/features/auth/components/email-confirmation';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { LoginScreen } from '@/features/auth/components/login-screen';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { SignUpForm } from '@/features/auth/components/signup-form';
import { cameFromReset } from '@/features/auth/utils/reset-notice';

export function LoginRoute() {
  const [params] = useSearchParams();
  return <LoginScreen initialEmail={params.get('email') ?? ''} passwordReset={cameFromReset(params)} />;
}

export function SignUpRoute() {
  return (
    <AuthLayout>
      <SignUpForm />
    </AuthLayout>
  );
}

export function ForgotPasswordRoute() {
  return (
    <AuthLayout>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}

export function ResetPasswordRoute() {
  return (
    <AuthLayout>
      <ResetPasswordForm />
    </AuthLayout>
  );
}

export function EmailConfirmationRoute() {
  return (
    <AuthLayout>
      <EmailConfirmation />
    </AuthLayout>
  );
}

export function AdminLoginRoute() {
  return (
    <AuthLayout>
      <AdminLoginForm />
    </AuthLayout>
  );
}
