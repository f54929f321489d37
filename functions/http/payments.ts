/** HTTP handlers of the payments area: paid requests for feedback (PayPal orders), pros' payouts, PayPal's webhook, admins' refunds, disputes and holds. */
import * as payments from '../domain/payments.js';
import * as books from '../domain/books.js';
import * as disputes from '../domain/disputes.js';
import * as payouts from '../domain/payouts.js';
import * as receipts from '../domain/receipts.js';
import { applyPaypalEvent, type PaypalEvent } from '../domain/paypal-events.js';
import { admitPaypalWebhook } from '../domain/paypal-webhook-gate.js';
import { areaHandler, rawBody } from './area-handler.js';
import { paymentsSchemas } from '../../shared/api/route-schemas/payments.js';

export const handler = areaHandler('payments', paymentsSchemas, {
  createOrder: async ({ input, caller }) => payments.createOrder(caller.user, input),
  captureOrder: async ({ input, caller }) => payments.captureOrder(caller.user, input.orderId),
  cancelOrder: async ({ input, caller }) => payments.cancelOrder(caller.user, input.orderId),
  listMyPayments: async ({ input, caller }) => receipts.listReceipts(caller.user, input.cursor),
  getReceipt: async ({ input, caller }) => receipts.receiptOf(caller.user, input.orderId),
  listStuckRefunds: async ({ input }) => payments.listStuckRefunds(input),
  retryRefund: async ({ input }) => payments.retryRefund(input.orderId),
  getPayoutAccount: async ({ caller }) => payouts.payoutAccountOf(caller.user),
  setPayoutAccount: async ({ input, caller }) => payouts.setPayoutAccount(caller.user, input.email, caller.identity.authTime),
  createPayout: async ({ input, caller }) => payouts.createPayout(caller.user, input),
  listPayouts: async ({ input, caller }) => payouts.listPayouts({ userId: caller.user.id }, input.cursor),
  listAllPayouts: async ({ input }) => payouts.listPayouts(input.userId ? { userId: input.userId } : 'all', input.cursor),
  listStuckPayouts: async () => payouts.listStuckPayouts(),
  holdPayouts: async ({ input, caller }) => payouts.holdPayouts(caller.user, input),
  getBooks: async ({ input }) => books.booksOf(input.months),
  exportLedger: async ({ input }) => books.exportLedger(input),
  listDisputes: async ({ input }) => disputes.listDisputes(input.cursor),
  resolveDispute: async ({ input, caller }) => disputes.resolveDispute(caller.user, input),
  paypalWebhook: async ({ event }) => {
    // PayPal verifies the event's bytes as it sent them: the body as received, not the validated input.
    const admitted = await admitPaypalWebhook<PaypalEvent>({
      headers: event.headers,
      body: rawBody(event),
      clientIp: event.requestContext.http.sourceIp,
    });
    // Null: an event applied before, answered as it is.
    if (admitted) await applyPaypalEvent(admitted);
    return { received: true as const };
  },
});
