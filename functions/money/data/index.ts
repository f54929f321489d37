/**
 * The records of money, as other topics and the entry points read and write them: the one way into
 * money/data/ (lint holds it).
 */
export { customerKey, type UserPlan } from './billing.js';
export { adjustBalance, allEntries } from './ledger.js';
export { forgetNameInPayment, forgetPayee } from './money-names.js';
export {
  claimPaymentEmail,
  getPayment,
  markPaymentDue,
  pagePayerPayments,
  paymentDueNow,
  releasePaymentEmail,
  type PaymentRecord,
} from './payments.js';
export { openPayoutOf, pagePayouts, type PayoutRecord } from './payouts.js';
export { getPlanCatalog } from './plans.js';
