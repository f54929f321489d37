/** Money as the app shows it; the formats are the server's too (shared/money.ts), so both always agree. */
import { FEEDBACK_TIERS } from '@shared/constants';
import { formatPrice } from '@shared/money';

export { formatCents, formatPrice, PAID_REQUEST } from '@shared/money';

/** A pro's feedback price, or null when none is set (free). */
export function feedbackPrice(feedbackPriceCents: number | null | undefined): string | null {
  return typeof feedbackPriceCents === 'number' && feedbackPriceCents > 0 ? formatPrice(feedbackPriceCents) : null;
}

/**
 * The name of the feedback tier a pro's price puts them in ('Snip Pro' at $15, 'Free peer feedback' with no
 * price), from the one list of tiers; null for a price an admin set off the tiers, which no tier names.
 */
export function feedbackTierName(feedbackPriceCents: number | null | undefined): string | null {
  const dollars = (feedbackPriceCents ?? 0) / 100;
  return FEEDBACK_TIERS.find((t) => t.price === dollars)?.label ?? null;
}
