// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserView } from '../../../shared/schemas/users';

interface FakeAuth {
  status: 'loading' | 'signedIn' | 'signedOut';
  sub?: string;
  email?: string;
  groups: string[];
  logout: (leave?: () => void) => Promise<void>;
  refresh: () => Promise<unknown>;
}
const fake = vi.hoisted(() => ({ auth: {} as FakeAuth, me: undefined as unknown }));

vi.mock('../../../web/src/lib/auth', () => ({
  useAuth: () => fake.auth,
  useSetMe: () => () => {},
  useMe: () => ({ data: fake.me, isError: false, error: null, refetch: async () => undefined }),
  isAdminSession: (s: { groups: string[] }, me?: { isAdmin?: boolean }) => s.groups.includes('admin') || !!me?.isAdmin,
  readSession: async () => fake.auth,
}));

import { Gate } from '../../../web/src/app/gate';
import { AppLayout } from '../../../web/src/app/layout/app-layout';
import { ENDED_NOTICE, IMPERSONATION_KEY, peekEndedNotice, type ImpersonationState } from '../../../web/src/features/impersonation/state';
import { userView } from './fixtures';
import { ADMIN_SUB, impersonationState, recordNavigation } from './impersonation-setup';

const ADMIN = ADMIN_SUB;
const MIA = userView();
const ADA: UserView = { ...MIA, id: ADMIN, email: 'ada@example.test', fullName: 'Ada Admin', type: 'admin', isAdmin: true, genres: [] };

const store = (s: ImpersonationState) => localStorage.setItem(IMPERSONATION_KEY, JSON.stringify(s));

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<Gate kind="landing" />}>
          <Route path="/" element={<p>Front page</p>} />
        </Route>
        <Route element={<Gate kind="guest" />}>
          <Route path="/login" element={<p>Login page</p>} />
        </Route>
        <Route element={<Gate kind="user" />}>
          <Route element={<AppLayout />}>
            <Route path="/dashboard" element={<h1>Musician Experience</h1>} />
          </Route>
        </Route>
        <Route element={<Gate kind="admin" />}>
          <Route element={<AppLayout />}>
            <Route path="/admin/users" element={<h1>Users</h1>} />
          </Route>
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

const assign = recordNavigation();

beforeEach(() => {
  fake.auth = {
    status: 'signedIn',
    sub: ADMIN,
    email: 'ada@example.test',
    groups: ['admin'],
    // As the session's: signed out, then `leave` in the same render.
    logout: vi.fn(async (leave?: () => void) => {
      fake.auth = { ...fake.auth, status: 'signedOut', sub: undefined, groups: [] };
      fake.me = undefined;
      leave?.();
    }),
    refresh: vi.fn(),
  };
  fake.me = ADA;
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.documentElement.classList.remove('is-impersonating');
});

describe('while an admin impersonates a user', () => {
  beforeEach(() => {
    store(impersonationState());
    fake.me = MIA;
  });

  it("shows the user's dashboard with the banner and the user's navigation", async () => {
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Musician Experience' })).toBeTruthy();
    const banner = await screen.findByTestId('impersonation-banner'); // loaded while impersonating only
    expect(banner.getAttribute('role')).toBe('status');
    expect(within(banner).getByTestId('impersonation-text').textContent).toBe('Impersonating: Mia Musician (mia@example.test)');
    expect(within(banner).getByRole('button', { name: 'Stop Impersonating' })).toBeTruthy();
    const sidebar = screen.getByTestId('sidebar');
    expect(
      within(within(sidebar).getByRole('navigation', { name: 'Main' }))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'Choose Pro', 'Profile']);
    // The user's name below it is the way to their account.
    expect(within(sidebar).getByRole('link', { name: 'Your account: Mia Musician' }).getAttribute('href')).toBe('/account');
    expect(document.documentElement.classList.contains('is-impersonating')).toBe(true);
  });

  it('treats the session as not an admin: admin pages are refused', async () => {
    renderAt('/admin/users');
    expect(await screen.findByTestId('access-denied')).toBeTruthy();
    expect(await screen.findByTestId('impersonation-banner')).toBeTruthy();
  });

  it("'Stop Impersonating' removes the state and goes back to the user list in a new page", async () => {
    renderAt('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Stop Impersonating' }));
    expect(localStorage.getItem(IMPERSONATION_KEY)).toBeNull();
    expect(assign).toHaveBeenCalledWith('/admin/users');
  });

  it('Logout ends it too', async () => {
    renderAt('/dashboard');
    fireEvent.click(within(screen.getByTestId('sidebar')).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Front page')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(IMPERSONATION_KEY)).toBeNull());
    expect(assign).not.toHaveBeenCalled();
  });

  it('ends by itself when the token expires, with a message for the user list', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.clear();
    store(impersonationState({ expiresAt: new Date(Date.now() + 5_000).toISOString() }));
    renderAt('/dashboard');
    expect(await screen.findByTestId('impersonation-banner')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_100);
    });
    expect(assign).toHaveBeenCalledWith('/admin/users');
    expect(peekEndedNotice()).toBe(ENDED_NOTICE);
  });

  it('follows a start or stop made in another tab by reloading', async () => {
    renderAt('/dashboard');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: IMPERSONATION_KEY, newValue: null }));
    });
    expect(assign).toHaveBeenCalledWith('/admin/users');
  });
});

describe('a stored state that does not apply', () => {
  it("is dropped when it is another account's, and the admin is an admin again", async () => {
    store(impersonationState({ adminSub: 'someone-else' }));
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeTruthy();
    expect(screen.queryByTestId('impersonation-banner')).toBeNull();
    expect(localStorage.getItem(IMPERSONATION_KEY)).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('is dropped when expired, back on the user list with a message', async () => {
    store(impersonationState({ expiresAt: new Date(Date.now() - 1000).toISOString() }));
    renderAt('/dashboard');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/admin/users'));
    expect(screen.queryByTestId('impersonation-banner')).toBeNull();
    expect(localStorage.getItem(IMPERSONATION_KEY)).toBeNull();
    expect(peekEndedNotice()).toBe(ENDED_NOTICE);
  });

  it('is dropped after sign-out', async () => {
    store(impersonationState());
    fake.auth = { ...fake.auth, status: 'signedOut', sub: undefined, groups: [] };
    fake.me = undefined;
    renderAt('/login');
    expect(await screen.findByText('Login page')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(IMPERSONATION_KEY)).toBeNull());
    expect(screen.queryByTestId('impersonation-banner')).toBeNull();
  });
});
