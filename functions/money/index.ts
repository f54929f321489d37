/**
 * The money topic: payments and their machine, payouts, the ledger and books, reconciliation, billing, receipts.
 * What it offers the topics above it and the entry points: the one way into money/ (lint holds it).
 */
export { handleStripeWebhook, openPortal, plansFor, publicPlans, startCheckout } from './billing.js';
export { booksOf, exportLedger } from './books.js';
export { earningsOf, ledgerViews } from './earnings.js';
export { statementOf } from './statements.js';
export { checkDuePayments } from './payment-checks.js';
export { endPooled, fulfilment, refundRequestId, settleClaim, upholdDispute } from './payment-settlement.js';
export {
  cancelOrder,
  captureOrder,
  declinePaidRequest,
  listStuckRefunds,
  refundAtOnce,
  retryRefund,
  sell,
  toPaymentView,
  type Purchase,
} from './payments.js';
export { toPayoutView } from './payout-views.js';
export { createPayout, holdPayouts, listPayouts, listStuckPayouts, payoutAccountOf, setPayoutAccount } from './payouts.js';
export { applyPaypalEvent, type PaypalEvent } from './paypal-events.js';
export { admitPaypalWebhook } from './paypal-webhook-gate.js';
export { listReceipts, receiptOf, toReceipt } from './receipts.js';
export { reconcileDaily } from './reconciliation.js';
