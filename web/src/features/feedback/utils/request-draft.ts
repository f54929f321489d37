import { sessionNote } from '@/lib/session-note';
import type { ShareDetails } from './share-details';

/**
 * What the musician wrote in a paid request, kept in this tab while they are away paying: a cancelled or
 * declined payment brings them back to the same form, not an empty one. One draft per track and pro, the
 * newest first, a few at most; forgotten once the request is sent (or discarded).
 */
interface Draft {
  trackId: string;
  userId: string;
  details: ShareDetails;
}

const note = sessionNote('snip.request-drafts');
const MAX_DRAFTS = 5;

function drafts(): Draft[] {
  try {
    const list = JSON.parse(note.peek() ?? '[]') as unknown;
    return Array.isArray(list) ? (list as Draft[]).filter((d) => d && d.details && typeof d.trackId === 'string') : [];
  } catch {
    return [];
  }
}

const write = (list: Draft[]) => (list.length ? note.keep(JSON.stringify(list.slice(0, MAX_DRAFTS))) : note.forget());
const same = (d: Draft, trackId: string, userId: string) => d.trackId === trackId && d.userId === userId;

/** Keeps the request as it is about to be paid for. */
export function keepRequestDraft(details: ShareDetails): void {
  if (!details.user || !details.trackId) return;
  const draft = { trackId: details.trackId, userId: details.user.id, details };
  write([draft, ...drafts().filter((d) => !same(d, draft.trackId, draft.userId))]);
}

/**
 * The newest draft for what the form opens with: the pro and the track when both are given, else
 * whichever is, else the newest of all.
 */
export function findRequestDraft(open: { userId?: string | null; trackId?: string | null }): ShareDetails | null {
  const found = drafts().find((d) => (!open.userId || d.userId === open.userId) && (!open.trackId || d.trackId === open.trackId));
  return found?.details ?? null;
}

/** The request on this track to this pro was sent (or thrown away): its draft goes. */
export function forgetRequestDraft(trackId: string, userId: string): void {
  const list = drafts();
  const rest = list.filter((d) => !same(d, trackId, userId));
  if (rest.length !== list.length) write(rest);
}
