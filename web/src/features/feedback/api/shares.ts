/**
 * The requests as the lists and a request's page read them. What the participants do with a request (and
 * its audio) is in share-actions.ts, which loads with the request's body and the share dialog.
 */
import { useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import type { ShareStatus } from '@shared/feedback';
import { api, type ApiOutput } from '@/lib/api';
import { cursorOf, cursorPages } from '@/lib/pages';

export const sharesQueryKey = ['shares'] as const;
export const shareListKey = (as: 'author' | 'reviewer', statuses?: readonly ShareStatus[]) =>
  [...sharesQueryKey, as, statuses?.join(',') ?? 'all'] as const;
export const shareDetailKey = (id: string) => ['share', id] as const;

export type SharePage = ApiOutput<'listShares'>;

const flatten = (data: InfiniteData<SharePage>) => data.pages.flatMap((p) => p.shares);

/**
 * Shares the user made (author) or was asked to review (reviewer), newest first, a page at a time: `data`
 * is every share of the pages loaded, `fetchNextPage` ('Load more') adds the next, older ones.
 */
export function useShares(as: 'author' | 'reviewer', statuses?: readonly ShareStatus[]) {
  return useInfiniteQuery({
    queryKey: shareListKey(as, statuses),
    queryFn: ({ pageParam }) =>
      api('listShares', { as, ...(statuses?.length ? { status: statuses.join(',') } : {}), ...cursorOf(pageParam) }),
    ...cursorPages,
    select: flatten,
  });
}

type SharesQuery = ReturnType<typeof useShares>;

/** The date up to which a paged list is complete: the last share loaded, or everything while more may come. */
const loadedUntil = (q: SharesQuery) => (q.hasNextPage ? (q.data?.[q.data.length - 1]?.createdAt ?? '\uffff') : '');

/**
 * Both sides of a user's shares in one list, newest first: the requests they made and the ones made to
 * them (a musician can be asked for peer feedback too). Each side is paged on its own, so the list shows
 * only what both have loaded up to (a side with more pages may still hold newer shares than the other's
 * older ones): 'Load more' then only ever adds below, from the side that holds the rest back.
 */
export function useAllShares() {
  const made = useShares('author');
  const received = useShares('reviewer');
  const sides = [made, received];
  const until = sides.map(loadedUntil).reduce((a, b) => (b > a ? b : a), '');
  const data =
    made.data && received.data
      ? [...made.data, ...received.data].filter((s) => s.createdAt >= until).sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      : undefined;
  const failed = sides.find((q) => q.isFetchNextPageError);
  return {
    data,
    isPending: made.isPending || received.isPending,
    isError: made.isError || received.isError,
    error: made.error ?? received.error,
    refetch: () => Promise.all([made.refetch(), received.refetch()]),
    pages: {
      hasNextPage: made.hasNextPage || received.hasNextPage,
      isFetchingNextPage: made.isFetchingNextPage || received.isFetchingNextPage,
      isFetchNextPageError: Boolean(failed),
      error: failed?.error ?? null,
      fetchNextPage: () => Promise.all(sides.filter((q) => q.hasNextPage && loadedUntil(q) === until).map((q) => q.fetchNextPage())),
    },
  };
}

/** One share with its feedback, comments and ranking. */
export function useShareDetail(id: string, enabled = true) {
  return useQuery({
    queryKey: shareDetailKey(id),
    queryFn: () => api('getShare', { id }),
    enabled,
  });
}
