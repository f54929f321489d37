import * as z from 'zod/mini';

/** A reviewer's reputation as cards and reviews show it (shared/reputation.ts). */
export const reputationView = z.object({
  rating: z.nullable(z.number()),
  ratings: z.int(),
  onTimeRate: z.nullable(z.number()),
  medianTurnaroundHours: z.nullable(z.number()),
  completed: z.int(),
});
export type ReputationView = z.infer<typeof reputationView>;
