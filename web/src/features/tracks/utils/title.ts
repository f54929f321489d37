import { loadOnce } from '@/lib/load-once';

// The title's schema (the upload's, shared with the API) loads when a title is first checked, not with the dashboard.
export const loadTitleField = loadOnce(() => import('@shared/schemas/tracks').then((m) => m.titleField));

/** What is wrong with a track title, if anything: the rules of the upload and of a rename alike. */
export async function checkTitle(title: string): Promise<string | undefined> {
  try {
    const parsed = (await loadTitleField()).safeParse(title);
    return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'Track title is required');
  } catch {
    return 'The page could not load everything it needs. Check your connection and try again.';
  }
}
