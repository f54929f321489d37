/** How a reviewer's comment was made, decided from what the server knows (shared/comment-made.ts). */
import { howMade, type Made } from '../../shared/comment-made.js';
import type { ShareBundle } from './data/shares.js';
import { getTemplates } from './data/templates.js';

/** The texts of the user's templates, read beside the request (one round trip with it). */
export function templateTexts(userId: string): Promise<string[]> {
  const read = getTemplates(userId).then(({ templates }) => templates.map((t) => t.text));
  read.catch(() => {}); // awaited for the reviewer's comment, or not at all when the request is refused first
  return read;
}

/** How the comment of `text` was made when its author is the request's reviewer; undefined for the musician's. */
export async function madeOf(
  bundle: ShareBundle,
  userId: string,
  input: { text: string; pasted?: boolean },
  templates: Promise<string[]>,
): Promise<Made | undefined> {
  if (userId !== bundle.share.sharedWithUserId) return undefined;
  return howMade(input.text, { templates: await templates, suggestions: bundle.suggested ?? [], pasted: input.pasted });
}
