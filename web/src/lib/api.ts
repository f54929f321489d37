import { IMPERSONATION_HEADER } from '@shared/api/route';
import { amplifyReady } from './amplify-ready';
import { createApiClient } from './api-client';
import { getRuntimeConfig } from './runtime-config';
import { hasStoredSession, storedTokens } from './stored-session';
import { recordApiCall } from './telemetry/client';

export type { ApiInput, ApiOutput } from './api-client';
export { ApiError } from './api-client';

/**
 * The signed-in user's Cognito ID token, if any: as stored while it is good, else from Amplify (which
 * refreshes it); none without a stored session, and then no Amplify either.
 */
export async function getIdToken(): Promise<string | undefined> {
  const stored = storedTokens();
  if (stored) return stored.idToken;
  if (!hasStoredSession()) return undefined;
  try {
    const session = await (await amplifyReady()).fetchAuthSession();
    return session.tokens?.idToken?.toString();
  } catch {
    return undefined;
  }
}

/**
 * What the API client needs to know about an admin's impersonation (the app links the impersonation
 * feature here): the token to send beside a given Cognito ID token, and what to do when the API says
 * the impersonation is over.
 */
export interface ImpersonationLink {
  /** The impersonation token to send with a call made with this ID token, if its admin is impersonating. */
  tokenFor(idToken: string): string | undefined;
  /** The API refused the impersonation (expired, or the caller is no longer an admin). */
  onEnded(): void;
}

let impersonation: ImpersonationLink | null = null;

export function linkImpersonation(link: ImpersonationLink | null): void {
  impersonation = link;
}

/** Answers that end an impersonation: the token expired or is refused, or the admin lost the group. */
const ENDING_CODES = new Set(['impersonation_ended', 'impersonation_forbidden']);

/**
 * fetch, plus the impersonation token in its header while the signed-in admin impersonates someone:
 * the admin's own token still goes in Authorization, and the server acts as the user.
 */
async function send(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  const idToken = headers.get('authorization')?.replace(/^Bearer\s+/i, '');
  const token = idToken ? impersonation?.tokenFor(idToken) : undefined;
  if (!token) return fetch(input, init);
  headers.set(IMPERSONATION_HEADER, token);
  const res = await fetch(input, { ...init, headers });
  if (res.status === 401 || res.status === 403) {
    const code = await res
      .clone()
      .json()
      .then((body: { error?: { code?: unknown } }) => body?.error?.code)
      .catch(() => undefined);
    if (typeof code === 'string' && ENDING_CODES.has(code)) impersonation?.onEnded();
  }
  return res;
}

const clientOptions = { baseUrl: () => getRuntimeConfig().apiUrl, getToken: getIdToken, fetch: send, onCall: recordApiCall };

/** The app's API client: the route table's routes, called with the signed-in user's Cognito ID token. */
export const api = createApiClient(clientOptions);

/**
 * The same client for what a page sends as it goes away (a tab closed, the app left for another): its
 * requests outlive the page. Small bodies only: a browser keeps at most 64 KB of them in flight.
 */
export const apiOnLeave = createApiClient({ ...clientOptions, keepalive: true });
