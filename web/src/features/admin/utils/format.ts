/** How the admin screens word users, money and the margin. */
import { formatCents } from '../../../lib/money';

export const MARGIN_INVALID = 'Please enter a valid percentage between 0 and 100';

export const displayName = (fullName: string) => fullName.trim() || 'No Name';
export const initialOf = (fullName: string, email: string) => (fullName.trim() || email).charAt(0).toUpperCase() || '?';
export const userCount = (n: number) => `${n} ${n === 1 ? 'user' : 'users'}`;
export const typeLabel = (type: 'musician' | 'pro' | 'admin') => ({ musician: 'Musician', pro: 'Pro', admin: 'Admin' })[type];

/** '$30.00 per feedback', or 'Free' when no price is set. */
export const priceLine = (cents: number | null) => (cents && cents > 0 ? `${formatCents(cents)} per feedback` : 'Free');

/** Cents as the editors' inputs show dollars: '30.00'. */
export const dollarsOf = (cents: number | null) => ((cents ?? 0) / 100).toFixed(2);

/** A dollar amount typed in an editor, or null when it is not a number of at least 0. */
export function parseDollars(value: string): number | null {
  if (!value.trim()) return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** '20.0%' from the stored fraction 0.2. */
export const marginPercent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;

/** The fraction to send for a typed percentage, or null when it is not a number from 0 to 100. */
export function marginFraction(value: string): number | null {
  if (!value.trim()) return null;
  const pct = Number(value);
  if (!Number.isFinite(pct) || pct < 0 || pct > 100) return null;
  return pct / 100;
}
