import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ADMIN_GROUP } from '../../../shared/constants';
import { Alert } from '../components/alert';
import { Button } from '../components/button';
import { LoadingScreen } from '../components/loading-screen';
import { useAuth, useMe } from '../lib/auth';
import { errorMessage } from '../lib/errors';
import { normalizePath, paths } from '../lib/paths';
import { resolveGate, type GateSession, type RouteKind } from './routing-rules';

/** How long 'Access Denied' stays before the dashboard. */
const ACCESS_DENIED_MS = 2000;

/** Applies the routing rules to the routes below it. */
export function Gate({ kind }: { kind: RouteKind }) {
  const auth = useAuth();
  const me = useMe();
  const { pathname } = useLocation();

  const session: GateSession =
    auth.status === 'signedIn'
      ? { status: 'signedIn', isAdmin: auth.groups.includes(ADMIN_GROUP), user: me.data, userError: me.isError }
      : { status: auth.status };
  const result = resolveGate(kind, normalizePath(pathname), session);

  switch (result.action) {
    case 'render':
      return <Outlet />;
    case 'loading':
      return <LoadingScreen />;
    case 'redirect':
      return <Navigate to={result.to} replace />;
    case 'denied':
      return <AccessDenied to={result.to} />;
    case 'error':
      return <AccountLoadError message={errorMessage(me.error, 'Failed to load your account.')} onRetry={() => void me.refetch()} />;
  }
}

/** Shown to a non-admin on an admin page, before going to the dashboard. */
export function AccessDenied({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(to, { replace: true }), ACCESS_DENIED_MS);
    return () => clearTimeout(timer);
  }, [navigate, to]);
  return (
    <div className="center-screen" data-testid="access-denied">
      <div className="notice-card">
        <h1 className="page-title">Access Denied</h1>
        <p className="muted">You don't have permission to view this page. Taking you to your dashboard...</p>
        <Button onClick={() => navigate(to, { replace: true })}>Go to Dashboard</Button>
      </div>
    </div>
  );
}

function AccountLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const auth = useAuth();
  const navigate = useNavigate();
  return (
    <div className="center-screen" data-testid="account-error">
      <div className="notice-card">
        <h1 className="page-title">We couldn't load your account</h1>
        <Alert tone="error">{message}</Alert>
        <div className="button-row">
          <Button onClick={onRetry}>Try again</Button>
          <Button
            variant="ghost"
            onClick={async () => {
              await auth.logout();
              navigate(paths.login, { replace: true });
            }}
          >
            Logout
          </Button>
        </div>
      </div>
    </div>
  );
}
