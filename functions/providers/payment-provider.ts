/**
 * What the product asks of a payment provider, and the error a provider's trouble becomes: the interface
 * `paypal.ts` implements and `payments.ts` hands out.
 */
import { ServiceUnavailable } from '../lib/errors.js';

export interface OrderRequest {
  /** Ours, unique per request for feedback; PayPal refuses a second capture of the same invoice. */
  invoiceId: string;
  amountCents: number;
  /** What is bought, shown by PayPal to the payer. */
  description: string;
  returnUrl: string;
  cancelUrl: string;
}

export type CaptureState = 'COMPLETED' | 'PENDING' | 'DECLINED' | 'FAILED' | 'REFUNDED' | 'PARTIALLY_REFUNDED';

export interface ProviderCapture {
  id: string;
  status: CaptureState;
  amountCents: number;
  /** What was captured, as the provider states it: checked against the stored payment before it buys anything. */
  currency: string | null;
  invoiceId: string | null;
  /** The merchant the money went to. */
  payeeId: string | null;
}

export interface CreatedOrder {
  orderId: string;
  approveUrl: string;
  amountCents: number | null;
  currency: string | null;
  invoiceId: string | null;
  payeeId: string | null;
}

export interface ProviderOrder {
  id: string;
  /** CREATED, SAVED, APPROVED, VOIDED, COMPLETED or PAYER_ACTION_REQUIRED. */
  status: string;
  invoiceId: string | null;
  amountCents: number | null;
  capture: ProviderCapture | null;
}

export type CaptureOutcome =
  | { kind: 'captured'; capture: ProviderCapture }
  /** The payer's funding source was refused: they may approve again with another. */
  | { kind: 'declined' }
  | { kind: 'not_approved' }
  /** Captured before, under another request id (by the webhook's reconciliation, say). */
  | { kind: 'already_captured' };

/** PayPal's states of a payout item, and DENIED: a batch PayPal refused whole, before it had an item. */
export type PayoutItemState =
  'PENDING' | 'SUCCESS' | 'FAILED' | 'RETURNED' | 'UNCLAIMED' | 'BLOCKED' | 'REFUNDED' | 'REVERSED' | 'ONHOLD' | 'DENIED';

export interface PayoutRequest {
  /** Ours, one per payout: PayPal pays a sender batch id once. Sent as the item's sender_item_id too, which its events carry. */
  senderBatchId: string;
  /** The PayPal account's e-mail address. */
  receiver: string;
  amountCents: number;
  /** Shown to the receiver with the money. */
  note: string;
  emailSubject: string;
}

export interface ProviderPayout {
  batchId: string;
  itemId: string | null;
  /** The one item's state (a batch of ours holds one item); the batch's own when it has no item yet (DENIED). */
  state: PayoutItemState;
  amountCents: number;
  receiver: string;
  senderItemId: string | null;
  /** What PayPal said when the item failed (errors.name: errors.message), else null. */
  error: string | null;
  /** The item's transaction, as a transaction search lists it (T0001) once paid; null before PayPal gives one. */
  transactionId?: string | null;
}

export interface ProviderDispute {
  id: string;
  /** The capture the buyer disputes. */
  captureId: string | null;
  /** OPEN, WAITING_FOR_BUYER_RESPONSE, WAITING_FOR_SELLER_RESPONSE, UNDER_REVIEW, RESOLVED or OTHER. */
  status: string;
  /** Once resolved: RESOLVED_BUYER_FAVOUR, RESOLVED_SELLER_FAVOUR, ... */
  outcome: string | null;
}

/** One transaction on the PayPal account, as its transaction search lists it. */
export interface ProviderTransaction {
  id: string;
  /** PayPal's event code: T0006 a capture, T1107 a refund, T1106 a reversal, T0001 a payout, ... */
  eventCode: string;
  /** When it was made (ISO, UTC). */
  at: string;
  /** Money into the account is positive, money out negative. */
  amountCents: number;
  /** S (done), P (pending), D (denied) or V (reversed). */
  status: string;
  invoiceId: string | null;
  /** The transaction it follows from (a refund's capture). */
  referenceId: string | null;
}

export interface WebhookHeaders {
  [name: string]: string | undefined;
}

export interface PaymentProvider {
  /**
   * Creates the order; the same `requestId` gives back the same order (PayPal-Request-Id), whatever this
   * request says: the answer states what the order is for, to be checked against the request.
   */
  createOrder(order: OrderRequest, requestId: string): Promise<CreatedOrder>;
  /** The order as it stands, or null when the provider does not know it. */
  getOrder(orderId: string): Promise<ProviderOrder | null>;
  /** Captures an approved order; the same `requestId` never charges twice. */
  captureOrder(orderId: string, requestId: string): Promise<CaptureOutcome>;
  /** Refunds a capture in full; the same `requestId` never refunds twice. Null when it was refunded already. */
  refundCapture(captureId: string, requestId: string): Promise<{ refundId: string } | null>;
  /** The order a capture belongs to (refund events name only the capture). */
  orderOfCapture(captureId: string): Promise<string | null>;
  /**
   * Whether a webhook delivery is genuine: the provider's own verification of its signature, over `body`,
   * the delivery's JSON object exactly as received (its signature covers those bytes).
   */
  verifyWebhook(headers: WebhookHeaders, body: string): Promise<boolean>;
  /**
   * Sends one payout; the same `senderBatchId` never pays twice (a repeat gives back the original batch, followed
   * through PayPal's link). Throws PayoutRefused when PayPal refuses the payout itself (sending it again would be
   * refused again), PaymentProviderError when it could not be asked or did not answer as it should.
   */
  createPayout(p: PayoutRequest): Promise<ProviderPayout>;
  /** The batch as it stands (its one item), or null when unknown. */
  getPayout(batchId: string): Promise<ProviderPayout | null>;
  /**
   * Cancels an unclaimed item, so that its money comes back now rather than after PayPal's 30 days. True once
   * its money is back (cancelled now or before); false when the item is not unclaimed (claimed meanwhile, say).
   */
  cancelPayoutItem(itemId: string): Promise<boolean>;
  /** A dispute a buyer opened at PayPal, or null when unknown. */
  getDispute(id: string): Promise<ProviderDispute | null>;
  /** Every transaction made on the account from `from` to `to` (both included, at most 31 days apart), all pages, oldest first. */
  searchTransactions(from: Date, to: Date): Promise<ProviderTransaction[]>;
}

/**
 * The provider is down or answered what it never should: nothing the user did wrong, so a 503 that says
 * nothing was lost; what went wrong is logged, not shown.
 */
export class PaymentProviderError extends ServiceUnavailable {
  constructor(
    detail: string,
    readonly providerStatus?: number,
  ) {
    super(
      'PayPal is not answering as it should right now. Nothing was lost: please try again in a minute.',
      'payment_provider_unavailable',
      detail,
    );
  }
}

/**
 * PayPal refused a payout for what it is (its address, its amount, the account's funds): final, since the
 * same payout sent again is refused again, and nothing was paid. `reason` is PayPal's, in words.
 */
export class PayoutRefused extends Error {
  constructor(readonly reason: string) {
    super(`PayPal refused the payout: ${reason}`);
    this.name = 'PayoutRefused';
  }
}
