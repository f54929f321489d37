import { paths } from '../../../lib/paths';

/** Leaves the app for another site (PayPal's approval page). Its own module so tests can stand in for it. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}

/** Where the payer lands after PayPal, as PayPal's own redirect names the order: `token`. */
export const successPath = (orderId: string) => `${paths.feedbackSuccess}?token=${encodeURIComponent(orderId)}`;
export const cancelPath = (orderId?: string) => (orderId ? `${paths.feedbackCancel}?token=${encodeURIComponent(orderId)}` : paths.feedbackCancel);
