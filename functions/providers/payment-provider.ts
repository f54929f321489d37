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
