/** Billing periods as Stripe counts them, and amounts, intervals and dates as its hosted pages show them. */
import type { Interval, PriceRec } from './records.js';

export function addInterval(ts: number, interval: Interval, count: number): number {
  if (interval === 'day') return ts + 86400 * count;
  if (interval === 'week') return ts + 7 * 86400 * count;
  const d = new Date(ts * 1000);
  const months = interval === 'year' ? 12 * count : count;
  const target = new Date(d);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  // Stripe keeps the billing day, falling back to the month's last day (Jan 31 -> Feb 28).
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);
export function money(amount: number, currency: string): string {
  const major = ZERO_DECIMAL.has(currency) ? amount : amount / 100;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(major);
  } catch {
    return `${major.toFixed(2)} ${currency.toUpperCase()}`;
  }
}
export const intervalText = (p: PriceRec) =>
  !p.interval ? 'once' : p.intervalCount === 1 ? `per ${p.interval}` : `every ${p.intervalCount} ${p.interval}s`;
export const dateText = (ts: number) =>
  new Date(ts * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
