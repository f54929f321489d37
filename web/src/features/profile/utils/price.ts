import { FEEDBACK_TIERS } from '@shared/constants';

export const PRICE_TIERS = FEEDBACK_TIERS.map((t) => t.price);

/** The tier (in dollars) a stored price is on: 0 for none; null for a price an admin set off the tiers. */
export function tierOfPrice(feedbackPriceCents: number | null | undefined): number | null {
  if (!feedbackPriceCents) return 0;
  const dollars = feedbackPriceCents / 100;
  return (PRICE_TIERS as readonly number[]).includes(dollars) ? dollars : null;
}

/** 'Free' or '$15'. */
export const tierLabel = (dollars: number) => (dollars === 0 ? 'Free' : `$${dollars}`);
