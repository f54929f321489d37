import { sessionNote } from '@/lib/session-note';

export const PROFILE_SAVED = 'Profile saved';

// A save reloads the page (spec section 4), which would forget that it saved: the reloaded page is told here.
const note = sessionNote('snip.profile-saved');

/** Marks the save for the page that the reload brings. */
export const noteProfileSaved = (): void => note.keep('1');

/** Whether a save just reloaded the page: true once, then forgotten. */
export function takeProfileSaved(): boolean {
  if (note.peek() !== '1') return false;
  note.forget();
  return true;
}
