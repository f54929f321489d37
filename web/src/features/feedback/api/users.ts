import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { USER_SEARCH } from '@shared/feedback';
import { api } from '@/lib/api';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { searchTerm, userSearchKey, type SearchType } from '@/features/feedback/utils/search';

/**
 * Users whose name or username starts with what was typed: only from 2 characters on, after a 300 ms
 * pause, answers kept 5 minutes per text and type. The caller is never among them (the API leaves them out).
 */
export function useUserSearch(q: string, type?: SearchType) {
  const term = searchTerm(useDebouncedValue(q, USER_SEARCH.debounceMs));
  const typing = searchTerm(q) !== term;
  const query = useQuery({
    queryKey: userSearchKey(term ?? '', type),
    queryFn: async () => (await api('searchUsers', { q: term!, ...(type ? { type } : {}) })).users,
    enabled: term !== null,
    staleTime: USER_SEARCH.cacheMs,
    gcTime: USER_SEARCH.cacheMs,
    placeholderData: keepPreviousData,
  });
  return { ...query, term, typing };
}
