import { describe, expect, it } from 'vitest';
import { onboardingStep, resolveGate, type GateSession, type RouteKind } from '../../../web/src/app/routing-rules';
import { navItems } from '../../../web/src/app/layout/nav-items';
import { isNavHidden } from '../../../web/src/lib/paths';

const musician = { isAdmin: false, typeChosen: true, type: 'musician' as const, genres: ['House'], costRange: null, proApplication: null };
const pro = {
  isAdmin: false,
  typeChosen: true,
  type: 'pro' as const,
  genres: ['House'],
  costRange: { min: 50, max: 150 },
  proApplication: 'approved' as const,
};
const fresh = { isAdmin: false, typeChosen: false, type: 'musician' as const, genres: [], costRange: null, proApplication: null };
const admin = { isAdmin: true, typeChosen: false, type: 'admin' as const, genres: [], costRange: null, proApplication: null };

const signedIn = (
  user?: GateSession extends infer S ? (S extends { user?: infer U } ? U : never) : never,
  isAdmin = false,
): GateSession => ({
  status: 'signedIn',
  isAdmin,
  user,
});
const signedOut: GateSession = { status: 'signedOut' };

describe('onboardingStep', () => {
  it('sends a user without a type to type onboarding', () => {
    expect(onboardingStep(fresh)).toBe('/onboarding/type');
  });
  it('sends a musician without genres to musician onboarding', () => {
    expect(onboardingStep({ ...musician, genres: [] })).toBe('/onboarding/musician');
  });
  it('sends a musician who chose pro to the pro form, which sends the application', () => {
    expect(onboardingStep({ ...musician, genres: [], proApplication: 'draft' })).toBe('/onboarding/pro');
    // Once sent (genres saved with it), onboarding is complete while the application waits.
    expect(onboardingStep({ ...musician, proApplication: 'pending' })).toBeNull();
  });
  it('sends a pro missing genres or cost range to pro onboarding', () => {
    expect(onboardingStep({ ...pro, genres: [] })).toBe('/onboarding/pro');
    expect(onboardingStep({ ...pro, costRange: null })).toBe('/onboarding/pro');
  });
  it('needs nothing for onboarded users and admins', () => {
    expect(onboardingStep(musician)).toBeNull();
    expect(onboardingStep(pro)).toBeNull();
    expect(onboardingStep(admin)).toBeNull();
  });
});

describe('resolveGate without a user', () => {
  it.each<[RouteKind, string]>([
    ['user', '/dashboard'],
    ['onboarding', '/onboarding/type'],
    ['unknown', '/nope'],
  ])('%s %s goes to /login', (kind, path) => {
    expect(resolveGate(kind, path, signedOut)).toEqual({ action: 'redirect', to: '/login' });
  });
  it.each<[RouteKind, string, string, string]>([
    ['user', '/feedback/share-1', '', '/login?next=%2Ffeedback%2Fshare-1'],
    ['user', '/profile', '?tab=reviews', '/login?next=%2Fprofile%3Ftab%3Dreviews'],
    ['account', '/account', '', '/login?next=%2Faccount'],
    ['admin', '/admin/disputes', '', '/admin/login?next=%2Fadmin%2Fdisputes'],
  ])('%s %s%s goes to sign in and returns there: %s', (kind, path, search, to) => {
    expect(resolveGate(kind, path, signedOut, search)).toEqual({ action: 'redirect', to });
  });
  it('sends the admin home to /admin/login as it is', () => {
    expect(resolveGate('admin', '/admin/users', signedOut)).toEqual({ action: 'redirect', to: '/admin/login' });
  });
  it('renders the front page, the guest and open pages', () => {
    expect(resolveGate('landing', '/', signedOut)).toEqual({ action: 'render' });
    expect(resolveGate('guest', '/login', signedOut)).toEqual({ action: 'render' });
    expect(resolveGate('adminGuest', '/admin/login', signedOut)).toEqual({ action: 'render' });
    expect(resolveGate('open', '/reset-password', signedOut)).toEqual({ action: 'render' });
  });
  it('waits while the session loads, except on open pages', () => {
    expect(resolveGate('user', '/dashboard', { status: 'loading' })).toEqual({ action: 'loading' });
    expect(resolveGate('guest', '/login', { status: 'loading' })).toEqual({ action: 'loading' });
    expect(resolveGate('open', '/email-confirmation', { status: 'loading' })).toEqual({ action: 'render' });
  });
});

