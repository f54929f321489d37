// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

const amplify = vi.hoisted(() => ({ fetchAuthSession: vi.fn() }));
const amplifyReady = vi.hoisted(() => vi.fn(async () => amplify));
vi.mock('../../../web/src/lib/amplify-ready', () => ({ amplifyReady, whenAmplifyLoaded: () => () => undefined }));

import { getIdToken } from '../../../web/src/lib/api';
import { decodeClaims, EXPIRY_MARGIN_MS, hasStoredSession, storedTokens } from '../../../web/src/lib/stored-session';
import { storeSession, testRuntime, unsignedJwt } from './fixtures';

const KEY = 'CognitoIdentityServiceProvider.client.stored-user';

beforeEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
  testRuntime('local');
});

describe('the session Amplify stored, read without Amplify', () => {
  it("decodes a token's claims, UTF-8 included, and refuses what is not a JWT", () => {
    expect(decodeClaims(unsignedJwt({ sub: 'u1', name: 'Zoë Müller', exp: 5 }))).toEqual({ sub: 'u1', name: 'Zoë Müller', exp: 5 });
    expect(decodeClaims('not-a-jwt')).toBeNull();
    expect(decodeClaims('x.!!!.y')).toBeNull();
    expect(decodeClaims(`x.${Buffer.from('[1]').toString('base64url')}.y`)).toBeNull();
  });

  it('gives the ID token and its claims while both tokens are good beyond the margin', () => {
    expect(hasStoredSession()).toBe(false);
    expect(storedTokens()).toBeNull();
    const idToken = storeSession({ sub: 'u1', email: 'mia@example.test' }, 600);
    expect(hasStoredSession()).toBe(true);
    const stored = storedTokens();
    expect(stored).toMatchObject({ idToken, claims: { sub: 'u1', email: 'mia@example.test' } });
    // Good for 600 s: taken as expired within the margin of its end, and after it.
    expect(storedTokens(stored!.expiresAt - EXPIRY_MARGIN_MS - 1000)).not.toBeNull();
    expect(storedTokens(stored!.expiresAt - EXPIRY_MARGIN_MS + 1000)).toBeNull();
    // Another app client's session is not this one's.
    expect(storedTokens(Date.now(), 'other-client')).toBeNull();
  });

  it("applies Amplify's clock drift, and the earlier of the two tokens' ends", () => {
    storeSession({ sub: 'u1' }, 600);
    const now = Date.now();
    // This device's clock is 9.5 minutes behind the pool's (Amplify's drift: the pool's time less the device's).
    localStorage.setItem(`${KEY}.clockDrift`, String((600 - 30) * 1000));
    expect(storedTokens(now)).toBeNull();
    localStorage.setItem(`${KEY}.clockDrift`, '0');
    localStorage.setItem(`${KEY}.accessToken`, unsignedJwt({ sub: 'u1', exp: Math.floor(now / 1000) + 30 }));
    expect(storedTokens(now)).toBeNull();
    localStorage.removeItem(`${KEY}.accessToken`);
    expect(storedTokens(now)).toBeNull();
  });
});

describe("the API client's token", () => {
  it('is the stored one while good, without loading Amplify', async () => {
    const idToken = storeSession({ sub: 'u1' });
    expect(await getIdToken()).toBe(idToken);
    expect(amplifyReady).not.toHaveBeenCalled();
  });

  it("is Amplify's (which refreshes it) once the stored one is spent", async () => {
    storeSession({ sub: 'u1' }, 10);
    amplify.fetchAuthSession.mockResolvedValueOnce({ tokens: { idToken: { toString: () => 'refreshed' } } });
    expect(await getIdToken()).toBe('refreshed');
    expect(amplifyReady).toHaveBeenCalledTimes(1);
  });

  it('is none, and Amplify not loaded, when no session was stored', async () => {
    expect(await getIdToken()).toBeUndefined();
    expect(amplifyReady).not.toHaveBeenCalled();
  });
});

describe('the stored session, otherwise', () => {
  it('says when it expires even once spent, which keys are its, and is forgotten without touching other keys', async () => {
    const { clearStoredSession, isSessionKey, storedExpiry } = await import('../../../web/src/lib/stored-session');
    expect(storedExpiry()).toBeNull();
    storeSession({ sub: 'u1' }, 10);
    expect(storedTokens()).toBeNull();
    expect(storedExpiry()).toBeGreaterThan(Date.now());
    expect(isSessionKey(`${KEY}.idToken`)).toBe(true);
    expect(isSessionKey('CognitoIdentityServiceProvider.other-client.u.idToken')).toBe(false);
    expect(isSessionKey(null)).toBe(true); // storage cleared
    localStorage.setItem('theme', 'dark');
    clearStoredSession();
    expect(hasStoredSession()).toBe(false);
    expect(localStorage.getItem(`${KEY}.accessToken`)).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
  });
});
