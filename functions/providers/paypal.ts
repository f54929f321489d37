/**
 * PayPal's REST API (Orders v2, Payments v2, webhook verification, Payouts v1, Disputes v1, Transaction
 * Search v1) through one small typed client with a configurable base URL: PayPal's own server SDK hard-codes
 * its two hosts, and the local stand-in must be reachable the same way. Every call is bounded in time;
 * anything unexpected becomes PaymentProviderError. PayPal grants Payouts and Transaction Search to an app
 * by scopes of their own (payouts, reporting/search/read): its live app must have them.
 */
import { centsOfDecimal, CURRENCY, decimalAmount } from '../../shared/money.js';
import {
  PaymentProviderError,
  PayoutRefused,
  type CaptureOutcome,
  type CaptureState,
  type CreatedOrder,
  type OrderRequest,
  type PaymentProvider,
  type PayoutItemState,
  type PayoutRequest,
  type ProviderCapture,
  type ProviderDispute,
  type ProviderOrder,
  type ProviderPayout,
  type ProviderTransaction,
  type WebhookHeaders,
} from './payment-provider.js';

export interface PaypalCredentials {
  clientId: string;
  clientSecret: string;
  webhookId: string;
}

interface PaypalLink {
  href: string;
  rel: string;
}

interface PaypalError {
  name?: string;
  message?: string;
  /** Payouts' refusal of a used sender batch id links to the batch that used it. */
  details?: { issue?: string; description?: string; field?: string; link?: PaypalLink[] }[];
  links?: PaypalLink[];
}

interface PaypalCaptureJson {
  id: string;
  status: CaptureState;
  amount?: { value: string; currency_code: string };
  invoice_id?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
}

