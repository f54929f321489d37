import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ADMIN_GROUP } from '@shared/constants';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { LoadingScreen } from '@/components/loading-screen';
import { useImpersonationGuard } from '@/features/impersonation/hooks/use-impersonation';
import { impersonationLink, type ImpersonationState } from '@/features/impersonation/state';
import { linkImpersonation } from '@/lib/api';
import { useAuth, useMe } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { normalizePath, paths } from '@/lib/paths';
import { onDemand, useOnDemand } from '@/lib/on-demand';
import { prefetchRouteData } from './route-data';
import { resolveGate, type GateSession, type RouteKind } from './routing-rules';

// While the admin impersonates someone, every API call carries the impersonation token.
linkImpersonation(impersonationLink);

// The banner's code loads only while an admin impersonates someone (nobody else ever sees it).
const banner = onDemand(() => import('@/features/impersonation/components/impersonation-banner').then((m) => m.ImpersonationBanner));

function ImpersonationBannerOnDemand({ state }: { state: ImpersonationState }) {
  const Banner = useOnDemand(banner, true).value;
  return Banner ? <Banner state={state} /> : null;
}

/** How long 'Access Denied' stays before the dashboard. */
const ACCESS_DENIED_MS = 2000;

/**
 * Applies the routing rules to the routes below it. While an admin impersonates a user the session is
 * that user's (not an admin's: the API answers as the user too), and the banner tops every page.
 */
export function Gate({ kind }: { kind: RouteKind }) {
  const auth = useAuth();
  const me = useMe();
  const { pathname, search } = useLocation();
  const impersonation = useImpersonationGuard();
  const path = normalizePath(pathname);
  // Admins land elsewhere: only a user's own routes are worth asking for early.
  const early = auth.status === 'signedIn' && !auth.groups.includes(ADMIN_GROUP) && !me.data;
  useEffect(() => {
    if (early) prefetchRouteData(path);
  }, [early, path]);

  const session: GateSession =
    auth.status === 'signedIn'
      ? { status: 'signedIn', isAdmin: !impersonation && auth.groups.includes(ADMIN_GROUP), user: me.data, userError: me.isError }
      : { status: auth.status };
  const result = resolveGate(kind, path, session, search);

  let page: ReactNode;
  switch (result.action) {
    case 'render':
      page = <Outlet />;
      break;
    case 'loading':
      page = <LoadingScreen />;
      break;
    case 'redirect':
      return <Navigate to={result.to} replace />;
    case 'denied':
      page = <AccessDenied to={result.to} />;
      break;
    case 'error':
      page = <AccountLoadError message={errorMessage(me.error, 'Failed to load your account.')} onRetry={() => void me.refetch()} />;
      break;
  }
  return (
    <>
      {impersonation && <ImpersonationBannerOnDemand state={impersonation} />}
      {page}
    </>
  );
}

/** Shown to a non-admin on an admin page, before going to the dashboard. */
export function AccessDenied({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(to, { replace: true }), ACCESS_DENIED_MS);
    return () => clearTimeout(timer);
  }, [navigate, to]);
  return (
    <main className="center-screen" data-testid="access-denied">
      <div className="notice-card">
        <h1 className="page-title">Access Denied</h1>
        <p className="muted">You don't have permission to view this page. Taking you to your dashboard...</p>
        <Button onClick={() => navigate(to, { replace: true })}>Go to Dashboard</Button>
      </div>
    </main>
  );
}

function AccountLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const auth = useAuth();
  const navigate = useNavigate();
  return (
    <main className="center-screen" data-testid="account-error">
      <div className="notice-card">
        <h1 className="page-title">We couldn't load your account</h1>
        <Alert tone="error">{message}</Alert>
        <div className="button-row">
          <Button onClick={onRetry}>Try again</Button>
          <Button variant="ghost" onClick={() => void auth.logout(() => navigate(paths.landing, { replace: true }))}>
            Logout
          </Button>
        </div>
      </div>
    </main>
  );
}
