import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { PriceRange, ProSort } from '@shared/reputation';
import type { DirectoryTier } from '@shared/tiers';
import { api } from '@/lib/api';
import { cursorOf, cursorPages } from '@/lib/pages';

export const prosQueryKey = ['users', 'pros'] as const;

/** What Choose Your Pro asks for: a genre, a price range, a tier and an order (the defaults: every genre, any price and tier, by name). */
export interface ProFilters {
  genre?: string;
  price?: PriceRange;
  tier?: DirectoryTier;
  sort?: ProSort;
}

/** The filters as the API takes them: the defaults left out, so the plain list is one query whatever was cleared. */
const asInput = (f: ProFilters) => ({
  ...(f.genre ? { genre: f.genre } : {}),
  ...(f.price && f.price !== 'any' ? { price: f.price } : {}),
  ...(f.tier && f.tier !== 'any' ? { tier: f.tier } : {}),
  ...(f.sort && f.sort !== 'name' ? { sort: f.sort } : {}),
});

/**
 * Every pro but the signed-in user, for Choose Your Pro, filtered and ordered on the server, a page at a
 * time ('Load more' follows `next`). A change of filters keeps the pros shown until the new list arrives.
 */
export function usePros(filters: ProFilters = {}) {
  const input = asInput(filters);
  return useInfiniteQuery({
    queryKey: [...prosQueryKey, input],
    queryFn: ({ pageParam }) => api('listPros', { ...input, ...cursorOf(pageParam) }),
    ...cursorPages,
    placeholderData: keepPreviousData,
  });
}
