/** The stand-in's stored records (orders, captures, refunds, webhook events) and PayPal's shapes they are kept in. */
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
  createTime: string;
  updateTime: string;
}
export interface WebhookEvent {
  id: string;
  event_version: '1.0';
  create_time: string;
  resource_type: 'checkout-order' | 'capture' | 'refund';
  resource_version: '2.0';
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
  /** Successful answers by operation and PayPal-Request-Id. */
  idempotency: Record<string, { status: number; body: unknown }>;
  /** Oldest first. */
  events: StoredEvent[];
}

export type Json = Record<string, unknown>;
