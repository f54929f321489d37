import { useQuery, useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ADMIN_GROUP } from '@shared/constants';
import type { UserView } from '@shared/schemas/users';
import { AmplifyUnavailable, amplifyReady, whenAmplifyLoaded } from './amplify-ready';
import { api } from './api';
import { AuthContext, useAuth, type AuthContextValue, type AuthSnapshot } from './auth-context';
import { startSessionWatcher } from './session-watcher';
import { clearStoredSession, hasStoredSession, isSessionKey, storedExpiry, storedTokens, type TokenClaims } from './stored-session';
import { setPersonalData } from './telemetry/client';

export { AuthContext, useAuth, type AuthContextValue, type AuthSnapshot, type AuthStatus } from './auth-context';

export const meQueryKey = ['me'] as const;

/** Admin accounts seen with TOTP on (by sub): asked once per page load. */
const adminsWithTotp = new Set<string>();

/**
 * An admin is signed in only once TOTP is on for the account: tokens left by a first sign-in whose
 * setup was not finished (the page reloaded, say) do not count, and the login takes them through it.
 */
async function adminHasTotp(sub: string | undefined): Promise<boolean> {
  if (sub && adminsWithTotp.has(sub)) return true;
  // Loaded for admins only: Amplify's MFA preference pulls in its sign-in helpers (SRP, passkeys).
  const [{ fetchMFAPreference }] = await Promise.all([import('./mfa-preference'), amplifyReady()]);
  const { enabled } = await fetchMFAPreference();
  const on = !!enabled?.includes('TOTP');
  if (on && sub) adminsWithTotp.add(sub);
  return on;
}

/**
 * The ID token's claims (the access token's when there is no ID token): from the stored tokens while they
 * are good, without loading Amplify; else from Amplify's session, which refreshes them; null when signed out.
 */
async function sessionClaims(): Promise<TokenClaims | null> {
  const stored = storedTokens();
  if (stored) return stored.claims;
  if (!hasStoredSession()) return null;
  const { tokens } = await (await amplifyReady()).fetchAuthSession();
  if (!tokens?.idToken && !tokens?.accessToken) return null;
  return (tokens.idToken ?? tokens.accessToken).payload;
}

/**
 * Reads the signed-in user from the stored tokens (refreshing them if they expired). Throws
 * AmplifyUnavailable when Amplify was needed and could not be loaded: that says nothing of the session.
 */
export async function readSession(): Promise<AuthSnapshot> {
  try {
    const payload = await sessionClaims();
    if (!payload) return { status: 'signedOut', groups: [] };
    const groups = Array.isArray(payload['cognito:groups']) ? (payload['cognito:groups'] as string[]) : [];
    if (groups.includes(ADMIN_GROUP) && !(await adminHasTotp(typeof payload.sub === 'string' ? payload.sub : undefined))) {
      return { status: 'signedOut', groups: [] };
    }
    return {
      status: 'signedIn',
      sub: typeof payload.sub === 'string' ? payload.sub : undefined,
      email: typeof payload.email === 'string' ? payload.email : undefined,
      groups,
    };
  } catch (err) {
    if (err instanceof AmplifyUnavailable) throw err;
    return { status: 'signedOut', groups: [] };
  }
}

/** How long to wait before each new try at reading the session while Amplify's code cannot be loaded. */
const SESSION_READ_WAITS_MS = [1000, 3000, 9000];

