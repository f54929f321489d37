import { USER_SEARCH } from '@shared/feedback';

export type SearchType = 'musician' | 'pro' | undefined;

/** The text actually searched for: trimmed; too short means no search at all. */
export function searchTerm(q: string): string | null {
  const term = q.trim();
  return term.length >= USER_SEARCH.minChars ? term : null;
}

/** One cache entry per search text (case-insensitive) and type filter. */
export function userSearchKey(term: string, type: SearchType) {
  return ['users', 'search', type ?? 'all', term.toLowerCase()] as const;
}

/** At most 2 genres per result. */
export function visibleGenres(genres: readonly string[]): string[] {
  return genres.slice(0, USER_SEARCH.maxGenres);
}
