/**
 * An admin's impersonation as the browser keeps it: the token the API issued, when it expires, whom it
 * acts as and which admin started it. It lives in localStorage so that it survives a reload, and is read
 * through one small store so that the routing gate, the banner, the navigation and the API client all
 * see the same value. Starting and stopping load a whole new page, so that nothing cached for one person
 * is ever shown as the other's.
 */
import { paths } from '@/lib/paths';
import { sessionNote } from '@/lib/session-note';
import { decodeClaims } from '@/lib/stored-session';

export const IMPERSONATION_KEY = 'snip.impersonation';
/** The message endImpersonation leaves for the admin's user list. */
const endedNotice = sessionNote('snip.impersonation.notice');

export const ENDED_NOTICE = 'Your impersonation has ended (it expired or was refused). You are back on your own account.';

export interface ImpersonatedUser {
  id: string;
  fullName: string;
  email: string;
  type: 'musician' | 'pro';
}

export interface ImpersonationState {
  token: string;
  /** ISO time; the API's token is refused after it. */
  expiresAt: string;
  user: ImpersonatedUser;
  /** The Cognito sub of the admin who started it: the token is good only with that admin's own token. */
  adminSub: string;
}

const isText = (v: unknown): v is string => typeof v === 'string';

/** A stored value, if it has the shape of a state; null for anything else. */
export function parseImpersonation(raw: string | null): ImpersonationState | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<ImpersonationState> | null;
    const u = v?.user as Partial<ImpersonatedUser> | undefined;
    if (
      !v ||
      !isText(v.token) ||
      !v.token ||
      !isText(v.expiresAt) ||
      !Number.isFinite(Date.parse(v.expiresAt)) ||
      !isText(v.adminSub) ||
      !v.adminSub
    )
      return null;
    if (!u || !isText(u.id) || !isText(u.fullName) || !isText(u.email) || (u.type !== 'musician' && u.type !== 'pro')) return null;
    return {
      token: v.token,
      expiresAt: v.expiresAt,
      adminSub: v.adminSub,
      user: { id: u.id, fullName: u.fullName, email: u.email, type: u.type },
    };
  } catch {
    return null;
  }
}

export const isExpired = (state: ImpersonationState, now = Date.now()) => Date.parse(state.expiresAt) <= now;

/** The state, if it belongs to the signed-in admin `sub` and has not expired. */
export function activeFor(state: ImpersonationState | null, sub: string | undefined, now = Date.now()): ImpersonationState | null {
  return state && sub && state.adminSub === sub && !isExpired(state, now) ? state : null;
}

/** The `sub` claim of a JWT (read, not verified: only to match a stored state to the signed-in admin). */
export function subOf(jwt: string): string | undefined {
  const sub = decodeClaims(jwt)?.sub;
  return typeof sub === 'string' ? sub : undefined;
}

// ---- The store ----

const listeners = new Set<() => void>();
let cache: { raw: string | null; state: ImpersonationState | null } = { raw: null, state: null };
/** Set once this page is on its way out (a full navigation started): it keeps showing what it showed. */
let leaving = false;

function readRaw(): string | null {
  try {
    return localStorage.getItem(IMPERSONATION_KEY);
  } catch {
    return null;
  }
}

/** The stored state (whoever it belongs to, expired or not). */
export function storedImpersonation(): ImpersonationState | null {
  if (leaving) return cache.state;
  const raw = readRaw();
  if (raw !== cache.raw) cache = { raw, state: parseImpersonation(raw) };
  return cache.state;
}

export function subscribeImpersonation(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const notify = () => {
  for (const l of listeners) l();
};

function write(state: ImpersonationState | null) {
  try {
    if (state) localStorage.setItem(IMPERSONATION_KEY, JSON.stringify(state));
    else localStorage.removeItem(IMPERSONATION_KEY);
  } catch {
    // Storage refused (private mode, full): the state simply does not outlive this page.
  }
}

/** Forgets the stored state (sign-out, or a state that is not the signed-in admin's). */
export function clearImpersonation(): void {
  if (readRaw() === null) return;
  write(null);
  notify();
}

/** How the page is left; tests replace it. */
export const navigation = {
  assign: (url: string) => window.location.assign(url),
};

/**
 * Changes the stored state and makes a full navigation: the next page starts with an empty cache, for
 * the person it then acts as. Until it unloads, this page (and its API calls) go on as they were.
 */
function leaveFor(url: string, change: () => void) {
  if (leaving) return;
  storedImpersonation();
  leaving = true;
  change();
  navigation.assign(url);
}

/** Reloads the app at `url` (another tab started or stopped an impersonation). */
export function reloadAt(url: string): void {
  leaveFor(url, () => {});
}

/** Stores what the API issued and opens the user's dashboard. */
export function beginImpersonation(state: ImpersonationState): void {
  leaveFor(paths.dashboard, () => write(state));
}

/** 'Stop Impersonating': back to the admin's user list. */
export function stopImpersonating(): void {
  leaveFor(paths.adminUsers, () => write(null));
}

/** The impersonation is over without the admin asking (expired, refused): back to the list, saying why. */
export function endImpersonation(notice = ENDED_NOTICE): void {
  leaveFor(paths.adminUsers, () => {
    write(null);
    // Without storage the list opens without the message.
    endedNotice.keep(notice);
  });
}

/** The message left by endImpersonation for the admin's user list, if any. */
export const peekEndedNotice = (): string | null => endedNotice.peek();

export const dismissEndedNotice = (): void => endedNotice.forget();

/** What the API client asks (see lib/api.ts): the token for calls made with the admin's own ID token. */
export const impersonationLink = {
  tokenFor(idToken: string): string | undefined {
    const state = storedImpersonation();
    // Sent even once expired: the API then answers impersonation_ended, rather than the call quietly
    // running as the admin on a page that shows the user.
    return state && subOf(idToken) === state.adminSub ? state.token : undefined;
  },
  onEnded(): void {
    endImpersonation();
  },
};

/** For tests: forget the cache and the leaving flag. */
export function resetImpersonationStore(): void {
  cache = { raw: null, state: null };
  leaving = false;
}
