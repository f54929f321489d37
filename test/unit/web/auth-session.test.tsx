// @vitest-environment happy-dom
/**
 * The session (web/src/lib/auth.tsx) with Amplify loaded only when needed: read from the stored tokens;
 * another tab's sign-in or sign-out followed; a logout that cannot load Amplify still forgets the tokens,
 * as does the sign-in forms' quiet sign-out; Amplify's code failing to load is tried again, not taken for a
 * sign-out.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Amplify's sign-out tells its Hub's listeners 'signedOut' before it returns, as Amplify's does.
const amplify = vi.hoisted(() => {
  const listeners = new Set<(e: { payload: { event: string } }) => void>();
  return {
    fetchAuthSession: vi.fn(),
    signOut: vi.fn(async () => listeners.forEach((l) => l({ payload: { event: 'signedOut' } }))),
    Hub: {
      listen: (_channel: string, l: (e: { payload: { event: string } }) => void) => {
        listeners.add(l);
        return () => void listeners.delete(l);
      },
    },
  };
});
const amplifyReady = vi.hoisted(() => vi.fn());
// Amplify's own sign-out, as the sign-in forms' service (auth-service.ts) calls it.
const cognitoSignOut = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('aws-amplify/auth', async (original) => ({ ...(await original<typeof import('aws-amplify/auth')>()), signOut: cognitoSignOut }));
vi.mock('../../../web/src/lib/amplify-ready', async (original) => ({
  ...(await original<typeof import('../../../web/src/lib/amplify-ready')>()),
  amplifyReady,
  whenAmplifyLoaded: (listener: (m: typeof amplify) => void) => {
    listener(amplify);
    return () => undefined;
  },
  withAmplify: async <T,>(call: () => Promise<T>): Promise<T> => {
    await amplifyReady();
    return call();
  },
}));

import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { AmplifyUnavailable } from '../../../web/src/lib/amplify-ready';
import { AuthProvider, useAuth } from '../../../web/src/lib/auth';
import { hasStoredSession } from '../../../web/src/lib/stored-session';
import { storeSession, testRuntime } from './fixtures';

function Who() {
  const auth = useAuth();
  return (
    <>
      <p data-testid="who">{auth.status === 'signedIn' ? `in:${auth.sub}` : auth.status}</p>
      <button type="button" onClick={() => void auth.logout()}>
        Logout
      </button>
    </>
  );
}

const renderSession = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <Who />
      </AuthProvider>
    </QueryClientProvider>,
  );

const who = () => screen.getByTestId('who').textContent;

/** What the browser tells this tab when another tab's Amplify changes the stored session. */
const otherTabChanged = (key: string | null) => window.dispatchEvent(new StorageEvent('storage', { key, storageArea: localStorage }));

beforeEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
  amplifyReady.mockResolvedValue(amplify);
  testRuntime('local');
});
afterEach(cleanup);

describe('the session, with Amplify loaded only when needed', () => {
  it("is read from the stored tokens without Amplify, and follows another tab's sign-in as someone else and sign-out", async () => {
    storeSession({ sub: 'mia' });
    renderSession();
    await waitFor(() => expect(who()).toBe('in:mia'));

    storeSession({ sub: 'quinn' });
    otherTabChanged('CognitoIdentityServiceProvider.client.stored-user.idToken');
    await waitFor(() => expect(who()).toBe('in:quinn'));
    // Another app's keys are not the session's: a change under them reads nothing again (had it, this tab
    // would now show rita). The store stays a valid session meanwhile, so that nothing else reading it (the
    // watcher, restarted for quinn) can end this one: only the event is under test.
    storeSession({ sub: 'rita' });
    otherTabChanged('somebody-else.key');
    await new Promise((r) => setTimeout(r, 300));
    expect(who()).toBe('in:quinn');
    localStorage.clear();
    otherTabChanged(null);
    await waitFor(() => expect(who()).toBe('signedOut'));
    expect(amplifyReady).not.toHaveBeenCalled();
  });

  it('logs out without Amplify when it cannot be loaded: the stored tokens are forgotten all the same', async () => {
    storeSession({ sub: 'mia' });
    renderSession();
    await waitFor(() => expect(who()).toBe('in:mia'));
    amplifyReady.mockRejectedValue(new AmplifyUnavailable(new TypeError('Failed to fetch dynamically imported module')));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Logout' })));
    await waitFor(() => expect(who()).toBe('signedOut'));
    expect(hasStoredSession()).toBe(false);
  });

  it('tries again when a spent session needs Amplify and its code does not load, instead of signing the user out', async () => {
    storeSession({ sub: 'mia' }, 10);
    amplifyReady.mockRejectedValueOnce(new AmplifyUnavailable(new TypeError('Failed to fetch dynamically imported module')));
    amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { payload: { sub: 'mia' } } } });
    renderSession();
    expect(who()).toBe('loading');
    await waitFor(() => expect(who()).toBe('in:mia'), { timeout: 3000 });
    expect(amplifyReady.mock.calls.length).toBeGreaterThanOrEqual(2); // the first failed
  });
});

describe("a sign-out that must not fail (a cancelled code, an authenticator's set-up)", () => {
  it('forgets the stored tokens when Amplify cannot load, and when its sign-out fails', async () => {
    const { signOutQuietly } = await import('../../../web/src/features/auth/api/auth-service');
    storeSession({ sub: 'mia' });
    amplifyReady.mockRejectedValue(new AmplifyUnavailable(new TypeError('Failed to fetch dynamically imported module')));
    await expect(signOutQuietly()).resolves.toBeUndefined();
    expect(hasStoredSession()).toBe(false);

    storeSession({ sub: 'mia' });
    amplifyReady.mockResolvedValue(amplify);
    cognitoSignOut.mockRejectedValue(new Error('NetworkError'));
    await expect(signOutQuietly()).resolves.toBeUndefined();
    expect(cognitoSignOut).toHaveBeenCalled();
    expect(hasStoredSession()).toBe(false);
  });
});

describe('a logout from a page only signed-in users see', () => {
  /** A page behind the routing rules' gate: a signed-out visitor is sent to the login page. */
  function MembersPage() {
    const auth = useAuth();
    const navigate = useNavigate();
    if (auth.status === 'signedOut') return <Navigate to="/login" replace />;
    return (
      <button type="button" onClick={() => void auth.logout(() => navigate('/', { replace: true }))}>
        Logout
      </button>
    );
  }
  function Visited({ paths }: { paths: string[] }) {
    const { pathname } = useLocation();
    if (paths.at(-1) !== pathname) paths.push(pathname);
    return null;
  }

  it('lands where it leaves for, and the page it leaves never renders signed out (its gate would send it to the login)', async () => {
    storeSession({ sub: 'mia' });
    window.history.replaceState(null, '', '/members');
    const visited: string[] = [];
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider>
          <BrowserRouter>
            <Visited paths={visited} />
            <Routes>
              <Route path="/" element={<p>Front page</p>} />
              <Route path="/login" element={<p>Login</p>} />
              <Route path="/members" element={<MembersPage />} />
            </Routes>
          </BrowserRouter>
        </AuthProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await screen.findByText('Front page');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(window.location.pathname).toBe('/');
    expect(visited).toEqual(['/members', '/']);
    expect(amplify.signOut).toHaveBeenCalledTimes(1);
  });
});
