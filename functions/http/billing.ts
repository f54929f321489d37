/** HTTP handlers of the billing area: monthly plans (Stripe), checkout and the customer portal. */
import { plansFor, publicPlans, startCheckout, openPortal } from '../money/index.js';
import { areaHandler } from './area-handler.js';
import { billingSchemas } from '../../shared/api/route-schemas/billing.js';

export const handler = areaHandler('billing', billingSchemas, {
  listPlans: async ({ caller }) => plansFor(caller.user),
  listPublicPlans: async ({ event }) => publicPlans(event.requestContext.http.sourceIp),
  createCheckoutSession: async ({ input, caller }) => startCheckout(caller.user, input.priceId),
  createPortalSession: async ({ caller }) => openPortal(caller.user),
});
