// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { api, linkImpersonation } from '../../../web/src/lib/api';
import {
  activeFor,
  beginImpersonation,
  clearImpersonation,
  dismissEndedNotice,
  endImpersonation,
  ENDED_NOTICE,
  IMPERSONATION_KEY,
  impersonationLink,
  parseImpersonation,
  peekEndedNotice,
  stopImpersonating,
  storedImpersonation,
  subOf,
  subscribeImpersonation,
} from '../../../web/src/features/impersonation/state';
import { storeSession, testRuntime, unsignedJwt } from './fixtures';
import { ADMIN_SUB, impersonationState, recordNavigation } from './impersonation-setup';

/** An unsigned JWT with these claims (the client reads `sub` only to match the stored admin). */
const jwt = unsignedJwt;

const ADMIN = ADMIN_SUB;
const state = impersonationState;

/** Who is signed in: their ID token, stored as Amplify stores it (the API client reads it from there). */
const session = { idToken: undefined as string | undefined };
const assign = recordNavigation();

afterEach(() => {
  linkImpersonation(null);
  vi.unstubAllGlobals();
});

describe('the stored state', () => {
  it('reads only a well-formed state', () => {
    const s = state();
    expect(parseImpersonation(JSON.stringify(s))).toEqual(s);
    expect(parseImpersonation(null)).toBeNull();
    expect(parseImpersonation('not json')).toBeNull();
    expect(parseImpersonation(JSON.stringify({ ...s, token: '' }))).toBeNull();
    expect(parseImpersonation(JSON.stringify({ ...s, expiresAt: 'soon' }))).toBeNull();
    expect(parseImpersonation(JSON.stringify({ ...s, user: { ...s.user, type: 'admin' } }))).toBeNull();
    expect(parseImpersonation(JSON.stringify({ ...s, adminSub: undefined }))).toBeNull();
  });

  it('is active only for the admin who started it and until it expires', () => {
    const s = state();
    expect(activeFor(s, ADMIN)).toBe(s);
    expect(activeFor(s, 'someone-else')).toBeNull();
    expect(activeFor(s, undefined)).toBeNull();
    expect(activeFor(s, ADMIN, Date.parse(s.expiresAt))).toBeNull();
    expect(activeFor(null, ADMIN)).toBeNull();
  });

  it('reads the sub of a JWT, and nothing from anything else', () => {
    expect(subOf(jwt({ sub: ADMIN, name: 'Zoë' }))).toBe(ADMIN);
    expect(subOf('garbage')).toBeUndefined();
    expect(subOf('a.%%%.c')).toBeUndefined();
  });

  it('keeps one snapshot per stored value and tells subscribers when it is cleared', () => {
    localStorage.setItem(IMPERSONATION_KEY, JSON.stringify(state()));
    const first = storedImpersonation();
    expect(first?.user.fullName).toBe('Mia Musician');
    expect(storedImpersonation()).toBe(first);
    const listener = vi.fn();
    const unsubscribe = subscribeImpersonation(listener);
    clearImpersonation();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(storedImpersonation()).toBeNull();
    expect(localStorage.getItem(IMPERSONATION_KEY)).toBeNull();
    unsubscribe();
  });
});

describe('starting, stopping and ending', () => {
  it('start stores the state and makes a full navigation to the dashboard; the page keeps what it showed', () => {
    expect(storedImpersonation()).toBeNull();
    beginImpersonation(state());
    expect(JSON.parse(localStorage.getItem(IMPERSONATION_KEY)!).user.email).toBe('mia@example.test');
    expect(assign).toHaveBeenCalledWith('/dashboard');
    // Until it unloads, this (admin) page neither shows the user nor sends the token.
    expect(storedImpersonation()).toBeNull();
    expect(impersonationLink.tokenFor(jwt({ sub: ADMIN }))).toBeUndefined();
  });

  it('stop removes it and goes to the admin user list, once', () => {
    localStorage.setItem(IMPERSONATION_KEY, JSON.stringify(state()));
    stopImpersonating();
    stopImpersonating();
    expect(localStorage.getItem(IMPERSONATION_KEY)).toBeNull();
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/admin/users');
    expect(peekEndedNotice()).toBeNull();
  });

  it('an ending the admin did not ask for leaves a message for the user list', () => {
    localStorage.setItem(IMPERSONATION_KEY, JSON.stringify(state()));
    endImpersonation();
    expect(localStorage.getItem(IMPERSONATION_KEY)).toBeNull();
    expect(assign).toHaveBeenCalledWith('/admin/users');
    expect(peekEndedNotice()).toBe(ENDED_NOTICE);
    dismissEndedNotice();
    expect(peekEndedNotice()).toBeNull();
  });
});

describe('the API client while impersonating', () => {
  const calls: { url: string; headers: Headers }[] = [];
  let answer: () => Response;

  beforeEach(() => {
    calls.length = 0;
    answer = () => new Response(JSON.stringify({ id: 'mia' }), { status: 200, headers: { 'content-type': 'application/json' } });
    testRuntime('local');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, headers: new Headers(init?.headers) });
        return answer();
      }),
    );
    linkImpersonation(impersonationLink);
  });

  it("sends the token beside the admin's own token, only for the admin who started it", async () => {
    session.idToken = storeSession({ sub: ADMIN });
    await api('getMe');
    expect(calls[0].headers.get('authorization')).toBe(`Bearer ${session.idToken}`);
    expect(calls[0].headers.get('x-impersonation-token')).toBeNull();

    localStorage.setItem(IMPERSONATION_KEY, JSON.stringify(state()));
    await api('getMe');
    expect(calls[1].headers.get('authorization')).toBe(`Bearer ${session.idToken}`);
    expect(calls[1].headers.get('x-impersonation-token')).toBe('imp1.payload.sig');

    session.idToken = storeSession({ sub: 'another-user' });
    await api('getMe');
    expect(calls[2].headers.get('x-impersonation-token')).toBeNull();
  });

  it('a 401 impersonation_ended ends it: back to the user list with a message', async () => {
    session.idToken = storeSession({ sub: ADMIN });
    localStorage.setItem(IMPERSONATION_KEY, JSON.stringify(state()));
    answer = () =>
      new Response(JSON.stringify({ error: { code: 'impersonation_ended', message: 'Your impersonation has ended.' } }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    await expect(api('getMe')).rejects.toMatchObject({ status: 401, code: 'impersonation_ended' });
    expect(localStorage.getItem(IMPERSONATION_KEY)).toBeNull();
    expect(assign).toHaveBeenCalledWith('/admin/users');
    expect(peekEndedNotice()).toBe(ENDED_NOTICE);
  });

  it('other refusals (no money while impersonating) leave it as it is', async () => {
    session.idToken = storeSession({ sub: ADMIN });
    localStorage.setItem(IMPERSONATION_KEY, JSON.stringify(state()));
    answer = () =>
      new Response(
        JSON.stringify({
          error: { code: 'impersonation_no_money', message: 'Payments, plans and refunds are not available while impersonating.' },
        }),
        { status: 403, headers: { 'content-type': 'application/json' } },
      );
    await expect(api('createPortalSession')).rejects.toMatchObject({
      status: 403,
      message: 'Payments, plans and refunds are not available while impersonating.',
    });
    expect(localStorage.getItem(IMPERSONATION_KEY)).not.toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });
});
