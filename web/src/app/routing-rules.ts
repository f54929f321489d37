import { normalizePath, paths } from '@/lib/paths';
import type { UserView } from '@shared/schemas/users';

/**
 * The kinds of route of spec section 2:
 * - landing: `/`, the front page for visitors; sends users on to their home
 * - guest: login, sign-up, forgot password (signed-in users are sent away)
 * - adminGuest: admin login
 * - open: reset password and e-mail confirmation (reachable from e-mail links in any state)
 * - onboarding: the onboarding steps
 * - user: the app's regular pages
 * - account: the account page, for every signed-in user, admins and users still onboarding too
 * - admin: the admin pages
 * - unknown: any other path
 */
export type RouteKind = 'landing' | 'guest' | 'adminGuest' | 'open' | 'onboarding' | 'user' | 'account' | 'admin' | 'unknown';

export type GateSession =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | {
      status: 'signedIn';
      /** From the ID token's groups, known before the account is loaded. */
      isAdmin: boolean;
      /** The account; undefined while it loads. */
      user?: Pick<UserView, 'isAdmin' | 'typeChosen' | 'type' | 'genres' | 'costRange' | 'proApplication'>;
      /** Loading the account failed. */
      userError?: boolean;
    };

export type GateResult =
  | { action: 'render' }
  | { action: 'loading' }
  | { action: 'error' }
  | { action: 'redirect'; to: string }
  /** Show 'Access Denied', then go to `to`. */
  | { action: 'denied'; to: string };

/** The onboarding step the user still has to do, or null when onboarding is complete. */
export function onboardingStep(
  user: Pick<UserView, 'isAdmin' | 'typeChosen' | 'type' | 'genres' | 'costRange' | 'proApplication'>,
): string | null {
  if (user.isAdmin || user.type === 'admin') return null;
  if (!user.typeChosen) return paths.onboardingType;
  // Chose 'pro' and has not sent the application yet: the pro onboarding form sends it.
  if (user.type === 'musician' && user.proApplication === 'draft' && user.genres.length === 0) return paths.onboardingPro;
  if (user.type === 'musician' && user.genres.length === 0) return paths.onboardingMusician;
  if (user.type === 'pro' && (user.genres.length === 0 || !user.costRange)) return paths.onboardingPro;
  return null;
}

/** Where a signed-in user belongs when a page does not apply to them. */
export function homePath(isAdmin: boolean): string {
  return isAdmin ? paths.adminUsers : paths.dashboard;
}

/** The sign-in pages' query parameter naming the page a sign-in returns to (`/login?next=%2Ffeedback%2F...`). */
export const RETURN_PARAM = 'next';

/**
 * `login`, returning to `at` once signed in: a page of the app other than the homes (a link from an e-mail
 * to a request, say), which the sign-in would otherwise lose.
 */
function signInFor(login: string, kind: RouteKind, at: string): string {
  const path = at.split('?')[0];
  if ((kind !== 'user' && kind !== 'account' && kind !== 'admin') || path === homePath(kind === 'admin')) return login;
  return `${login}?${RETURN_PARAM}=${encodeURIComponent(at)}`;
}

/**
 * The page a sign-in returns to, from a sign-in page's query (`search`): a path of this app, never another
 * site's address (`//host`, `/\\host`, a scheme), nor a page for signed-out visitors; null when there is none.
 */
export function returnPath(search: string): string | null {
  const next = new URLSearchParams(search).get(RETURN_PARAM);
  if (!next || !next.startsWith('/') || next.startsWith('//') || /[\\\s]/.test(next)) return null;
  const path = normalizePath(next.split(/[?#]/)[0]);
  return SIGNED_OUT_PAGES.has(path) ? null : next;
}

/** The pages a sign-in never returns to: they are for signed-out visitors. */
const SIGNED_OUT_PAGES = new Set<string>([
  paths.landing,
  paths.login,
  paths.signup,
  paths.forgotPassword,
  paths.resetPassword,
  paths.adminLogin,
  paths.emailConfirmation,
]);

/**
 * Decides what a route shows for the current session (spec section 2, routing rules). `search` is the
 * address's query: a signed-out visitor sent to sign in keeps the page asked for in it, and returns there.
 */
export function resolveGate(kind: RouteKind, pathname: string, session: GateSession, search = ''): GateResult {
  if (kind === 'open') return { action: 'render' };
  if (session.status === 'loading') return { action: 'loading' };

  if (session.status === 'signedOut') {
    switch (kind) {
      case 'guest':
      case 'adminGuest':
      case 'landing':
        return { action: 'render' };
      case 'admin':
        return { action: 'redirect', to: signInFor(paths.adminLogin, kind, pathname + search) };
      default:
        return { action: 'redirect', to: signInFor(paths.login, kind, pathname + search) };
    }
  }

  const isAdmin = session.isAdmin || !!session.user?.isAdmin;
  switch (kind) {
    case 'guest':
    case 'adminGuest':
      return { action: 'redirect', to: returnPath(search) ?? homePath(isAdmin) };
    case 'landing':
      return { action: 'redirect', to: homePath(isAdmin) };
    case 'unknown':
      return { action: 'redirect', to: paths.dashboard };
    case 'admin':
      return isAdmin ? { action: 'render' } : { action: 'denied', to: paths.dashboard };
    case 'account':
      if (isAdmin || session.user) return { action: 'render' };
      return session.userError ? { action: 'error' } : { action: 'loading' };
  }

  // user and onboarding routes
  if (isAdmin) return { action: 'redirect', to: paths.adminUsers };
  if (!session.user) return session.userError ? { action: 'error' } : { action: 'loading' };
  const step = onboardingStep(session.user);
  if (kind === 'onboarding') {
    if (!step) return { action: 'redirect', to: paths.dashboard };
    return pathname === step ? { action: 'render' } : { action: 'redirect', to: step };
  }
  return step ? { action: 'redirect', to: step } : { action: 'render' };
}
