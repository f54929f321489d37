/**
 * PayPal's answers as its REST API writes them (JSON shapes) and as the product reads them: amounts in
 * cents, captures, payouts, transactions, and what a refusal of a payout says. Pure: the client (paypal.ts)
 * makes the calls.
 */
import { centsOfDecimal } from '../../shared/money.js';
import {
  PaymentProviderError,
  type CaptureState,
  type PayoutItemState,
  type PayoutRequest,
  type ProviderCapture,
  type ProviderPayout,
  type ProviderTransaction,
} from './payment-provider.js';
export interface PaypalLink {
  href: string;
  rel: string;
}

export interface PaypalError {
  name?: string;
  message?: string;
  /** Payouts' refusal of a used sender batch id links to the batch that used it. */
  details?: { issue?: string; description?: string; field?: string; link?: PaypalLink[] }[];
  links?: PaypalLink[];
}

export interface PaypalCaptureJson {
  id: string;
  status: CaptureState;
  amount?: { value: string; currency_code: string };
  invoice_id?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
}

export interface PaypalOrderJson {
  id: string;
  status: string;
  links?: { rel: string; href: string }[];
  purchase_units?: {
    invoice_id?: string;
    amount?: { value: string; currency_code?: string };
    payee?: { merchant_id?: string; email_address?: string };
    payments?: { captures?: PaypalCaptureJson[] };
  }[];
}

export interface PaypalPayoutItemJson {
  payout_item_id: string;
  transaction_id?: string;
  transaction_status: string;
  payout_item: { amount: { value: string; currency: string }; receiver: string; sender_item_id?: string };
  errors?: { name?: string; message?: string };
}

export interface PaypalPayoutBatchJson {
  batch_header: { payout_batch_id: string; batch_status: string; amount?: { value: string; currency: string } };
  items?: PaypalPayoutItemJson[];
}

export interface PaypalDisputeJson {
  dispute_id: string;
  status: string;
  disputed_transactions?: { seller_transaction_id?: string }[];
  dispute_outcome?: { outcome_code?: string };
}

export interface PaypalTransactionInfo {
  transaction_id: string;
  transaction_event_code: string;
  transaction_initiation_date: string;
  transaction_amount: { value: string; currency_code: string };
  transaction_status: string;
  invoice_id?: string;
  paypal_reference_id?: string;
}

export interface PaypalSearchJson {
  transaction_details?: { transaction_info: PaypalTransactionInfo }[];
  total_pages?: number;
}

export const PAYOUT_ITEM_STATES: readonly string[] = [
  'PENDING',
  'SUCCESS',
  'FAILED',
  'RETURNED',
  'UNCLAIMED',
  'BLOCKED',
  'REFUNDED',
  'REVERSED',
  'ONHOLD',
  'DENIED',
] satisfies PayoutItemState[];

/** An amount PayPal sent, in cents; one it should never send is the provider's fault, not a crash. */
export function cents(value: string): number {
  try {
    return centsOfDecimal(value);
  } catch {
    throw new PaymentProviderError(`PayPal sent an amount that is not a decimal: ${JSON.stringify(value).slice(0, 40)}`);
  }
}

/** A signed amount PayPal sent ('-30.00': money out), in cents. */
export const signedCents = (value: string) => (value.startsWith('-') ? -cents(value.slice(1)) : cents(value));

export type PaypalUnit = NonNullable<PaypalOrderJson['purchase_units']>[number];

/** The merchant's id only: an answer naming the payee by e-mail alone cannot be compared with one naming its id. */
export const payeeOf = (unit: PaypalUnit | undefined) => unit?.payee?.merchant_id ?? null;

/** A capture, with the invoice and payee of the purchase unit it belongs to where it does not say them itself. */
export const toCapture = (c: PaypalCaptureJson, unit?: PaypalUnit): ProviderCapture => ({
  id: c.id,
  status: c.status,
  amountCents: c.amount ? cents(c.amount.value) : 0,
  currency: c.amount?.currency_code ?? null,
  invoiceId: c.invoice_id ?? unit?.invoice_id ?? null,
  payeeId: payeeOf(unit),
});

