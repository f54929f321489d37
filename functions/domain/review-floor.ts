/**
 * The quality floor a review must meet to be submitted (shared/review.ts lists it; the reviewer's form
 * shows the same list), and the check that a general comment was not copied from the reviewer's review of
 * another track.
 */
import { REPEATED_REVIEW, REPEATED_SIMILARITY, reviewChecklist, similarity, trigrams, wordCount } from '../../shared/review.js';
import type { ShareBundle } from '../data/shares.js';
import { addReviewText, recentReviewTexts } from '../data/review-texts.js';
import { Conflict } from '../lib/errors.js';
import { count, log } from '../lib/observability.js';
import { heardOf } from './review-work.js';

/** Shorter general comments are not compared: 'Great track, well done.' may well be said twice. */
const COMPARED_FROM_WORDS = 10;

/** Refuses a submission that misses the floor: 409 review_incomplete, `missing` naming each item as the form does. */
export function assertReviewComplete(bundle: ShareBundle, criteria: Record<string, number>, general: string): void {
  const { share } = bundle;
  const items = reviewChecklist({
    paid: Boolean(share.payment),
    duration: share.trackDuration,
    criteria,
    comments: bundle.comments.filter((c) => c.userId === share.sharedWithUserId),
    general,
    heard: heardOf(bundle),
  });
  const missing = items.filter((i) => !i.done);
  if (!missing.length) return;
  count('ReviewIncomplete');
  throw new Conflict(`Before submitting: ${missing.map((m) => m.label).join('; ')}.`, 'review_incomplete', {
    missing: missing.map((m) => m.key),
  });
}

type Texts = Awaited<ReturnType<typeof recentReviewTexts>>;

/** The reviewer's recent general comments, read ahead beside the share when this one is long enough to compare (else null). */
export const readReviewTexts = (userId: string, general: string): Promise<Texts> | null =>
  wordCount(general) < COMPARED_FROM_WORDS ? null : recentReviewTexts(userId);

/** Refuses a general comment nearly identical (word trigrams) to one the reviewer submitted on another request. */
export async function assertNotRepeated(shareId: string, general: string, read: Promise<Texts> | null): Promise<void> {
  if (!read) return;
  const mine = trigrams(general);
  const { texts } = await read;
  if (texts.some((t) => t.shareId !== shareId && similarity(mine, trigrams(t.text)) >= REPEATED_SIMILARITY)) {
    count('ReviewRepeated');
    throw new Conflict(REPEATED_REVIEW, 'review_repeated');
  }
}

/** Keeps a submitted general comment for later comparisons; a failure only weakens the next check, so it is logged. */
export async function rememberReviewText(userId: string, shareId: string, general: string, read: Promise<Texts> | null): Promise<void> {
  if (!read) return;
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      const texts = attempt === 0 ? await read : await recentReviewTexts(userId);
      if (await addReviewText(userId, { shareId, text: general }, texts)) return;
    }
  } catch (err) {
    log.error('Review text not kept for comparison', err, { userId, shareId });
  }
}
