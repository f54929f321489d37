/**
 * The quality floor a review must meet to be submitted (shared/review.ts lists it; the reviewer's form
 * shows the same list), the criteria the request asks for, and the check that a general comment was not copied from the reviewer's review of
 * another track.
 */
import {
  REPEATED_COMMENTS,
  REPEATED_REVIEW,
  REPEATED_SIMILARITY,
  reviewChecklist,
  unexplainedPoints,
  similarity,
  trigrams,
  wordCount,
} from '../../shared/review.js';
import type { ShareBundle } from './data/shares.js';
import { addReviewText, recentReviewTexts } from './data/review-texts.js';
import { getTemplates } from './data/templates.js';
import { BadRequest, Conflict } from '../lib/errors.js';
import { CRITERIA, criteriaAsked } from '../../shared/feedback.js';
import { count, log } from '../lib/observability.js';
import { heardOf } from './review-work.js';

/** Shorter general comments are not compared: 'Great track, well done.' may well be said twice. */
const COMPARED_FROM_WORDS = 10;
/**
 * Nor shorter comments on a moment: 'Vocal too loud in the chorus' may well be true of two tracks; a sentence
 * of ten words or more said again word for word is not a new hearing. A review keeps at most COMMENTS_KEPT.
 */
const COMMENT_COMPARED_FROM_WORDS = 10;
const COMMENTS_KEPT = 40;
const COMMENT_KEPT_CHARS = 600;

/**
 * Refuses a score for a criterion the request does not ask for (Vocals & Lyrics on an instrumental, or one
 * the reviewer marks as not applying): 400, naming it, so that what was said of the track holds.
 */
function assertAsked(share: ShareBundle['share'], criteria: Record<string, number>, notApplicable: readonly string[]) {
  const asked = criteriaAsked(share.shareOptions, notApplicable);
  const extra = CRITERIA.filter((c) => criteria[c.key] != null && !asked.includes(c));
  if (!extra.length) return;
  const why = extra.some((c) => notApplicable.includes(c.key))
    ? 'you marked it as not applying'
    : 'the musician said it is an instrumental';
  const message = `${extra.map((c) => c.label).join(' and ')} is not scored on this track: ${why}`;
  throw new BadRequest(message, { criteria: message });
}

/** Refuses a submission that misses the floor: 409 review_incomplete, `missing` naming each item as the form does. */
export function assertReviewComplete(
  bundle: ShareBundle,
  criteria: Record<string, number>,
  general: string,
  notApplicable: readonly string[] = [],
): void {
  const { share } = bundle;
  assertAsked(share, criteria, notApplicable);
  const items = reviewChecklist({
    paid: Boolean(share.payment),
    duration: share.trackDuration,
    criteria,
    comments: bundle.comments.filter((c) => c.userId === share.sharedWithUserId),
    general,
    heard: heardOf(bundle),
    asked: criteriaAsked(share.shareOptions, notApplicable),
    ...(share.recheckOf ? { recheck: { unexplained: unexplainedPoints(Object.values(bundle.checklist?.marks ?? {})) } } : {}),
  });
  const missing = items.filter((i) => !i.done);
  if (!missing.length) return;
  count('ReviewIncomplete');
  throw new Conflict(`Before submitting: ${missing.map((m) => m.label).join('; ')}.`, 'review_incomplete', {
    missing: missing.map((m) => m.key),
  });
}

type Texts = Awaited<ReturnType<typeof recentReviewTexts>>;
/** What a submission is compared with: the reviewer's recent reviews, and their comment templates (theirs to reuse). */
type Read = Promise<{ recent: Texts; templates: string[] }>;

/** The reviewer's recent reviews and templates, read ahead beside the share (one round trip with it). */
export const readReviewTexts = (userId: string): Read =>
  Promise.all([recentReviewTexts(userId), getTemplates(userId)]).then(([recent, { templates }]) => ({
    recent,
    templates: templates.map((t) => t.text),
  }));

/** The comments of a review that are compared and kept: those long enough, as written. */
const comparedComments = (comments: readonly string[]) =>
  comments.filter((c) => wordCount(c) >= COMMENT_COMPARED_FROM_WORDS).map((c) => c.slice(0, COMMENT_KEPT_CHARS));

const nearly = (a: Set<string>, texts: readonly string[]) => texts.some((t) => similarity(a, trigrams(t)) >= REPEATED_SIMILARITY);

/**
 * Refuses a review copied from the reviewer's review of another track: its general comment nearly identical
 * (word trigrams) to one they submitted on another request, or any of its comments nearly identical to a
 * comment of theirs there, unless it is one of their own templates (which they keep to reuse).
 */
export async function assertNotRepeated(shareId: string, general: string, comments: readonly string[], read: Read): Promise<void> {
  const { recent, templates } = await read;
  const others = recent.texts.filter((t) => t.shareId !== shareId);
  if (
    wordCount(general) >= COMPARED_FROM_WORDS &&
    nearly(
      trigrams(general),
      others.map((t) => t.text),
    )
  ) {
    count('ReviewRepeated');
    throw new Conflict(REPEATED_REVIEW, 'review_repeated');
  }
  const earlier = others.flatMap((t) => [t.text, ...(t.comments ?? [])]);
  const copied = comparedComments(comments).filter((c) => {
    const mine = trigrams(c);
    return nearly(mine, earlier) && !nearly(mine, templates);
  });
  if (copied.length) {
    count('ReviewRepeated');
    throw new Conflict(REPEATED_COMMENTS, 'review_repeated', { comments: copied.map((c) => c.slice(0, 80)) });
  }
}

/** Keeps a submitted review's general comment and comments for later comparisons; a failure only weakens the next check, so it is logged. */
export async function rememberReviewText(
  userId: string,
  shareId: string,
  general: string,
  comments: readonly string[],
  read: Read,
): Promise<void> {
  const kept = { shareId, text: general, comments: comparedComments(comments).slice(0, COMMENTS_KEPT) };
  if (wordCount(general) < COMPARED_FROM_WORDS && !kept.comments.length) return;
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      const texts = attempt === 0 ? (await read).recent : await recentReviewTexts(userId);
      if (await addReviewText(userId, kept, texts)) return;
    }
  } catch (err) {
    log.error('Review text not kept for comparison', err, { userId, shareId });
  }
}
