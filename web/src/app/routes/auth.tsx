import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/button';
import { AdminLoginForm } from '@/features/auth/components/admin-login-form';
import { AuthHeading, AuthLayout } from '@/features/auth/components/auth-layout';
import { EmailConfirmation } from '@/features/auth/components/email-confirmation';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { LoginForm } from '@/features/auth/components/login-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { SignUpForm } from '@/features/auth/components/signup-form';
import { getRuntimeConfig } from '@/lib/runtime-config';

export function LoginRoute() {
  const [params] = useSearchParams();
  const backToHome = () => {
    window.location.assign(getRuntimeConfig().marketingUrl || '/');
  };
  return (
    <AuthLayout>
      <LoginForm
        initialEmail={params.get('email') ?? ''}
        heading={<AuthHeading title="Welcome back" subtitle="Sign in to your account to continue." />}
        footer={
          <Button variant="ghost" block onClick={backToHome} className="back-home">
            Back to Home
          </Button>
        }
      />
    </AuthLayout>
  );
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
