import { useEffect, useSyncExternalStore } from 'react';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import {
  activeFor,
  clearImpersonation,
  endImpersonation,
  IMPERSONATION_KEY,
  isExpired,
  reloadAt,
  storedImpersonation,
  subscribeImpersonation,
  type ImpersonationState,
} from '@/features/impersonation/state';

/** The stored impersonation, whoever's it is (the admin's user list disables Impersonate while one exists). */
export function useStoredImpersonation(): ImpersonationState | null {
  return useSyncExternalStore(subscribeImpersonation, storedImpersonation, () => null);
}

/** The signed-in admin's impersonation, while one is active: the app then acts as that user. */
export function useImpersonation(): ImpersonationState | null {
  const { status, sub } = useAuth();
  const stored = useStoredImpersonation();
  return status === 'signedIn' ? activeFor(stored, sub) : null;
}

/**
 * useImpersonation, and keeps the stored state in line with the session (the routing gate runs it on
 * every page): a state that is not the signed-in admin's is dropped, as is one left after sign-out; one
 * that expires ends with a message on the admin's user list; a change made in another tab reloads this
 * one, since what it shows and has cached belongs to the other person.
 */
export function useImpersonationGuard(): ImpersonationState | null {
  const { status, sub } = useAuth();
  const stored = useStoredImpersonation();
  const active = status === 'signedIn' ? activeFor(stored, sub) : null;

  useEffect(() => {
    if (!stored || status === 'loading') return;
    if (status === 'signedOut' || stored.adminSub !== sub) clearImpersonation();
    else if (isExpired(stored)) endImpersonation();
  }, [stored, status, sub]);

  const expiresAt = active?.expiresAt;
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setTimeout(() => endImpersonation(), Math.max(0, Date.parse(expiresAt) - Date.now()));
    return () => clearTimeout(timer);
  }, [expiresAt]);

  useEffect(() => {
    if (status !== 'signedIn') return;
    const onStorage = (e: StorageEvent) => {
      // key null: the whole storage was cleared.
      if (e.key !== IMPERSONATION_KEY && e.key !== null) return;
      reloadAt(e.key && e.newValue ? paths.dashboard : paths.adminUsers);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [status]);

  return active;
}
