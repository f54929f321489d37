import { Suspense, useCallback, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ErrorBoundary } from '@/components/error-boundary';
import { LoadingScreen } from '@/components/loading-screen';
import { useEmailSync } from '@/features/account/hooks/use-email-sync';
import { useImpersonation } from '@/features/impersonation/hooks/use-impersonation';
import { isAdminSession, useAuth, useMe } from '@/lib/auth';
import { isNavHidden, paths } from '@/lib/paths';
import { BottomBar, Sidebar } from './nav';
import { navItems, type NavRole } from './nav-items';

const COLLAPSED_KEY = 'snip.sidebar.collapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The signed-in frame: sidebar (wide screens) or bottom bar (small screens) around the page. */
export function AppLayout() {
  const auth = useAuth();
  const { data: me } = useMe();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const impersonation = useImpersonation();
  useEmailSync(Boolean(impersonation));

  const toggle = useCallback(() => {
    setCollapsed((c) => {
      try {
        localStorage.setItem(COLLAPSED_KEY, c ? '0' : '1');
      } catch {
        // Private mode: the state is simply not remembered.
      }
      return !c;
    });
  }, []);

  // Logout also ends an impersonation (the gate drops it once signed out): the next sign-in starts as the admin.
  const logout = useCallback(() => auth.logout(() => navigate(paths.landing, { replace: true })), [auth, navigate]);

  // While impersonating, the navigation is the user's.
  const role: NavRole = !impersonation && isAdminSession(auth, me) ? 'admin' : me?.type === 'musician' ? 'musician' : 'pro';
  const items = navItems(role);
  const showNav = !isNavHidden(pathname);

  return (
    <div className={`app-shell${showNav ? ' has-nav' : ''}${collapsed ? ' is-collapsed' : ''}`}>
      {showNav && (
        <Sidebar
          items={items}
          collapsed={collapsed}
          onToggle={toggle}
          onLogout={logout}
          userName={me?.fullName || auth.email}
          userRole={role}
        />
      )}
      <main className="app-main" id="main">
        {/* A page that fails leaves the navigation in place, to go on elsewhere. */}
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      {showNav && <BottomBar items={items} onLogout={logout} />}
    </div>
  );
}
