/** Money as the app shows it; the formats are the server's too (shared/money.ts), so both always agree. */
import { formatPrice } from '@shared/money';

export { formatCents, formatPrice, PAID_REQUEST } from '@shared/money';

/** A pro's feedback price, or null when none is set (free). */
export function feedbackPrice(feedbackPriceCents: number | null | undefined): string | null {
  return typeof feedbackPriceCents === 'number' && feedbackPriceCents > 0 ? formatPrice(feedbackPriceCents) : null;
}
