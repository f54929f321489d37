/** How a reviewer's comment was made, decided from what the server knows (shared/comment-made.ts). */
import { howMade, type Made } from '../../shared/comment-made.js';
import { referenceCitations } from '../tracks/index.js';
import type { ShareBundle } from './data/shares.js';
import { getTemplates } from './data/templates.js';

export interface MadeFrom {
  templates: string[];
  citations: string[];
}

/**
 * What a comment on the request may be made from, read beside the request (one round trip with it): the user's
 * templates, and the lines the request's reference tracks offer.
 */
export function madeFrom(userId: string, shareId: string): Promise<MadeFrom> {
  const read = Promise.all([getTemplates(userId), referenceCitations(shareId)]).then(([{ templates }, citations]) => ({
    templates: templates.map((t) => t.text),
    citations,
  }));
  read.catch(() => {}); // awaited for the reviewer's comment, or not at all when the request is refused first
  return read;
}

/** How the comment of `text` was made when its author is the request's reviewer; undefined for the musician's. */
export async function madeOf(
  bundle: ShareBundle,
  userId: string,
  input: { text: string; pasted?: boolean },
  from: Promise<MadeFrom>,
): Promise<Made | undefined> {
  if (userId !== bundle.share.sharedWithUserId) return undefined;
  return howMade(input.text, { ...(await from), suggestions: bundle.suggested ?? [], pasted: input.pasted });
}
