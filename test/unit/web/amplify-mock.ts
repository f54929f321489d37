/**
 * The web's unit tests' stand-in for Amplify: its auth functions (`aws-amplify/auth`, Cognito) and the
 * app's API client, which calls the API with Amplify's tokens (web/src/lib/api). A test file hands either
 * module over to this one, and drives the fakes it imports from here:
 *
 *   vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));
 *   vi.mock('aws-amplify/auth', () => import('./amplify-mock').then((m) => m.amplifyAuth));
 *   import { apiMock, amplifyAuth } from './amplify-mock';
 *
 * Each test file has its own copy (Vitest isolates files), so the fakes never leak from one to another.
 */
import { vi } from 'vitest';

export { ApiError } from '../../../web/src/lib/api-client';

/** The API client (`api`): called with a route's name and its input; a test gives it what to answer. */
export const apiMock = vi.fn();
/** @alias The name the module under test imports. */
export const api = apiMock;
/** The client whose requests outlive the page (`apiOnLeave`): what a page sends as it goes away. */
export const apiOnLeaveMock = vi.fn<(...args: unknown[]) => Promise<unknown>>(async () => undefined);
/** @alias The name the module under test imports. */
export const apiOnLeave = apiOnLeaveMock;

/** The app links the impersonation feature to the client: nothing to link to here. */
export const linkImpersonation = () => undefined;

/** Amplify's auth functions, as the auth forms and the API client call them. */
export const amplifyAuth = {
  signIn: vi.fn(),
  signOut: vi.fn(async () => {}),
  signUp: vi.fn(),
  confirmSignUp: vi.fn(),
  resendSignUpCode: vi.fn(),
  resetPassword: vi.fn(),
  confirmResetPassword: vi.fn(),
  fetchAuthSession: vi.fn(),
  confirmSignIn: vi.fn(),
  fetchMFAPreference: vi.fn(),
  setUpTOTP: vi.fn(),
  verifyTOTPSetup: vi.fn(),
  updateMFAPreference: vi.fn(),
};

/**
 * Amplify's loader (web/src/lib/amplify-ready), ready at once with the fakes above, for a test that needs
 * no real configuration:
 *
 *   vi.mock('../../../web/src/lib/amplify-ready', () => import('./amplify-mock').then((m) => m.amplifyLoader));
 */
export const amplifyLoader = {
  amplifyReady: async () => amplifyAuth,
  withAmplify: <T>(call: () => Promise<T>) => call(),
  whenAmplifyLoaded: () => () => undefined,
  preloadAmplify: () => undefined,
};

/** Reads the session again after a sign-in: signed in. */
export const refresh = vi.fn(async () => ({ status: 'signedIn', groups: [] }));

/**
 * The session module (web/src/lib/auth and lib/auth-context) for the sign-in screens: nobody signed in.
 *
 *   vi.mock('../../../web/src/lib/auth', () => import('./amplify-mock').then((m) => m.signedOut));
 */
export const signedOut = {
  useAuth: () => ({ status: 'signedOut', groups: [], refresh, logout: vi.fn() }),
};

/** How the fake API answers one route: from the call's input. */
type RouteAnswer = (input: Record<string, unknown>) => unknown;

/**
 * Has the fake API answer by route name (afresh: what it answered and was asked before is forgotten);
 * a route not listed fails the call with 'unexpected <name>'.
 */
export function answerRoutes(routes: Record<string, RouteAnswer>) {
  apiMock.mockReset();
  apiMock.mockImplementation(async (name: string, input: Record<string, unknown> = {}) => {
    const answer = routes[name];
    if (!answer) throw new Error(`unexpected ${name}`);
    return answer(input);
  });
}

/** Has the fake API hold every answer until the test gives it: the returned function settles the calls. */
export function holdAnswers() {
  let settle: (value: unknown) => void = () => {};
  apiMock.mockImplementation(() => new Promise((resolve) => (settle = resolve)));
  return (value: unknown) => settle(value);
}