interface PaypalOrderJson {
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

interface PaypalPayoutItemJson {
  payout_item_id: string;
  transaction_id?: string;
  transaction_status: string;
  payout_item: { amount: { value: string; currency: string }; receiver: string; sender_item_id?: string };
  errors?: { name?: string; message?: string };
}

interface PaypalPayoutBatchJson {
  batch_header: { payout_batch_id: string; batch_status: string; amount?: { value: string; currency: string } };
  items?: PaypalPayoutItemJson[];
}

interface PaypalDisputeJson {
  dispute_id: string;
  status: string;
  disputed_transactions?: { seller_transaction_id?: string }[];
  dispute_outcome?: { outcome_code?: string };
}

interface PaypalTransactionInfo {
  transaction_id: string;
  transaction_event_code: string;
  transaction_initiation_date: string;
  transaction_amount: { value: string; currency_code: string };
  transaction_status: string;
  invoice_id?: string;
  paypal_reference_id?: string;
}

interface PaypalSearchJson {
  transaction_details?: { transaction_info: PaypalTransactionInfo }[];
  total_pages?: number;
}

/** PayPal's answers of passing trouble, asked again once (CALL_ATTEMPTS) after a short pause. */
const PASSING = new Set([429, 500, 502, 503, 504]);
const CALL_ATTEMPTS = 2;
const pause = (attempt: number) => new Promise((r) => setTimeout(r, 250 * attempt));

/** The longest range PayPal's transaction search takes, and the most it lists a page. */
const SEARCH_RANGE_MS = 31 * 86_400_000;
const SEARCH_PAGE_SIZE = 500;

const PAYOUT_ITEM_STATES: readonly string[] = [
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

/** The signature headers PayPal sends with a webhook, as its verification call names them. */
const SIGNATURE_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

/** Whether the text is one JSON object: only such a text may be spliced into a request as a member's value. */
function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** An amount PayPal sent, in cents; one it should never send is the provider's fault, not a crash. */
function cents(value: string): number {
  try {
    return centsOfDecimal(value);
  } catch {
    throw new PaymentProviderError(`PayPal sent an amount that is not a decimal: ${JSON.stringify(value).slice(0, 40)}`);
  }
}

/** A signed amount PayPal sent ('-30.00': money out), in cents. */
const signedCents = (value: string) => (value.startsWith('-') ? -cents(value.slice(1)) : cents(value));

type PaypalUnit = NonNullable<PaypalOrderJson['purchase_units']>[number];

/** The merchant's id only: an answer naming the payee by e-mail alone cannot be compared with one naming its id. */
const payeeOf = (unit: PaypalUnit | undefined) => unit?.payee?.merchant_id ?? null;

/** A capture, with the invoice and payee of the purchase unit it belongs to where it does not say them itself. */
const toCapture = (c: PaypalCaptureJson, unit?: PaypalUnit): ProviderCapture => ({
  id: c.id,
  status: c.status,
  amountCents: c.amount ? cents(c.amount.value) : 0,
  currency: c.amount?.currency_code ?? null,
  invoiceId: c.invoice_id ?? unit?.invoice_id ?? null,
  payeeId: payeeOf(unit),
});

function payoutState(state: string): PayoutItemState {
  if (!PAYOUT_ITEM_STATES.includes(state)) throw new PaymentProviderError(`PayPal sent an unknown payout state: ${state.slice(0, 40)}`);
  return state as PayoutItemState;
}

/**
 * A batch of ours as PayPal states it, by its one item. Without an item yet (just sent, or refused whole),
 * the batch's own state stands for it, and what was sent (`sent`) for the item's amount and receiver.
 */
function toPayout(b: PaypalPayoutBatchJson, sent?: PayoutRequest): ProviderPayout {
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
function duplicateBatchId(error: PaypalError | undefined): string | null {
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
function payoutRefusal(res: { status: number; error?: PaypalError }): string | null {
  if (![400, 403, 422].includes(res.status)) return null;
  const details = res.error?.details ?? [];
  if (details.some((d) => d.field?.toUpperCase().includes('SENDER_BATCH_ID'))) return null;
  const said = details.map((d) => [d.field, d.issue ?? d.description].filter(Boolean).join(': ')).filter(Boolean);
  return [res.error?.name ?? `HTTP ${res.status}`, ...said].join(', ').slice(0, 300);
}

function toTransaction(t: PaypalTransactionInfo): ProviderTransaction {
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
const searchTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

export class PaypalClient implements PaymentProvider {
  private token: { value: string; expiresAt: number } | undefined;

  constructor(
    private readonly opts: {
      baseUrl: string;
      credentials: () => Promise<PaypalCredentials>;
      /** How long a call may go unanswered before it fails (default 15 s). */
      timeoutMs?: number;
    },
  ) {}

  async createOrder(order: OrderRequest, requestId: string): Promise<CreatedOrder> {
    const res = await this.call<PaypalOrderJson>('POST', '/v2/checkout/orders', {
      requestId,
      body: {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: order.invoiceId,
            invoice_id: order.invoiceId,
            description: order.description.slice(0, 127),
            amount: { currency_code: CURRENCY, value: decimalAmount(order.amountCents) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              brand_name: 'Snip',
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
              return_url: order.returnUrl,
              cancel_url: order.cancelUrl,
            },
          },
        },
      },
    });
    if (!res.ok) throw this.unexpected('create an order', res);
    const approve = res.body.links?.find((l) => l.rel === 'approve' || l.rel === 'payer-action');
    if (!approve) throw new PaymentProviderError('PayPal created an order without an approval link');
    const unit = res.body.purchase_units?.[0];
    return {
      orderId: res.body.id,
      approveUrl: approve.href,
      amountCents: unit?.amount ? cents(unit.amount.value) : null,
      currency: unit?.amount?.currency_code ?? null,
      invoiceId: unit?.invoice_id ?? null,
      payeeId: payeeOf(unit),
    };
  }

  async getOrder(orderId: string): Promise<ProviderOrder | null> {
    const res = await this.call<PaypalOrderJson>('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
    if (res.status === 404) return null;
    if (!res.ok) throw this.unexpected('read an order', res);
    return this.toOrder(res.body);
  }

  async captureOrder(orderId: string, requestId: string): Promise<CaptureOutcome> {
    const res = await this.call<PaypalOrderJson>('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
      requestId,
      body: {},
    });
    if (res.ok) {
      const capture = this.toOrder(res.body).capture;
      if (!capture) throw new PaymentProviderError('PayPal answered a capture without a capture');
      // A capture PayPal itself declined is a refused payment, as a refused instrument is.
      if (capture.status === 'DECLINED' || capture.status === 'FAILED') return { kind: 'declined' };
      return { kind: 'captured', capture };
    }
    const issue = res.issue;
    if (issue === 'INSTRUMENT_DECLINED' || issue === 'PAYER_CANNOT_PAY' || issue === 'TRANSACTION_REFUSED') return { kind: 'declined' };
    if (issue === 'ORDER_NOT_APPROVED' || issue === 'PAYER_ACTION_REQUIRED') return { kind: 'not_approved' };
    if (issue === 'ORDER_ALREADY_CAPTURED' || issue === 'DUPLICATE_INVOICE_ID') return { kind: 'already_captured' };
    if (res.status === 404) return { kind: 'not_approved' };
    throw this.unexpected('capture an order', res);
  }

  async refundCapture(captureId: string, requestId: string): Promise<{ refundId: string } | null> {
    const res = await this.call<{ id: string; status: string }>('POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
      requestId,
      body: {},
    });
    if (res.ok) return { refundId: res.body.id };
    if (res.issue === 'CAPTURE_FULLY_REFUNDED') return null;
    throw this.unexpected('refund a capture', res);
  }

  async orderOfCapture(captureId: string): Promise<string | null> {
    const res = await this.call<PaypalCaptureJson>('GET', `/v2/payments/captures/${encodeURIComponent(captureId)}`);
    if (res.status === 404) return null;
    if (!res.ok) throw this.unexpected('read a capture', res);
    return res.body.supplementary_data?.related_ids?.order_id ?? null;
  }

  async verifyWebhook(headers: WebhookHeaders, body: string): Promise<boolean> {
    const fields = Object.fromEntries(Object.entries(SIGNATURE_HEADERS).map(([field, header]) => [field, headers[header]]));
    if (Object.values(fields).some((v) => !v) || !isJsonObject(body)) return false;
    const { webhookId } = await this.opts.credentials();
    // PayPal checks its signature over the event's bytes in this request: the body goes in as it came, since
    // a parse and stringify can change them (1.0 becomes 1, an escaped é a raw one, spacing goes).
    const head = JSON.stringify({ ...fields, webhook_id: webhookId });
    const res = await this.call<{ verification_status?: string }>('POST', '/v1/notifications/verify-webhook-signature', {
      json: `${head.slice(0, -1)},"webhook_event":${body}}`,
    });
    // PayPal answers 400 for a malformed signature: that is a failed verification, not an outage.
    if (res.status === 400) return false;
    if (!res.ok) throw this.unexpected('verify a webhook', res);
    return res.body.verification_status === 'SUCCESS';
  }

  async createPayout(p: PayoutRequest): Promise<ProviderPayout> {
    const res = await this.call<PaypalPayoutBatchJson>('POST', '/v1/payments/payouts', {
      body: {
        sender_batch_header: { sender_batch_id: p.senderBatchId, email_subject: p.emailSubject, recipient_type: 'EMAIL' },
        items: [
          {
            recipient_type: 'EMAIL',
            amount: { value: decimalAmount(p.amountCents), currency: CURRENCY },
            receiver: p.receiver,
            note: p.note,
            sender_item_id: p.senderBatchId,
          },
        ],
      },
    });
    // A repeat of a send PayPal took: the batch that send made, rather than a second payment.
    const batchId = res.ok ? res.body.batch_header.payout_batch_id : duplicateBatchId(res.error);
    if (!batchId) {
      const refused = res.ok ? null : payoutRefusal(res);
      throw refused ? new PayoutRefused(refused) : this.unexpected('send a payout', res);
    }
    // The answer lists no item: the batch as it stands has it.
    const found = await this.getPayout(batchId);
    if (found) return found;
    if (res.ok) return toPayout(res.body, p);
    throw new PaymentProviderError(`PayPal refused a used sender batch id, linking to a batch it does not know: ${batchId}`);
  }

  async getPayout(batchId: string): Promise<ProviderPayout | null> {
    const res = await this.call<PaypalPayoutBatchJson>('GET', `/v1/payments/payouts/${encodeURIComponent(batchId)}`);
    if (res.status === 404) return null;
    if (!res.ok) throw this.unexpected('read a payout', res);
    return toPayout(res.body);
  }

  async cancelPayoutItem(itemId: string): Promise<boolean> {
    const res = await this.call<PaypalPayoutItemJson>('POST', `/v1/payments/payouts-item/${encodeURIComponent(itemId)}/cancel`, {
      body: {},
    });
    if (res.ok) return res.body.transaction_status === 'RETURNED';
    if (res.error?.name === 'ITEM_ALREADY_CANCELLED') return true;
    if (res.error?.name === 'ITEM_INCORRECT_STATUS' || res.status === 404) return false;
    throw this.unexpected('cancel a payout item', res);
  }

  async getDispute(id: string): Promise<ProviderDispute | null> {
    const res = await this.call<PaypalDisputeJson>('GET', `/v1/customer/disputes/${encodeURIComponent(id)}`);
    if (res.status === 404) return null;
    if (!res.ok) throw this.unexpected('read a dispute', res);
    const d = res.body;
    return {
      id: d.dispute_id,
      captureId: d.disputed_transactions?.[0]?.seller_transaction_id ?? null,
      status: d.status,
      outcome: d.dispute_outcome?.outcome_code ?? null,
    };
  }

  async searchTransactions(from: Date, to: Date): Promise<ProviderTransaction[]> {
    if (to.getTime() - from.getTime() > SEARCH_RANGE_MS) throw new Error('PayPal searches transactions 31 days at a time at most');
    const found: ProviderTransaction[] = [];
    for (let page = 1; ; page++) {
      const query = new URLSearchParams({
        start_date: searchTime(from),
        end_date: searchTime(to),
        fields: 'transaction_info',
        page_size: String(SEARCH_PAGE_SIZE),
        page: String(page),
      });
      const res = await this.call<PaypalSearchJson>('GET', `/v1/reporting/transactions?${query}`);
      if (!res.ok) throw this.unexpected('search transactions', res);
      const details = res.body.transaction_details ?? [];
      found.push(...details.map((d) => toTransaction(d.transaction_info)));
      if (!details.length || page >= (res.body.total_pages ?? 0)) break;
    }
    return found.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  }

  private toOrder(o: PaypalOrderJson): ProviderOrder {
    const unit = o.purchase_units?.[0];
    const captures = unit?.payments?.captures ?? [];
    // The last capture is the one that counts: a declined attempt may precede a completed one.
    const capture = captures.length ? toCapture(captures[captures.length - 1], unit) : null;
    return {
      id: o.id,
      status: o.status,
      invoiceId: unit?.invoice_id ?? null,
      amountCents: unit?.amount ? cents(unit.amount.value) : null,
      capture,
    };
  }

  private unexpected(what: string, res: { status: number; issue?: string; error?: PaypalError }) {
    return new PaymentProviderError(`PayPal did not ${what}: ${res.status} ${res.issue ?? res.error?.name ?? ''}`.trim(), res.status);
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const { clientId, clientSecret } = await this.opts.credentials();
    const res = await this.fetch('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (!res.ok) throw new PaymentProviderError(`PayPal refused the API credentials: ${res.status}`, res.status);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    // Renewed a minute early, so that no call goes out with a token about to expire.
    this.token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in - 60) * 1000 };
    return body.access_token;
  }

  /**
   * One call of PayPal's API. PayPal's passing trouble (429, a 5xx, no connection) is asked again once, a
   * moment later: every call here is safe to repeat (an order, a capture and a refund carry their
   * PayPal-Request-Id, a payout its sender batch id; the rest only read or cancel). A call that timed out is
   * not: the time it took is the request's.
   */
  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    /** `json`: a body already in JSON, sent as it is. */
    opts: { body?: unknown; json?: string; requestId?: string } = {},
  ): Promise<{ ok: true; status: number; body: T } | { ok: false; status: number; issue?: string; error?: PaypalError }> {
    let renewed = false;
    for (let attempt = 1; ; attempt++) {
      let res: Response;
      try {
        res = await this.fetch(path, {
          method,
          headers: {
            authorization: `Bearer ${await this.accessToken()}`,
            'content-type': 'application/json',
            prefer: 'return=representation',
            ...(opts.requestId ? { 'paypal-request-id': opts.requestId } : {}),
          },
          body: opts.json ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
        });
      } catch (err) {
        if (attempt < CALL_ATTEMPTS && !(err as { timedOut?: boolean }).timedOut) {
          await pause(attempt);
          continue;
        }
        throw err;
      }
      // A token revoked early: get a new one, once.
      if (res.status === 401 && !renewed) {
        renewed = true;
        this.token = undefined;
        continue;
      }
      if (PASSING.has(res.status) && attempt < CALL_ATTEMPTS) {
        await res.body?.cancel();
        await pause(attempt);
        continue;
      }
      const text = await res.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : {};
      } catch {
        throw new PaymentProviderError(`PayPal answered ${res.status} with a body that is not JSON`, res.status);
      }
      if (res.ok) return { ok: true, status: res.status, body: json as T };
      const error = json as PaypalError;
      return { ok: false, status: res.status, issue: error.details?.[0]?.issue, error };
    }
  }

  private async fetch(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(new URL(path, this.opts.baseUrl), { ...init, signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000) });
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError';
      throw Object.assign(
        new PaymentProviderError(`PayPal ${timedOut ? 'did not answer in time' : `could not be reached: ${(err as Error).message}`}`),
        {
          timedOut,
        },
      );
    }
  }
}
