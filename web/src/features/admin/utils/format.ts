/** How the admin screens word users, money and the margin. */
import { formatDate } from '@/lib/dates';
import { formatCents } from '@/lib/money';

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

/** A pro's cost range as the applications show it: '$50 - $150'. */
export const costRangeLine = (range: { min: number; max: number }) => `$${range.min} - $${range.max}`;

/** '1 year', '12 years'. */
export const yearsLine = (n: number) => `${n} ${n === 1 ? 'year' : 'years'}`;

/** The web links of a comma-separated featured-track field (anything else is left out). */
export function featuredLinks(value: string | null): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^https?:\/\/[^\s]+$/i.test(s));
}

/** A decline needs a reason the applicant can act on (the API asks for at least 3 characters). */
export const REASON_MIN = 3;
export const REASON_REQUIRED = 'Give the applicant a reason (at least 3 characters)';

export const ALREADY_DECIDED = 'This application was already decided. The list has been refreshed.';

const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** 'Jan 5, 2026, 3:04 PM': the spec's US short date with the time of day. */
export function formatDateTime(iso: string): string {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? `${formatDate(iso)}, ${TIME.format(t)}` : '';
}

/** An audit line's outcome: the answer's status, or that none came. */
export function outcomeOf(status: number | null): { text: string; tone: 'ok' | 'refused' | 'failed' | 'none' } {
  if (status === null) return { text: 'No answer', tone: 'none' };
  if (status < 300) return { text: `${status} OK`, tone: 'ok' };
  if (status < 500) return { text: `${status} Refused`, tone: 'refused' };
  return { text: `${status} Failed`, tone: 'failed' };
}

/** What each audited action of an admin's own is, as the audit says it. */
const AUDIT_ACTIONS: Record<string, string> = {
  impersonate: 'Started impersonating',
  setUserType: 'Changed the user type',
  setFeedbackPrice: 'Changed the feedback price',
  adjustBalance: 'Corrected the balance',
  decideApplication: 'Decided a pro application',
  holdPayouts: 'Held or released payouts',
  resolveDispute: 'Decided a report',
  setUpAuthenticator: 'Set up an authenticator',
  replaceAuthenticator: 'Replaced an authenticator',
  removeAuthenticator: 'Removed an authenticator',
};

/** An audit entry's action in words: an admin's own, or a write made as the user, named from its route ('updateProfile'). */
export function auditActionLabel(action: string): string {
  const own = AUDIT_ACTIONS[action];
  if (own) return own;
  const words = action.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return `As the user: ${words}`;
}
