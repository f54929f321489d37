/** What the webhooks area's routes take and give: PayPal's and Stripe's events (shared/api/routes.ts joins every area's). */
import { paypalEventInput, stripeEventInput, webhookAck } from '../../schemas/webhooks.js';
import type { AreaSchemas } from '../route.js';

export const webhooksSchemas = {
  paypalWebhook: { input: paypalEventInput, output: webhookAck },
  stripeWebhook: { input: stripeEventInput, output: webhookAck },
} as const satisfies AreaSchemas<'webhooks'>;
