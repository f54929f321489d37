import { useInfiniteQuery } from '@tanstack/react-query';
import { api, type ApiInput, type ApiOutput } from './api';

/**
 * What the queries of the API's paged lists share: the first page is asked for without a cursor, each
 * next one with the `next` the last page gave (none: the list is complete). Spread into the query.
 */
export const cursorPages = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: { next?: string | null }) => last.next ?? undefined,
};

/** The cursor to send for a page: none for the first. */
export const cursorOf = (pageParam: string | undefined) => (pageParam ? { cursor: pageParam } : {});

/** The paged lists that are asked for with nothing but the cursor. */
type CursorRoute = 'listAudit' | 'listStuckRefunds' | 'listDisputes' | 'listDecidedDisputes';

/** One of those lists, a page at a time ('Load more' follows `next`). */
export function useCursorPages<N extends CursorRoute>(queryKey: readonly unknown[], route: N, options: { staleTime?: number } = {}) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => api(route, cursorOf(pageParam) as ApiInput<N>) as Promise<ApiOutput<N>>,
    ...cursorPages,
    ...options,
  });
}
