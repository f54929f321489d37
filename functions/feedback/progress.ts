/**
 * 'Your Journey to Pro': a musician's own figures. Reviews are added to their progress item as each one
 * completes (feedback/data/progress.ts), so this is two reads at once, however many tracks and reviews there are.
 */
import { CRITERION_KEYS, FEEDBACK_CATEGORY_TAGS, type CriterionKey } from '../../shared/feedback.js';
import { PROGRESS_MONTHS, PROGRESS_TOP_CATEGORIES, type ProgressView } from '../../shared/schemas/progress.js';
import { addReviewItem, getProgress } from './data/progress.js';
import { countTracks } from '../tracks/data/index.js';

type Averages = Record<CriterionKey, number | null>;

/** The write that adds a completed review (its scores, its reviewer's comments' tags) to the musician's progress. */
export function reviewReceived(
  musicianId: string,
  review: { createdAt: string; criteria: Record<string, number>; comments: readonly { tags: readonly string[] }[] },
) {
  const known = new Set<string>(CRITERION_KEYS);
  const tags = new Set<string>(FEEDBACK_CATEGORY_TAGS);
  return addReviewItem(musicianId, {
    month: review.createdAt.slice(0, 7),
    criteria: Object.fromEntries(Object.entries(review.criteria).filter(([k]) => known.has(k))),
    tags: review.comments.flatMap((c) => c.tags.filter((t) => tags.has(t))),
  });
}

/** One decimal, as the stars show it. */
const round = (n: number) => Math.round(n * 10) / 10;

/** The figures as the panel shows them, from the progress item's attributes. */
export function toProgressView(figures: Record<string, number>, tracks: number): ProgressView {
  const sums = new Map<string, { sum: number; n: number }>();
  const months = new Set<string>();
  const categories: { tag: string; count: number }[] = [];
  for (const [name, value] of Object.entries(figures)) {
    const scored = /^(sum|n)_(\d{4}-\d{2})_(\w+)$/.exec(name);
    if (scored) {
      const [, kind, month, criterion] = scored;
      months.add(month);
      for (const k of [`${month}_${criterion}`, `all_${criterion}`]) {
        const entry = sums.get(k) ?? { sum: 0, n: 0 };
        if (kind === 'sum') entry.sum += value;
        else entry.n += value;
        sums.set(k, entry);
      }
    } else if (name.startsWith('tag_') && value > 0) categories.push({ tag: name.slice(4), count: value });
  }
  const averagesOf = (prefix: string) =>
    Object.fromEntries(
      CRITERION_KEYS.map((k) => {
        const e = sums.get(`${prefix}_${k}`);
        return [k, e && e.n > 0 ? round(e.sum / e.n) : null];
      }),
    ) as Averages;
  return {
    tracks,
    reviews: figures.reviews ?? 0,
    averages: averagesOf('all'),
    months: [...months]
      .sort()
      .slice(-PROGRESS_MONTHS)
      .map((month) => ({ month, averages: averagesOf(month) })),
    categories: categories.sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag)).slice(0, PROGRESS_TOP_CATEGORIES),
  };
}

export async function progressOf(userId: string): Promise<ProgressView> {
  const [figures, tracks] = await Promise.all([getProgress(userId), countTracks(userId)]);
  return toProgressView(figures, tracks);
}
