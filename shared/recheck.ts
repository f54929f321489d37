/** What a request for feedback costs (a re-check among them), and how a re-check's outcome reads. */
import type { RecheckOutcome } from './schemas/shares.js';

/**
 * What a re-check of a later version costs, in cents: half the reviewer's price (rounded to the cent),
 * or nothing when they re-check for free or charge nothing at all.
 */
export function recheckPriceOf(reviewer: { feedbackPriceCents?: number | null; freeRechecks?: boolean | null }): number {
  const price = reviewer.feedbackPriceCents ?? 0;
  return reviewer.freeRechecks || price <= 0 ? 0 : Math.round(price / 2);
}

/**
 * What a request for feedback costs, in cents, first request or re-check: a pro's price (a re-check at its
 * re-check price), and nothing from anyone else. The one price rule of free and paid requests alike.
 */
export function requestPriceOf(
  reviewer: { type: string; feedbackPriceCents?: number | null; freeRechecks?: boolean | null },
  isRecheck: boolean,
): number {
  if (reviewer.type !== 'pro') return 0;
  return isRecheck ? recheckPriceOf(reviewer) : Math.max(0, reviewer.feedbackPriceCents ?? 0);
}

/** '7 of 9 fixed' (points marked not applicable are not counted). */
export const outcomeText = (o: RecheckOutcome) => `${o.fixed} of ${o.total} fixed`;