export function payoutState(state: string): PayoutItemState {
  if (!PAYOUT_ITEM_STATES.includes(state)) throw new PaymentProviderError(`PayPal sent an unknown payout state: ${state.slice(0, 40)}`);
  return state as PayoutItemState;
}

/**
 * A batch of ours as PayPal states it, by its one item. Without an item yet (just sent, or refused whole),
 * the batch's own state stands for it, and what was sent (`sent`) for the item's amount and receiver.
 */
export function toPayout(b: PaypalPayoutBatchJson, sent?: PayoutRequest): ProviderPayout {
  const header = b.batch_header;
  const item = b.items?.[0];
  if (!item) {
    return {
      batchId: header.payout_batch_id,
      itemId: null,
      // A batch refused or cancelled whole pays nothing, as a denied one.
      state: header.batch_status === 'DENIED' || header.batch_status === 'CANCELED' ? 'DENIED' : 'PENDING',
      amountCents: sent?.amountCents ?? (header.amount ? cents(header.amount.value) : 0),
      receiver: sent?.receiver ?? '',
      senderItemId: sent?.senderBatchId ?? null,
      error: null,
      transactionId: null,
    };
  }
  return {
    batchId: header.payout_batch_id,
    itemId: item.payout_item_id,
    state: payoutState(item.transaction_status),
    amountCents: cents(item.payout_item.amount.value),
    receiver: item.payout_item.receiver,
    senderItemId: item.payout_item.sender_item_id ?? null,
    error: item.errors ? `${item.errors.name ?? 'ERROR'}: ${item.errors.message ?? ''}`.trim() : null,
    transactionId: item.transaction_id ?? null,
  };
}

/**
 * The batch PayPal names when it refuses a sender batch id used before (USER_BUSINESS_ERROR on the field
 * SENDER_BATCH_ID, with a `self` link to that batch). Only its id is taken from the link, to be asked of our
 * own base URL: the token never follows a link elsewhere.
 */
export function duplicateBatchId(error: PaypalError | undefined): string | null {
  if (error?.name !== 'USER_BUSINESS_ERROR') return null;
  const detail = error.details?.find((d) => d.field?.toUpperCase() === 'SENDER_BATCH_ID');
  if (!detail) return null;
  for (const link of [...(detail.link ?? []), ...(error.links ?? [])]) {
    const m = link.rel === 'self' ? /\/v1\/payments\/payouts\/([A-Za-z0-9]+)(?:[?#]|$)/.exec(link.href) : null;
    if (m) return m[1];
  }
  return null;
}

/**
 * Why PayPal refused a payout for good, in its words, or null when the refusal may pass on a retry: a
 * timeout, a conflict or throttling (408, 409, 429), a server's trouble (5xx), or any word about the sender
 * batch id (a used one PayPal did not link: the batch may exist, and only asking again can find it).
 */
export function payoutRefusal(res: { status: number; error?: PaypalError }): string | null {
  if (![400, 403, 422].includes(res.status)) return null;
  const details = res.error?.details ?? [];
  if (details.some((d) => d.field?.toUpperCase().includes('SENDER_BATCH_ID'))) return null;
  const said = details.map((d) => [d.field, d.issue ?? d.description].filter(Boolean).join(': ')).filter(Boolean);
  return [res.error?.name ?? `HTTP ${res.status}`, ...said].join(', ').slice(0, 300);
}

export function toTransaction(t: PaypalTransactionInfo): ProviderTransaction {
  const at = new Date(t.transaction_initiation_date);
  if (Number.isNaN(at.getTime()))
    throw new PaymentProviderError(`PayPal sent a transaction time that is not one: ${t.transaction_initiation_date.slice(0, 40)}`);
  return {
    id: t.transaction_id,
    eventCode: t.transaction_event_code,
    at: at.toISOString(),
    amountCents: signedCents(t.transaction_amount.value),
    status: t.transaction_status,
    invoiceId: t.invoice_id ?? null,
    referenceId: t.paypal_reference_id ?? null,
  };
}

/** A time as the transaction search takes it: whole seconds, with an offset (Z). */
export const searchTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