describe('resolveGate for signed-in users', () => {
  it('sends signed-in users away from login and sign-up', () => {
    expect(resolveGate('guest', '/login', signedIn(musician))).toEqual({ action: 'redirect', to: '/dashboard' });
    expect(resolveGate('guest', '/signup', signedIn(undefined))).toEqual({ action: 'redirect', to: '/dashboard' });
    expect(resolveGate('guest', '/login', signedIn(undefined, true))).toEqual({ action: 'redirect', to: '/admin/users' });
  });
  it('sends a sign-in on to the page it was asked to return to, a page of the app only', () => {
    expect(resolveGate('guest', '/login', signedIn(musician), '?next=%2Ffeedback%2Fshare-1')).toEqual({
      action: 'redirect',
      to: '/feedback/share-1',
    });
    expect(resolveGate('adminGuest', '/admin/login', signedIn(undefined, true), '?next=%2Fadmin%2Fdisputes')).toEqual({
      action: 'redirect',
      to: '/admin/disputes',
    });
    for (const next of ['https://evil.test/x', '//evil.test/x', '/\\evil.test', '/login', '/signup?x=1', '/', 'feedback/1', '/a b'])
      expect(resolveGate('guest', '/login', signedIn(musician), `?next=${encodeURIComponent(next)}`), next).toEqual({
        action: 'redirect',
        to: '/dashboard',
      });
  });
  it('sends unknown paths to the dashboard', () => {
    expect(resolveGate('unknown', '/whatever', signedIn(musician))).toEqual({ action: 'redirect', to: '/dashboard' });
  });
  it('sends an admin on a regular page to admin users', () => {
    expect(resolveGate('user', '/dashboard', signedIn(admin, true))).toEqual({ action: 'redirect', to: '/admin/users' });
    expect(resolveGate('user', '/profile', signedIn(undefined, true))).toEqual({ action: 'redirect', to: '/admin/users' });
    expect(resolveGate('onboarding', '/onboarding/type', signedIn(admin, true))).toEqual({
      action: 'redirect',
      to: '/admin/users',
    });
    // isAdmin known only from the account
    expect(resolveGate('user', '/dashboard', signedIn(admin, false))).toEqual({ action: 'redirect', to: '/admin/users' });
  });
  it('lets admins into admin pages and denies everyone else', () => {
    expect(resolveGate('admin', '/admin/users', signedIn(undefined, true))).toEqual({ action: 'render' });
    expect(resolveGate('admin', '/admin/users', signedIn(musician))).toEqual({ action: 'denied', to: '/dashboard' });
    expect(resolveGate('admin', '/admin/settings', signedIn(pro))).toEqual({ action: 'denied', to: '/dashboard' });
  });
  it('waits for the account on regular pages and reports a failure to load it', () => {
    expect(resolveGate('user', '/dashboard', signedIn(undefined))).toEqual({ action: 'loading' });
    expect(resolveGate('user', '/dashboard', { status: 'signedIn', isAdmin: false, userError: true })).toEqual({
      action: 'error',
    });
  });
  it('applies the onboarding gates on regular pages', () => {
    expect(resolveGate('user', '/dashboard', signedIn(fresh))).toEqual({ action: 'redirect', to: '/onboarding/type' });
    expect(resolveGate('user', '/profile', signedIn({ ...musician, genres: [] }))).toEqual({
      action: 'redirect',
      to: '/onboarding/musician',
    });
    expect(resolveGate('user', '/choose-pro', signedIn({ ...pro, costRange: null }))).toEqual({
      action: 'redirect',
      to: '/onboarding/pro',
    });
    expect(resolveGate('user', '/dashboard', signedIn(musician))).toEqual({ action: 'render' });
  });
  it('keeps onboarding on the step the user needs', () => {
    expect(resolveGate('onboarding', '/onboarding', signedIn(fresh))).toEqual({ action: 'redirect', to: '/onboarding/type' });
    expect(resolveGate('onboarding', '/onboarding/type', signedIn(fresh))).toEqual({ action: 'render' });
    expect(resolveGate('onboarding', '/onboarding/pro', signedIn({ ...musician, genres: [] }))).toEqual({
      action: 'redirect',
      to: '/onboarding/musician',
    });
    expect(resolveGate('onboarding', '/onboarding/musician', signedIn(musician))).toEqual({
      action: 'redirect',
      to: '/dashboard',
    });
  });
  it('opens the account page to everyone signed in: admins, and users still onboarding', () => {
    expect(resolveGate('account', '/account', signedIn(admin, true))).toEqual({ action: 'render' });
    expect(resolveGate('account', '/account', signedIn(fresh))).toEqual({ action: 'render' });
    expect(resolveGate('account', '/account', signedIn(musician))).toEqual({ action: 'render' });
    expect(resolveGate('account', '/account', signedIn(undefined))).toEqual({ action: 'loading' });
    expect(resolveGate('account', '/account', { status: 'signedIn', isAdmin: false, userError: true })).toEqual({ action: 'error' });
  });
  it('sends the landing page on to the user home', () => {
    expect(resolveGate('landing', '/', signedIn(musician))).toEqual({ action: 'redirect', to: '/dashboard' });
    expect(resolveGate('landing', '/', signedIn(admin, true))).toEqual({ action: 'redirect', to: '/admin/users' });
  });
});

describe('navigation', () => {
  it('gives each role its items', () => {
    expect(navItems('musician').map((i) => i.label)).toEqual(['Home', 'Choose Pro', 'Profile']);
    expect(navItems('pro').map((i) => i.label)).toEqual(['Home', 'Profile']);
    expect(navItems('admin').map((i) => i.label)).toEqual(['Users', 'Settings']);
    expect(navItems('admin').map((i) => i.to)).toEqual(['/admin/users', '/admin/settings']);
  });
  it('hides the bars on the routes the spec names', () => {
    for (const p of [
      '/',
      '/login',
      '/signup',
      '/forgot-password',
      '/reset-password',
      '/admin/login',
      '/email-confirmation',
      '/onboarding',
      '/onboarding/type',
      '/onboarding/pro/',
    ]) {
      expect(isNavHidden(p), p).toBe(true);
    }
    for (const p of ['/dashboard', '/profile', '/choose-pro', '/admin/users', '/settings', '/feedback/success']) {
      expect(isNavHidden(p), p).toBe(false);
    }
  });
});
