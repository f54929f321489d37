import { useEffect, useMemo } from 'react';
import { ErrorBoundary } from '@/components/error-boundary';
import { AuthLinkContext, type AuthLinkProps } from '@/features/auth/components/auth-link';
import { LoginScreen } from '@/features/auth/components/login-screen';
import { cameFromReset } from '@/features/auth/utils/reset-notice';
import { AuthContext, type AuthContextValue } from '@/lib/auth-context';
import { GuestLink, useEnterApp } from './guest-link';

/**
 * /login for a visitor with no stored session: the sign-in form alone, without React Router, TanStack
 * Query or the app shell. Signing in, or following a link to another screen, renders the full app in its
 * place at the then current URL (`bootApp`), whose router and gate take over from there.
 */
export function GuestLoginPage({ bootApp, preloadApp }: { bootApp: () => Promise<void>; preloadApp: () => Promise<unknown> }) {
  // Should the app's chunk not arrive, the page loads afresh where the app starts at once (a session is now
  // stored, or the path is no longer /login).
  const enterApp = useEnterApp(bootApp);
  // The app loads while the sign-in's round trips run, once the form is sent (not before: a visitor who
  // does not sign in never downloads it).
  useEffect(() => {
    const preload = () => void preloadApp().catch(() => {});
    document.addEventListener('submit', preload, { capture: true, once: true });
    return () => document.removeEventListener('submit', preload, { capture: true });
  }, [preloadApp]);
  const auth = useMemo<AuthContextValue>(
    () => ({
      status: 'signedOut',
      groups: [],
      // After the sign-in: the app reads the new session itself and its gate sends the user on.
      refresh: async () => {
        await enterApp();
        return { status: 'loading', groups: [] };
      },
      logout: async () => {},
    }),
    [enterApp],
  );
  const Link = useMemo(
    () =>
      function LoginLink(props: AuthLinkProps) {
        return <GuestLink {...props} enterApp={() => void enterApp()} />;
      },
    [enterApp],
  );
  const search = new URLSearchParams(window.location.search);
  const initialEmail = search.get('email') ?? '';
  return (
    <AuthContext.Provider value={auth}>
      <AuthLinkContext.Provider value={Link}>
        {/* The check-your-email and two-factor steps load when needed: one that cannot says so. */}
        <ErrorBoundary resetKey="login">
          <LoginScreen initialEmail={initialEmail} passwordReset={cameFromReset(search)} />
        </ErrorBoundary>
      </AuthLinkContext.Provider>
    </AuthContext.Provider>
  );
}
