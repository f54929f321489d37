import { paths } from '@/lib/paths';

/** Where the payer lands after PayPal, as PayPal's own redirect names the order: `token`. */
export const successPath = (orderId: string) => `${paths.feedbackSuccess}?token=${encodeURIComponent(orderId)}`;
export const cancelPath = (orderId?: string) =>
  orderId ? `${paths.feedbackCancel}?token=${encodeURIComponent(orderId)}` : paths.feedbackCancel;
