/**
 * A reviewer's reputation, from what the product already holds: the ratings of their feedback, whether
 * they delivered in time, how long they took, how many reviews. Kept up to date as requests complete, are
 * rated or expire (functions/people/reputation.ts); shown on pro cards, the 'More about' panel and the
 * reviewer's line of a review; Choose Your Pro sorts by it.
 */

export const REPUTATION = {
  /** Fewer ratings than this: 'New', and sorted after the rated. */
  newBeforeRatings: 3,
  /** The on-time rate counts the requests due in this many days back. */
  onTimeDays: 90,
  /** The median turnaround is of this many latest reviews. */
  turnaroundsKept: 25,
} as const;

/** What a card shows (null figures: nothing to say yet). */
export interface ReputationFigures {
  /** Average rating of their feedback, to one decimal. */
  rating: number | null;
  ratings: number;
  /** Share of the last 90 days' requests delivered in time, 0..1. */
  onTimeRate: number | null;
  /** Median hours from request to review, of the latest reviews. */
  medianTurnaroundHours: number | null;
  completed: number;
}

export const isNew = (r: ReputationFigures) => r.ratings < REPUTATION.newBeforeRatings;

/** '4.7 from 23 ratings', or 'New' before 3 ratings. */
export const ratingText = (r: ReputationFigures) =>
  isNew(r) || r.rating === null ? 'New' : `${r.rating.toFixed(1)} from ${r.ratings} ${r.ratings === 1 ? 'rating' : 'ratings'}`;

/** 'On time 96%' (of the last 90 days). */
export const onTimeText = (r: ReputationFigures) => (r.onTimeRate === null ? null : `On time ${Math.round(r.onTimeRate * 100)}%`);

/** 'Usually 2 days' / 'Usually 5 h'. */
export function turnaroundText(r: ReputationFigures): string | null {
  const h = r.medianTurnaroundHours;
  if (h === null) return null;
  if (h < 24) return `Usually ${Math.max(1, Math.round(h))} h`;
  const days = Math.round(h / 24);
  return `Usually ${days} ${days === 1 ? 'day' : 'days'}`;
}

export const completedText = (r: ReputationFigures) => `${r.completed} ${r.completed === 1 ? 'review' : 'reviews'}`;

/** The price ranges Choose Your Pro filters by: at most this many cents (null: any price). */
export const PRICE_RANGES = [
  { value: 'any', label: 'Any price', maxCents: null },
  { value: 'free', label: 'Free', maxCents: 0 },
  { value: '15', label: 'Up to $15', maxCents: 1500 },
  { value: '30', label: 'Up to $30', maxCents: 3000 },
] as const;
export type PriceRange = (typeof PRICE_RANGES)[number]['value'];
export const PRICE_RANGE_VALUES = PRICE_RANGES.map((p) => p.value) as [PriceRange, ...PriceRange[]];

export const PRO_SORTS = [
  { value: 'name', label: 'Name' },
  { value: 'rating', label: 'Best rated' },
  { value: 'price', label: 'Lowest price' },
  { value: 'turnaround', label: 'Fastest' },
] as const;
export type ProSort = (typeof PRO_SORTS)[number]['value'];
export const PRO_SORT_VALUES = PRO_SORTS.map((s) => s.value) as [ProSort, ...ProSort[]];
