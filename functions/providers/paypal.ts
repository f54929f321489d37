/**
 * PayPal's REST API (Orders v2, Payments v2, webhook verification) through one small typed client with a
 * configurable base URL: PayPal's own server SDK hard-codes its two hosts, and the local stand-in must be
 * reachable the same way. Every call is bounded in time; anything unexpected becomes PaymentProviderError.
 */
import { centsOfDecimal, CURRENCY, decimalAmount } from '../../shared/money.js';
import {
  PaymentProviderError,
  type CaptureOutcome,
  type CaptureState,
  type CreatedOrder,
  type OrderRequest,
  type PaymentProvider,
  type ProviderCapture,
  type ProviderOrder,
  type WebhookHeaders,
} from './payment-provider.js';

export interface PaypalCredentials {
  clientId: string;
  clientSecret: string;
  webhookId: string;
}

interface PaypalError {
  name?: string;
  message?: string;
  details?: { issue?: string; description?: string }[];
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

const TIMEOUT_MS = 15_000;

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

export class PaypalClient implements PaymentProvider {
  private token: { value: string; expiresAt: number } | undefined;

  constructor(private readonly opts: { baseUrl: string; credentials: () => Promise<PaypalCredentials> }) {}

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

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    /** `json`: a body already in JSON, sent as it is. */
    opts: { body?: unknown; json?: string; requestId?: string } = {},
  ): Promise<{ ok: true; status: number; body: T } | { ok: false; status: number; issue?: string; error?: PaypalError }> {
    for (let attempt = 1; ; attempt++) {
      const res = await this.fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${await this.accessToken()}`,
          'content-type': 'application/json',
          prefer: 'return=representation',
          ...(opts.requestId ? { 'paypal-request-id': opts.requestId } : {}),
        },
        body: opts.json ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
      });
      // A token revoked early: get a new one, once.
      if (res.status === 401 && attempt === 1) {
        this.token = undefined;
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
      return await fetch(new URL(path, this.opts.baseUrl), { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      throw new PaymentProviderError(`PayPal could not be reached: ${(err as Error).message}`);
    }
  }
}
