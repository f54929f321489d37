/** HTTP handlers of the payments area: paid requests for feedback (PayPal orders), pros' payouts, admins' refunds, disputes and holds. */
import {
  captureOrder,
  cancelOrder,
  listStuckRefunds,
  retryRefund,
  booksOf,
  exportLedger,
  payoutAccountOf,
  setPayoutAccount,
  createPayout,
  listPayouts,
  listStuckPayouts,
  holdPayouts,
  listReceipts,
  receiptOf,
} from '../money/index.js';
import { listDecidedDisputes, listDisputes, resolveDispute, createPaidRequest } from '../feedback/index.js';
import { areaHandler } from './area-handler.js';
import { paymentsSchemas } from '../../shared/api/route-schemas/payments.js';

export const handler = areaHandler('payments', paymentsSchemas, {
  createOrder: async ({ input, caller }) => createPaidRequest(caller.user, input),
  captureOrder: async ({ input, caller }) => captureOrder(caller.user, input.orderId),
  cancelOrder: async ({ input, caller }) => cancelOrder(caller.user, input.orderId),
  listMyPayments: async ({ input, caller }) => listReceipts(caller.user, input.cursor),
  getReceipt: async ({ input, caller }) => receiptOf(caller.user, input.orderId),
  listStuckRefunds: async ({ input }) => listStuckRefunds(input),
  retryRefund: async ({ input }) => retryRefund(input.orderId),
  getPayoutAccount: async ({ caller }) => payoutAccountOf(caller.user),
  setPayoutAccount: async ({ input, caller }) => setPayoutAccount(caller.user, input.email, caller.identity.authTime),
  createPayout: async ({ input, caller }) => createPayout(caller.user, input),
  listPayouts: async ({ input, caller }) => listPayouts({ userId: caller.user.id }, input.cursor),
  listAllPayouts: async ({ input }) => listPayouts(input.userId ? { userId: input.userId } : 'all', input.cursor),
  listStuckPayouts: async () => listStuckPayouts(),
  holdPayouts: async ({ input, caller }) => holdPayouts(caller.user, input),
  getBooks: async ({ input }) => booksOf(input.months),
  exportLedger: async ({ input }) => exportLedger(input),
  listDisputes: async ({ input }) => listDisputes(input.cursor),
  listDecidedDisputes: async ({ input }) => listDecidedDisputes(input.cursor),
  resolveDispute: async ({ input, caller }) => resolveDispute(caller.user, input),
});
