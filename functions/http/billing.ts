/** HTTP handlers of the billing area: monthly plans (Stripe), checkout, the customer portal and Stripe's webhook. */
import * as billing from '../domain/billing.js';
import { areaHandler, rawBody } from './area-handler.js';
import { billingSchemas } from '../../shared/api/route-schemas/billing.js';

export const handler = areaHandler('billing', billingSchemas, {
  listPlans: async ({ caller }) => billing.plansFor(caller.user),
  createCheckoutSession: async ({ input, caller }) => billing.startCheckout(caller.user, input.priceId),
  createPortalSession: async ({ caller }) => billing.openPortal(caller.user),
  // The signature covers the body exactly as sent, so it is checked on the raw text, not the parsed input.
  stripeWebhook: async ({ event }) => {
    await billing.handleStripeWebhook(rawBody(event), event.headers['stripe-signature']);
    return { received: true as const };
  },
});
