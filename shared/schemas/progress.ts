/** A musician's own progress (GET /users/me/progress): the figures of 'Your Journey to Pro'. */
import * as z from 'zod/mini';
import { CRITERION_KEYS } from '../feedback.js';

/** The months of averages the chart shows (the latest with reviews), and the categories it names. */
export const PROGRESS_MONTHS = 6;
export const PROGRESS_TOP_CATEGORIES = 5;

const average = z.nullable(z.number());
const averages = z.record(z.enum(CRITERION_KEYS), average);

export const progressView = z.object({
  tracks: z.number(),
  reviews: z.number(),
  /** Each criterion's average over every review received (null: never scored). */
  averages,
  /** Oldest first: 'YYYY-MM' and each criterion's average that month. */
  months: z.array(z.object({ month: z.string(), averages })),
  /** The category tags reviewers used most in their comments, most used first. */
  categories: z.array(z.object({ tag: z.string(), count: z.number() })),
});
export type ProgressView = z.infer<typeof progressView>;
