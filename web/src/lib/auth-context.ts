import { createContext, useContext } from 'react';

/**
 * The session's context alone, without its provider: the guest sign-in page (web/src/guest/) renders the
 * login form with a stand-in value, so that TanStack Query and the API client stay out of its first load.
 */
export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthSnapshot {
  status: AuthStatus;
  /** Cognito user id (sub) of the signed-in user. */
  sub?: string;
  email?: string;
  /** Cognito groups from the ID token. */
  groups: string[];
}

export interface AuthContextValue extends AuthSnapshot {
  /** Re-reads the session from Amplify (after sign-in, sign-out or a refresh). */
  refresh: () => Promise<AuthSnapshot>;
  /**
   * Signs out and forgets everything cached for the user; `leave` (a navigation) commits in the same
   * render as the signed-out state, so that the page being left never renders signed out.
   */
  logout: (leave?: () => void) => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}
