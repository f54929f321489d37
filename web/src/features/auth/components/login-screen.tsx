import { Button } from '@/components/button';
import { paths } from '@/lib/paths';
import { AuthHeading, AuthLayout } from './auth-layout';
import { LoginForm } from './login-form';

/** The /login page: the sign-in form in the auth frame, shown by the app's router and by the guest sign-in page alike. */
export function LoginScreen({ initialEmail }: { initialEmail: string }) {
  // The front page: a full load, which a visitor without a session gets without the app.
  const backToHome = () => {
    window.location.assign(paths.landing);
  };
  return (
    <AuthLayout>
      <LoginForm
        initialEmail={initialEmail}
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
