/** What the payments area's routes take and give (shared/api/routes.ts joins every area's). */
import {
  captureOrderInput,
  createOrderInput,
  listReceiptsInput,
  receiptInput,
  receiptsPage,
  receiptView,
  orderView,
  paymentView,
  retryRefundInput,
  stuckRefundsInput,
  stuckRefundsPage,
} from '../../schemas/payments.js';
import {
  createPayoutInput,
  holdPayoutsInput,
  listPayoutsInput,
  payoutAccountInput,
  payoutAccountView,
  payoutsPage,
  payoutView,
  stuckPayoutsPage,
} from '../../schemas/payouts.js';
import { booksInput, booksView, ledgerExport, ledgerExportInput } from '../../schemas/books.js';
import * as z from 'zod/mini';
import { disputeQueue, listDisputesInput, resolveDisputeInput } from '../../schemas/disputes.js';
import { disputeView } from '../../schemas/shares.js';
import type { AreaSchemas } from '../route.js';
import { claimedView, claimPoolRequestInput, createPoolRequestInput, poolOffersView, waitingPoolRequestsView } from '../../schemas/pool.js';

export const paymentsSchemas = {
  createOrder: { input: createOrderInput, output: orderView },
  captureOrder: { input: captureOrderInput, output: paymentView },
  cancelOrder: { input: captureOrderInput, output: paymentView },
  listMyPayments: { input: listReceiptsInput, output: receiptsPage },
  getReceipt: { input: receiptInput, output: receiptView },
  listStuckRefunds: { input: stuckRefundsInput, output: stuckRefundsPage },
  retryRefund: { input: retryRefundInput, output: paymentView },
  getPayoutAccount: { input: z.strictObject({}), output: payoutAccountView },
  setPayoutAccount: { input: payoutAccountInput, output: payoutAccountView },
  createPayout: { input: createPayoutInput, output: payoutView },
  listPayouts: { input: z.strictObject({ cursor: listPayoutsInput.shape.cursor }), output: payoutsPage },
  listAllPayouts: { input: listPayoutsInput, output: payoutsPage },
  listStuckPayouts: { input: z.strictObject({}), output: stuckPayoutsPage },
  holdPayouts: { input: holdPayoutsInput, output: payoutAccountView },
  getBooks: { input: booksInput, output: booksView },
  exportLedger: { input: ledgerExportInput, output: ledgerExport },
  listDisputes: { input: listDisputesInput, output: disputeQueue },
  listDecidedDisputes: { input: listDisputesInput, output: disputeQueue },
  resolveDispute: { input: resolveDisputeInput, output: disputeView },
  // Snip Pro requests (feedback/pool.ts): asked for, waiting, offered, claimed.
  createPoolRequest: { input: createPoolRequestInput, output: orderView },
  listWaitingPoolRequests: { input: z.strictObject({}), output: waitingPoolRequestsView },
  listPoolOffers: { input: z.strictObject({}), output: poolOffersView },
  claimPoolRequest: { input: claimPoolRequestInput, output: claimedView },
  withdrawPoolRequest: { input: claimPoolRequestInput, output: paymentView },
} as const satisfies AreaSchemas<'payments'>;
