/**
 * PayPal's REST API (Orders v2, Payments v2, webhook verification, Payouts v1, Disputes v1, Transaction
 * Search v1) through one small typed client with a configurable base URL: PayPal's own server SDK hard-codes
 * its two hosts, and the local stand-in must be reachable the same way. Every call is bounded in time;
 * anything unexpected becomes PaymentProviderError. PayPal grants Payouts and Transaction Search to an app
 * by scopes of their own (payouts, reporting/search/read): its live app must have them.
 */
import { CURRENCY, decimalAmount } from '../../shared/money.js';
import {
  PaymentProviderError,
  PayoutRefused,
  type CaptureOutcome,
  type CreatedOrder,
  type OrderRequest,
  type PaymentProvider,
  type PayoutRequest,
  type ProviderDispute,
  type ProviderOrder,
  type ProviderPayout,
  type ProviderTransaction,
  type WebhookHeaders,
} from './payment-provider.js';
import {
  cents,
  duplicateBatchId,
  payeeOf,
  payoutRefusal,
  searchTime,
  toCapture,
  toPayout,
  toTransaction,
  type PaypalCaptureJson,
  type PaypalDisputeJson,
  type PaypalError,
  type PaypalOrderJson,
  type PaypalPayoutBatchJson,
  type PaypalPayoutItemJson,
  type PaypalSearchJson,
} from './paypal-json.js';

export interface PaypalCredentials {
  clientId: string;
  clientSecret: string;
  webhookId: string;
}

/** PayPal's answers of passing trouble, asked again once (CALL_ATTEMPTS) after a short pause. */
const PASSING = new Set([429, 500, 502, 503, 504]);
const CALL_ATTEMPTS = 2;
const pause = (attempt: number) => new Promise((r) => setTimeout(r, 250 * attempt));

/** The longest range PayPal's transaction search takes, and the most it lists a page. */
const SEARCH_RANGE_MS = 31 * 86_400_000;
const SEARCH_PAGE_SIZE = 500;

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
