/** Re-checks: what one costs, and how its outcome reads. */
import type { RecheckOutcome } from './schemas/shares.js';

/**
 * What a re-check of a later version costs, in cents: half the reviewer's price (rounded to the cent),
 * or nothing when they re-check for free or charge nothing at all.
 */
export function recheckPriceOf(reviewer: { feedbackPriceCents?: number | null; freeRechecks?: boolean | null }): number {
  const price = reviewer.feedbackPriceCents ?? 0;
  return reviewer.freeRechecks || price <= 0 ? 0 : Math.round(price / 2);
}

/** '7 of 9 fixed' (points marked not applicable are not counted). */
export const outcomeText = (o: RecheckOutcome) => `${o.fixed} of ${o.total} fixed`;
