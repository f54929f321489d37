/** The route constants of the spec, shared with the server (links in e-mails). */
export { paths } from '@shared/paths';

/** Routes on which neither the sidebar nor the bottom bar is shown (spec section 2). */
const BARE_ROUTES = new Set(['/', '/login', '/signup', '/forgot-password', '/reset-password', '/admin/login', '/email-confirmation']);

export function isNavHidden(pathname: string): boolean {
  const p = normalizePath(pathname);
  return BARE_ROUTES.has(p) || p === '/onboarding' || p.startsWith('/onboarding/');
}

/** Drops a trailing slash (except for the root). */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}
