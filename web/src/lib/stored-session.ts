/**
 * The tokens Amplify stored on this device, read without Amplify: a returning user's first screen needs only
 * a valid ID token, so Amplify (about 23 KB gzip) loads when a token must be refreshed, at sign-out, or for a
 * form that talks to Cognito, not before the dashboard shows. The keys are Amplify's
 * (`CognitoIdentityServiceProvider.<client id>.<user>.<kind>`); Amplify stays their only writer.
 */
import { getRuntimeConfig } from './runtime-config';

/** A JWT's claims, as the app reads them (the server verifies the signature). */
export type TokenClaims = Record<string, unknown> & { exp?: number; sub?: string; email?: string };

export interface StoredTokens {
  idToken: string;
  claims: TokenClaims;
  /** When the first of the two tokens expires (ms since the epoch, on this device's clock). */
  expiresAt: number;
}

/**
 * Taken as expired this long before they are: Amplify refreshes 5 s before, so a token read here is never one
 * Amplify is about to replace, and a call made with it is not refused on its way.
 */
export const EXPIRY_MARGIN_MS = 60_000;

const PREFIX = 'CognitoIdentityServiceProvider';

/** A JWT's payload (base64url JSON, UTF-8: names with accents), or null when it is not one. */
export function decodeClaims(jwt: string): TokenClaims | null {
  const part = jwt.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage blocked: Amplify finds out what it can
  }
}

/** Whether Amplify stored a session on this device (it may have expired). */
export function hasStoredSession(clientId = getRuntimeConfig().userPoolClientId): boolean {
  return !!read(`${PREFIX}.${clientId}.LastAuthUser`);
}

/** The stored ID token with its claims and when the tokens expire, good or not; null without both tokens. */
function readStored(clientId: string): StoredTokens | null {
  const user = read(`${PREFIX}.${clientId}.LastAuthUser`);
  if (!user) return null;
  const key = (kind: string) => `${PREFIX}.${clientId}.${user}.${kind}`;
  const idToken = read(key('idToken'));
  const accessToken = read(key('accessToken'));
  if (!idToken || !accessToken) return null;
  const claims = decodeClaims(idToken);
  const access = decodeClaims(accessToken);
  if (typeof claims?.exp !== 'number' || typeof access?.exp !== 'number') return null;
  // Amplify's drift is the pool's clock less this device's: a token expires here `drift` ms before its `exp`.
  const drift = Number.parseInt(read(key('clockDrift')) ?? '0', 10) || 0;
  return { idToken, claims, expiresAt: Math.min(claims.exp, access.exp) * 1000 - drift };
}

/**
 * The stored ID token with its claims while both stored tokens are good for more than `EXPIRY_MARGIN_MS`
 * (Amplify's clock drift applied, as Amplify applies it); null otherwise: Amplify's session decides.
 */
export function storedTokens(now = Date.now(), clientId = getRuntimeConfig().userPoolClientId): StoredTokens | null {
  const stored = readStored(clientId);
  return stored && stored.expiresAt - EXPIRY_MARGIN_MS > now ? stored : null;
}

/** When the stored tokens expire on this device's clock (past or not); null when none are stored. */
export const storedExpiry = (clientId = getRuntimeConfig().userPoolClientId): number | null => readStored(clientId)?.expiresAt ?? null;

/** Whether a storage key is one of this app client's session (another tab signing in or out changes them). */
export const isSessionKey = (key: string | null, clientId = getRuntimeConfig().userPoolClientId): boolean =>
  key === null || key.startsWith(`${PREFIX}.${clientId}.`);

/**
 * Forgets the stored session without Amplify: for a sign-out when Amplify cannot be loaded (offline, say),
 * so that the next visit does not find the user still signed in. The refresh token is not revoked then.
 */
export function clearStoredSession(clientId = getRuntimeConfig().userPoolClientId): void {
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const key = localStorage.key(i);
      if (key?.startsWith(`${PREFIX}.${clientId}.`)) localStorage.removeItem(key);
    }
  } catch {
    // Storage blocked: nothing was stored either.
  }
}
