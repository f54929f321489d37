/** Dollars from integer cents, as the app shows prices: $30, $12.50. */
export function formatPrice(cents: number): string {
  const dollars = cents / 100;
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}

/** A pro's feedback price, or null when none is set (free). */
export function feedbackPrice(feedbackPriceCents: number | null | undefined): string | null {
  return typeof feedbackPriceCents === 'number' && feedbackPriceCents > 0 ? formatPrice(feedbackPriceCents) : null;
}
