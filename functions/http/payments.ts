/** HTTP handlers of the payments area: paid requests for feedback (PayPal orders) and PayPal's webhook. */
import * as payments from '../domain/payments.js';
import { areaHandler } from '../lib/area-handler.js';

export const handler = areaHandler('payments', {
  createOrder: async ({ input, caller }) => payments.createOrder(caller.user, input),
  captureOrder: async ({ input, caller }) => payments.captureOrder(caller.user, input.orderId),
  paypalWebhook: async ({ input, event }) => {
    await payments.handlePaypalWebhook(event.headers, input);
    return { received: true as const };
  },
});
