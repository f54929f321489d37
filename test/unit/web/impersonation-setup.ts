/** A clean slate for the tests that impersonate: storage, the impersonation store, and the page's navigation. */
import { afterEach, beforeEach, vi } from 'vitest';
import { navigation, resetImpersonationStore, type ImpersonationState } from '../../../web/src/features/impersonation/state';

/**
 * Before each test: storage empty, no impersonation, and the full navigations the feature makes recorded
 * by the returned mock instead of made; after it, navigation as it was.
 */
export function recordNavigation() {
  const assign = vi.fn<(url: string) => void>();
  const real = navigation.assign;
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    resetImpersonationStore();
    assign.mockReset();
    navigation.assign = assign;
  });
  afterEach(() => {
    navigation.assign = real;
  });
  return assign;
}

/** The admin who impersonates: their Cognito sub. */
export const ADMIN_SUB = 'admin-sub-1';

/** What the app stores while that admin acts as Mia, for the next 30 minutes unless `over` says otherwise. */
export const impersonationState = (over: Partial<ImpersonationState> = {}): ImpersonationState => ({
  token: 'imp1.payload.sig',
  expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  user: { id: 'mia', fullName: 'Mia Musician', email: 'mia@example.test', type: 'musician' },
  adminSub: ADMIN_SUB,
  ...over,
});
