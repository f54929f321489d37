/** Providers' webhook deliveries (PayPal, Stripe) and the answer they get. */
import * as z from 'zod/mini';

/**
 * A provider's webhook delivery: an event object with its id and type, whatever else it holds (its
 * signature, checked before anything is read, decides whether it is believed).
 */
const eventField = z.string().check(z.minLength(1), z.maxLength(255));
export const paypalEventInput = z.looseObject({ id: eventField, event_type: eventField });
export const stripeEventInput = z.looseObject({ id: eventField, type: eventField });
export const webhookAck = z.object({ received: z.literal(true) });
