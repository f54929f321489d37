import { useCursorPages } from '@/lib/pages';

export const prosQueryKey = ['users', 'pros'] as const;

/** Every pro but the signed-in user, for Choose Your Pro: by name, a page at a time ('Load more' follows `next`). */
export const usePros = () => useCursorPages(prosQueryKey, 'listPros');
