/**
 * The stand-in's stored records (orders, captures, refunds and reversals, payouts, disputes, webhook events)
 * and PayPal's shapes they are kept in.
 */
import type { Outgoing } from '../webhook-delivery.js';

export interface Money {
  currency_code: string;
  value: string;
}
export interface Link {
  href: string;
  rel: string;
  method: string;
}
export interface Payer {
  name: { given_name: string; surname: string };
  email_address: string;
  payer_id: string;
  address: { country_code: string };
}
export interface PurchaseUnit {
  reference_id: string;
  amount: Money;
  description?: string;
  custom_id?: string;
  invoice_id?: string;
  soft_descriptor?: string;
}
export type OrderStatus = 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
export interface StoredOrder {
  id: string;
  status: OrderStatus;
  /** Where an order goes back to when the buyer's card is declined at capture. */
  initialStatus: 'CREATED' | 'PAYER_ACTION_REQUIRED';
  /** Made with payment_source.paypal (rather than application_context). */
  paymentSource: boolean;
  unit: PurchaseUnit;
  returnUrl?: string;
  cancelUrl?: string;
  brandName?: string;
  payer?: Payer;
  /** Approved with the declining option: the next capture fails. */
  declines: boolean;
  captureId?: string;
  createTime: string;
  updateTime: string;
}
export interface StoredCapture {
  id: string;
  orderId: string;
  status: 'COMPLETED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  cents: number;
  feeCents: number;
  invoiceId?: string;
  customId?: string;
  refundIds: string[];
  createTime: string;
  updateTime: string;
}
export interface StoredRefund {
  id: string;
  captureId: string;
  cents: number;
  feeCents: number;
  /** Total refunded on the capture once this refund was made. */
  totalRefundedCents: number;
  invoiceId?: string;
  noteToPayer?: string;
  /** Taken back by PayPal (a chargeback, a dispute the buyer won), not refunded by the merchant. */
  reversal?: boolean;
  createTime: string;
  updateTime: string;
}
/** The states the stand-in moves a payout item through, as PayPal's transaction_status names them. */
export type PayoutItemStatus = 'PENDING' | 'SUCCESS' | 'FAILED' | 'RETURNED' | 'UNCLAIMED';
/** The sender's header of a payout, kept as it was sent. */
export interface SenderBatchHeader {
  sender_batch_id: string;
  email_subject?: string;
  email_message?: string;
  recipient_type?: string;
}
export interface StoredPayoutBatch {
  id: string;
  header: SenderBatchHeader;
  /** PENDING until its items are processed (just after the create is answered), PROCESSING while one waits. */
  status: 'PENDING' | 'PROCESSING' | 'SUCCESS';
  itemIds: string[];
  createTime: string;
  completeTime?: string;
}
export interface StoredPayoutItem {
  id: string;
  batchId: string;
  transactionId: string;
  status: PayoutItemStatus;
  cents: number;
  feeCents: number;
  receiver: string;
  note?: string;
  senderItemId?: string;
  /** When it last reached an outcome (PayPal's time_processed); unset while pending. */
  processTime?: string;
  /** When the money reached the receiver (SUCCESS): from then the transaction search lists it. */
  paidTime?: string;
}
export interface PayoutsState {
  batches: Record<string, StoredPayoutBatch>;
  items: Record<string, StoredPayoutItem>;
  /** The outcome of the next items paid to a receiver (by its lower-cased address), set by a local control. */
  outcomes: Record<string, PayoutItemStatus>;
}
export type DisputeOutcome = 'RESOLVED_SELLER_FAVOUR' | 'RESOLVED_BUYER_FAVOUR';
export interface StoredDispute {
  id: string;
  captureId: string;
  reason: string;
  status: 'OPEN' | 'RESOLVED';
  /** What the buyer disputes: what was left of the capture when the dispute opened. */
  cents: number;
  outcome?: DisputeOutcome;
  /** What went back to the buyer when it was resolved in their favour. */
  refundedCents?: number;
  createTime: string;
  updateTime: string;
}
/** One transaction as the transaction search lists it (Transaction Search v1's transaction_info). */
export interface TransactionInfo {
  transaction_id: string;
  transaction_event_code: string;
  transaction_initiation_date: string;
  transaction_updated_date: string;
  transaction_amount: Money;
  transaction_status: string;
  invoice_id?: string;
  paypal_reference_id?: string;
  paypal_reference_id_type?: string;
}
export interface WebhookEvent {
  id: string;
  event_version: '1.0';
  create_time: string;
  resource_type: 'checkout-order' | 'capture' | 'refund' | 'payouts_item' | 'dispute';
  /** The version of the API the resource is from: 1.0 for Payouts' and Disputes' (v1). */
  resource_version: '1.0' | '2.0';
  event_type: string;
  summary: string;
  resource: unknown;
  links: Link[];
}
export interface Transmission {
  transmission_id: string;
  webhook_url: string;
  http_status: number;
  reason_phrase: string;
  status: 'SUCCESS' | 'FAILURE';
  timestamp: string;
}
/** An event and its delivery: an event recorded while deliveries were paused goes out only when resent. */
export interface StoredEvent extends Outgoing {
  /** Exactly what is delivered. */
  event: WebhookEvent;
  status: 'PENDING' | 'SUCCESS' | 'FAILURE';
  transmissions: Transmission[];
  /** Written by an earlier version instead of the delivery fields: recorded while delivery was paused. */
  held?: boolean;
}
export interface State {
  version: number;
  tokens: Record<string, { expiresAt: number }>;
  orders: Record<string, StoredOrder>;
  captures: Record<string, StoredCapture>;
  refunds: Record<string, StoredRefund>;
  payouts: PayoutsState;
  disputes: Record<string, StoredDispute>;
  /** Transactions only PayPal knows of, planted by a local control for the transaction search to list. */
  plantedTransactions: TransactionInfo[];
  /** Successful answers by operation and PayPal-Request-Id. */
  idempotency: Record<string, { status: number; body: unknown }>;
  /** Oldest first. */
  events: StoredEvent[];
}

export type Json = Record<string, unknown>;
