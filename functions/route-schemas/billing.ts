/** What the billing area's routes take and give (functions/routes.ts joins every area's). */
import { checkoutInput, planList, redirectView } from '../../shared/schemas/billing.js';
import { emptyInput } from '../../shared/schemas/common.js';
import { stripeEventInput, webhookAck } from '../../shared/schemas/webhooks.js';
import type { AreaSchemas } from '../lib/route.js';

export const billingSchemas = {
  listPlans: { input: emptyInput, output: planList },
  createCheckoutSession: { input: checkoutInput, output: redirectView },
  createPortalSession: { input: emptyInput, output: redirectView },
  stripeWebhook: { input: stripeEventInput, output: webhookAck },
} as const satisfies AreaSchemas<'billing'>;
