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

/** A page of its own: the form in the sign-in pages' frame. */
function framed(Form: () => React.JSX.Element) {
  return function FramedForm() {
    return (
      <AuthLayout>
        <Form />
      </AuthLayout>
    );
  };
}

export const SignUpRoute = framed(SignUpForm);
export const ForgotPasswordRoute = framed(ForgotPasswordForm);
export const ResetPasswordRoute = framed(ResetPasswordForm);
export const EmailConfirmationRoute = framed(EmailConfirmation);
export const AdminLoginRoute = framed(AdminLoginForm);
