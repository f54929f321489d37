import { useInfiniteQuery } from '@tanstack/react-query';
import { api, type ApiOutput } from '@/lib/api';

export const prosQueryKey = ['users', 'pros'] as const;

/** Every pro but the signed-in user, for Choose Your Pro: by name, a page at a time ('Load more' follows `next`). */
export function usePros() {
  return useInfiniteQuery({
    queryKey: prosQueryKey,
    queryFn: ({ pageParam }) => api('listPros', pageParam ? { cursor: pageParam } : {}),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ApiOutput<'listPros'>) => last.next ?? undefined,
  });
}
