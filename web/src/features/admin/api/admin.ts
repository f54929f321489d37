import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { AdminUserView } from '@shared/schemas/admin';
import { api, type ApiOutput } from '@/lib/api';
import { cursorOf, cursorPages, useCursorPages } from '@/lib/pages';

export type UserTypeFilter = 'all' | 'pro' | 'musician';
type UserPage = ApiOutput<'listUsers'>;

export const adminUsersKey = ['admin', 'users'] as const;
export const adminSettingsKey = ['admin', 'settings'] as const;

/** The user list for a type and search text, a page at a time ('Load more' follows `next`). */
export function useAdminUsers(type: UserTypeFilter, q: string) {
  return useInfiniteQuery({
    queryKey: [...adminUsersKey, type, q],
    queryFn: ({ pageParam }) => api('listUsers', { type, ...(q ? { q } : {}), ...cursorOf(pageParam) }),
    ...cursorPages,
    // The old list stays up while a new filter or search loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

/** Writes what the server now says about one user into every cached list, so the row updates in place. */
export function patchUser(client: QueryClient, id: string, patch: Partial<AdminUserView>) {
  client.setQueriesData<InfiniteData<UserPage>>({ queryKey: adminUsersKey }, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, users: p.users.map((u) => (u.id === id ? { ...u, ...patch } : u)) })) } : data,
  );
}

export function useSetUserType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; type: 'musician' | 'pro' }) => api('setUserType', input),
    // A new type moves the user between filters and changes the counts: the list is read again.
    onSuccess: () => client.invalidateQueries({ queryKey: adminUsersKey }),
  });
}

export function useSetFeedbackPrice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; price: number }) => api('setFeedbackPrice', input),
    onSuccess: (user) => patchUser(client, user.id, user),
  });
}

export function useAdjustBalance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; balance: number; expectedBalanceCents: number; reason: string }) => api('adjustBalance', input),
    onSuccess: (user) => patchUser(client, user.id, user),
  });
}

export function useAdminSettings() {
  return useQuery({ queryKey: adminSettingsKey, queryFn: () => api('getSettings') });
}

export function useUpdateMargin() {
  const client = useQueryClient();
  return useMutation({
    // With when the margin shown was saved: another admin's save meanwhile is refused, not undone.
    mutationFn: ({ margin, expectedUpdatedAt }: { margin: number; expectedUpdatedAt: string | null }) =>
      api('updateMargin', { margin, expectedUpdatedAt }),
    onSuccess: (settings) => client.setQueryData(adminSettingsKey, settings),
    // Refused as stale: show the margin as it now is.
    onError: () => void client.invalidateQueries({ queryKey: adminSettingsKey }),
  });
}

export const adminApplicationsKey = ['admin', 'applications'] as const;
export const adminAuditKey = ['admin', 'audit'] as const;

/** The pending applications to become a pro, oldest first as the API pages them ('Load more' follows `next`). */
export function usePendingApplications() {
  return useInfiniteQuery({
    queryKey: [...adminApplicationsKey, 'pending'],
    queryFn: ({ pageParam }) => api('listApplications', { status: 'pending', ...cursorOf(pageParam) }),
    ...cursorPages,
    // Another admin may have decided some meanwhile: read again whenever the page opens.
    staleTime: 0,
  });
}

export type Decision = { id: string; decision: 'approve'; worldClass?: string } | { id: string; decision: 'decline'; reason: string };

/**
 * Approves or declines; either way (or when someone decided first) the queue and the user list are read
 * again, and the returned promise settles once the queue has been (the decided application is gone).
 */
export function useDecideApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Decision) => api('decideApplication', input),
    // Not awaited: the caller shows its message before the reloaded list drops the decided item.
    onSettled: () => {
      void client.invalidateQueries({ queryKey: adminApplicationsKey });
      void client.invalidateQueries({ queryKey: adminUsersKey });
    },
  });
}

/** The impersonation audit, newest first, a page at a time. */
export const useImpersonationAudit = () => useCursorPages(adminAuditKey, 'listAudit', { staleTime: 0 });

/** Holds a pro's payouts (with a reason) or releases them; the row shows the hold at once. */
export function useSetWorldClass() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; vetted: boolean; reason: string }) => api('setWorldClass', input),
    onSuccess: (user) => patchUser(client, user.id, { worldClass: user.worldClass }),
  });
}

export function useHoldPayouts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; held: boolean; reason: string }) => api('holdPayouts', input),
    onSuccess: (account, input) => patchUser(client, input.id, { payoutsHeld: account.held }),
  });
}
