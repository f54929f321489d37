/** The stand-in's stored records, in its own shapes (rendered to Stripe's on the way out), and the state that holds them. */

export type Json = Record<string, unknown>;
export type Metadata = Record<string, string>;
export type Interval = 'day' | 'week' | 'month' | 'year';
export type SubStatus = 'active' | 'past_due' | 'canceled';

export const INTERVALS: Interval[] = ['day', 'week', 'month', 'year'];

/** Subscriptions the portal shows and lets the customer change. */
export const LIVE_STATUSES: SubStatus[] = ['active', 'past_due'];

export interface ProductRec {
  id: string;
  seq: number;
  created: number;
  updated: number;
  name: string;
  description: string | null;
  active: boolean;
  metadata: Metadata;
  features: string[];
  defaultPrice: string | null;
}
export interface PriceRec {
  id: string;
  seq: number;
  created: number;
  product: string;
  currency: string;
  unitAmount: number;
  interval: Interval | null;
  intervalCount: number;
  lookupKey: string | null;
  nickname: string | null;
  active: boolean;
  metadata: Metadata;
}
export interface CustomerRec {
  id: string;
  seq: number;
  created: number;
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Metadata;
  invoicePrefix: string;
  invoiceCount: number;
}
export interface CardRec {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}
export interface CheckoutRec {
  id: string;
  seq: number;
  created: number;
  expiresAt: number;
  customer: string | null;
  customerGiven: boolean;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Metadata;
  subscriptionMetadata: Metadata;
  price: string;
  quantity: number;
  successUrl: string | null;
  cancelUrl: string | null;
  status: 'open' | 'complete' | 'expired';
  subscription: string | null;
  invoice: string | null;
  details: { email: string; name: string | null } | null;
}
export interface SubscriptionRec {
  id: string;
  seq: number;
  created: number;
  customer: string;
  status: SubStatus;
  itemId: string;
  price: string;
  quantity: number;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  endedAt: number | null;
  cancellationReason: string | null;
  metadata: Metadata;
  latestInvoice: string | null;
  card: CardRec | null;
}
export interface InvoiceRec {
  id: string;
  seq: number;
  created: number;
  number: string;
  customer: string;
  subscription: string;
  subscriptionItem: string;
  subscriptionMetadata: Metadata;
  price: string;
  quantity: number;
  amount: number;
  currency: string;
  status: 'open' | 'paid';
  attemptCount: number;
  billingReason: 'subscription_create' | 'subscription_cycle';
  periodStart: number;
  periodEnd: number;
  paidAt: number | null;
  nextPaymentAttempt: number | null;
  lineId: string;
}
export interface PortalRec {
  id: string;
  seq: number;
  created: number;
  customer: string;
  returnUrl: string | null;
}
export interface EventRec {
  id: string;
  seq: number;
  created: number;
  type: string;
  object: Json;
  previous?: Json;
  requestId: string | null;
  idempotencyKey: string | null;
  pendingWebhooks: number;
  /** Waiting for automatic delivery (false once delivered, given up, or raised while paused). */
  autoDeliver: boolean;
  autoAttempts: number;
  nextAttemptAt: number;
}
export interface DeliveryRec {
  event: string;
  type: string;
  at: number;
  url: string;
  manual: boolean;
  ok: boolean;
  status: number | null;
  error: string | null;
  response: string | null;
}
export interface IdempotencyRec {
  at: number;
  method: string;
  path: string;
  fingerprint: string;
  status: number;
  body: string;
  requestId: string;
}
export interface State {
  version: 1;
  seq: number;
  webhooksPaused: boolean;
  products: Record<string, ProductRec>;
  prices: Record<string, PriceRec>;
  customers: Record<string, CustomerRec>;
  checkoutSessions: Record<string, CheckoutRec>;
  subscriptions: Record<string, SubscriptionRec>;
  invoices: Record<string, InvoiceRec>;
  portalSessions: Record<string, PortalRec>;
  events: Record<string, EventRec>;
  deliveries: DeliveryRec[];
  /** Keyed by 'k:' + the header, so no key can name an Object.prototype member. */
  idempotency: Record<string, IdempotencyRec>;
}

export const emptyState = (): State => ({
  version: 1,
  seq: 0,
  webhooksPaused: false,
  products: {},
  prices: {},
  customers: {},
  checkoutSessions: {},
  subscriptions: {},
  invoices: {},
  portalSessions: {},
  events: {},
  deliveries: [],
  idempotency: {},
});

/** A record by id, never an Object.prototype member ('constructor', '__proto__'). */
export const get = <T>(map: Record<string, T>, id: string): T | undefined => (Object.hasOwn(map, id) ? map[id] : undefined);