/** How long a burst of another tab's changes to the stored session is let settle before it is read. */
const OTHER_TAB_SETTLE_MS = 200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [snapshot, setSnapshot] = useState<AuthSnapshot>({ status: 'loading', groups: [] });
  const lastSub = useRef<string | undefined>(undefined);

  const apply = useCallback(
    (next: AuthSnapshot) => {
      if (next.sub !== lastSub.current) {
        // Another user (or none): nothing cached for the previous one may leak.
        queryClient.clear();
        lastSub.current = next.sub;
      }
      setSnapshot(next);
      return next;
    },
    [queryClient],
  );

  const refresh = useCallback(async () => {
    for (const wait of [...SESSION_READ_WAITS_MS, null]) {
      try {
        return apply(await readSession());
      } catch (err) {
        if (wait === null) console.error(err);
        else await sleep(wait);
      }
    }
    // Signed out for this page only: the stored session is left for the next visit.
    return apply({ status: 'signedOut', groups: [] });
  }, [apply]);

  // Set while this tab's own sign-out runs: Amplify's 'signedOut' event is then left to endSession.
  const endingHere = useRef(false);
  const endSession = useCallback(
    async (leave?: () => void) => {
      endingHere.current = true;
      try {
        await (await amplifyReady()).signOut();
      } catch {
        // Amplify clears the tokens even when the revoke call fails; without Amplify, they are cleared here.
        clearStoredSession();
      } finally {
        endingHere.current = false;
      }
      // The router moves in a transition: were 'signed out' rendered first, on the page being left, its
      // gate would send the user to the login page. One transition commits both.
      startTransition(() => {
        leave?.();
        apply({ status: 'signedOut', groups: [] });
      });
    },
    [apply],
  );

  // Another tab signed in or out (its Amplify changed the stored session): this one reads it again, so that
  // it never goes on showing one user's screens while its calls carry another's token.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onStorage = (e: StorageEvent) => {
      if (e.storageArea !== localStorage || !isSessionKey(e.key)) return;
      clearTimeout(timer);
      timer = setTimeout(() => void refresh(), OTHER_TAB_SETTLE_MS);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('storage', onStorage);
    };
  }, [refresh]);

  useEffect(() => {
    void refresh();
    // Amplify's events, once something loaded it (nothing to hear before).
    let stopHub: (() => void) | undefined;
    const stopWaiting = whenAmplifyLoaded(({ Hub }) => {
      stopHub = Hub.listen('auth', ({ payload }) => {
        if (payload.event === 'signedOut' && !endingHere.current) apply({ status: 'signedOut', groups: [] });
        if (payload.event === 'tokenRefresh_failure') {
          // Amplify clears the tokens when the refresh token is no longer valid.
          void readSession().then(
            (s) => s.status === 'signedOut' && void endSession(),
            () => undefined, // Amplify is loaded here: this cannot be AmplifyUnavailable
          );
        }
      });
    });
    return () => {
      stopWaiting();
      stopHub?.();
    };
  }, [refresh, apply, endSession]);

  // Keep the session fresh while signed in: tick every 30 s, refresh when 3 or fewer ticks remain.
  useEffect(() => {
    if (snapshot.status !== 'signedIn') return;
    const watcher = startSessionWatcher({
      // As stored (on this device's clock), expired or not: refreshing is the watcher's to decide.
      getExpiresAt: async () => storedExpiry(),
      refresh: async () => {
        const { tokens } = await (await amplifyReady()).fetchAuthSession({ forceRefresh: true });
        return !!tokens?.accessToken;
      },
      onSessionEnded: () => void endSession(),
    });
    return () => watcher.stop();
  }, [snapshot.status, snapshot.sub, endSession]);

  const value = useMemo<AuthContextValue>(() => ({ ...snapshot, refresh, logout: endSession }), [snapshot, refresh, endSession]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The signed-in user's account from the API (created on first call). */
export function useMe() {
  const { status, sub } = useAuth();
  return useQuery<UserView>({
    queryKey: [...meQueryKey, sub],
    queryFn: () =>
      api('getMe').then((me) => {
        // What is personal to this user never reaches an error report.
        setPersonalData([me.fullName, me.username, me.email]);
        return me;
      }),
    enabled: status === 'signedIn',
  });
}

/** Replaces the cached account after a call that returns the updated user. */
export function useSetMe() {
  const queryClient = useQueryClient();
  const { sub } = useAuth();
  return useCallback((user: UserView) => queryClient.setQueryData([...meQueryKey, sub], user), [queryClient, sub]);
}

export function isAdminSession(snapshot: Pick<AuthSnapshot, 'groups'>, me?: Pick<UserView, 'isAdmin'>): boolean {
  return snapshot.groups.includes(ADMIN_GROUP) || !!me?.isAdmin;
}
