/**
 * Money math of the spec (section 9): amounts are integer cents, the payment currency is USD with capture
 * intent, and a pro earns the price times (1 minus the platform margin), the margin being a fraction 0..1.
 */
export const CURRENCY = 'USD';

/** The margin when the configuration row has none yet (the demo's value, docs/deploy.md). */
export const DEFAULT_MARGIN = 0.2;

/**
 * A paid request must be accepted within `acceptHours` of payment, and completed within the response time
 * the pro promises on their profile ('Within 3 days'), counted from acceptance: `defaultCompleteDays` when
 * they promise none. Both are kept on the request when it is paid, so a later profile change moves nothing.
 */
export const PAID_REQUEST = { acceptHours: 48, defaultCompleteDays: 7 } as const;

/**
 * An earning is held this long after its review is delivered (the musician's window to report it, as
 * DISPUTE_WINDOW_DAYS in shared/review.ts), then available to withdraw; a pro withdraws at least
 * MIN_PAYOUT_CENTS at a time, and a changed payout address waits PAYOUT_ADDRESS_PAUSE_HOURS first.
 */
export const EARNING_HOLD_DAYS = 7;
export const MIN_PAYOUT_CENTS = 1000;
export const PAYOUT_ADDRESS_PAUSE_HOURS = 24;

/** The days a pro's response time promises ('Within 10 days': 10). */
export function completeDaysFor(responseTime: string | null | undefined): number {
  const days = Number(/(\d+) days?/.exec(responseTime ?? '')?.[1]);
  return Number.isInteger(days) && days > 0 ? days : PAID_REQUEST.defaultCompleteDays;
}

/** Margins are whole millionths: the admin's editor gives tenths of a percent, so this loses nothing. */
const MARGIN_SCALE = 1_000_000;

/**
 * How a price splits between the pro and the platform. One rule: the earning is price x (1 - margin)
 * rounded half up to the cent, computed in integers (floating point puts 1075 x 0.94 = 1010.5 at
 * 1010.4999...), and the fee is what is left, so the two always add up to the price.
 */
export function splitPrice(priceCents: number, margin: number): { earningCents: number; feeCents: number } {
  if (!Number.isSafeInteger(priceCents) || priceCents < 0) throw new Error(`Not an amount in cents: ${priceCents}`);
  if (!(margin >= 0 && margin <= 1)) throw new Error(`Not a margin: ${margin}`);
  const keep = BigInt(MARGIN_SCALE - Math.round(margin * MARGIN_SCALE));
  const scale = BigInt(MARGIN_SCALE);
  // floor((price x keep + scale / 2) / scale): half a cent and more goes up.
  const earningCents = Number((BigInt(priceCents) * keep + scale / 2n) / scale);
  return { earningCents, feeCents: priceCents - earningCents };
}

/** '$30.00': how the product shows an amount. */
export const formatCents = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`;

/** '$30' for whole dollars, else '$12.50': how a price reads in a sentence. */
export const formatPrice = (cents: number) => `$${(cents / 100).toFixed(cents % 100 ? 2 : 0)}`;

/** The decimal string payment providers take ('30.00'), and back. */
export const decimalAmount = (cents: number) => (cents / 100).toFixed(2);
export function centsOfDecimal(value: string): number {
  if (!/^\d+(\.\d{1,2})?$/.test(value)) throw new Error(`Not a decimal amount: ${value}`);
  const [whole, frac = ''] = value.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}
