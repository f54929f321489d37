import { PROFILE_GENRES } from '@shared/genres';

/** How many genres a summary shows before '+N' (spec section 9). */
export const GENRES_SHOWN = 3;

/** The first genres of a list and how many more there are ('+N'). */
export function genreSummary(genres: readonly string[], max = GENRES_SHOWN): { shown: string[]; more: number } {
  return { shown: genres.slice(0, max), more: Math.max(0, genres.length - max) };
}

/**
 * The genre dialog's chips: the genres chosen when it opened (onboarding's sub-genres included, so that
 * they can be removed), then the rest of the profile's flat list.
 */
export function genreOptions(chosen: readonly string[]): string[] {
  return [...new Set([...chosen, ...PROFILE_GENRES.map((g) => g.label)])];
}
