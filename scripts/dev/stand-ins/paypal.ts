/**
 * A local stand-in for the part of PayPal's REST API the product calls, so `npm start` and the tests need
 * no network: the product's own PayPal client is pointed here by its base URL.
 *
 * API (Bearer token from /v1/oauth2/token; JSON; PayPal's resource and error shapes):
 *   POST /v1/oauth2/token, POST /v2/checkout/orders, GET /v2/checkout/orders/{id},
 *   POST /v2/checkout/orders/{id}/capture, GET /v2/payments/captures/{id},
 *   POST /v2/payments/captures/{id}/refund, GET /v2/payments/refunds/{id},
 *   POST /v1/notifications/verify-webhook-signature, GET /v1/notifications/webhooks-events[/{id}],
 *   POST /v1/notifications/webhooks-events/{id}/resend.
 * Buyer's pages (no token): GET /checkoutnow?token={order id}, whose forms POST to /checkoutnow/approve,
 *   /checkoutnow/decline and /checkoutnow/cancel (HTML in paypal-pages.ts).
 * Where PayPal's behaviour depends on the request, this follows PayPal:
 * - `Prefer` defaults to `return=minimal`; `Prefer: return=representation` gives the whole resource.
 * - An order made with `payment_source.paypal` starts as PAYER_ACTION_REQUIRED with a `payer-action`
 *   link; one made with `application_context` starts as CREATED with an `approve` link.
 * - A capture after "Approve with a declined card" answers 422 INSTRUMENT_DECLINED (with a `redirect`
 *   link to the approval page) and puts the order back to its first status: the buyer must approve
 *   again (PayPal's "restart"). No capture exists, so no PAYMENT.CAPTURE.DENIED is sent.
 * - `PayPal-Request-Id` replays only successful answers, so a retry after an error is carried out.
 * Webhooks: each event is POSTed to webhookUrl() after the response that raised it, retried after 0.5 s,
 * 2 s and 5 s; every attempt is recorded on the event (`transmissions`) and carries PayPal's headers, its
 * own transmission time and a `paypal-cert-url` on PayPal's sandbox host (never fetched: the product
 * verifies through verify-webhook-signature). Unlike PayPal, which signs with RSA and that certificate, the
 * signature is HMAC-SHA256 keyed by the client secret, over PayPal's own string
 * `transmission_id|transmission_time|webhook_id|crc32(body)`. As PayPal does, verify-webhook-signature
 * checks it over the bytes of `webhook_event` in its request, exactly as they are there: an event parsed
 * and serialised again differently (`1.0` as `1`, an escaped character unescaped, other spacing) fails.
 *
 * Local-only controls (not PayPal; no token):
 *   GET  /_local/health
 *   GET  /_local/verifications?event_id=  -> { event_id, calls }: the verify-webhook-signature calls made
 *                                           about that event (what a product's checks spared PayPal)
 *   GET  /_local/webhooks                   -> { paused, url }
 *   POST /_local/webhooks {"paused": bool}  while paused, new events are recorded but only a resend
 *                                           delivers them; deliveries already under way wait
 */
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { approvalPage, noticePage } from './paypal-pages.js';

export interface PaypalStandinOptions {
  /** Listens on 127.0.0.1:port. */
  port: number;
  /** State is kept in dataDir/state.json and survives restarts. */
  dataDir: string;
  /** The OAuth client credentials the product must present. */
  clientId: string;
  clientSecret: string;
  /** The id of the one registered webhook. */
  webhookId: string;
  /** Where events are POSTed; while undefined, events wait. */
  webhookUrl: () => string | undefined;
  log?: (line: string) => void;
}

export interface PaypalStandin {
  url: string;
  close(): Promise<void>;
}

const TOKEN_TTL_S = 32400;
/** Waits before the 2nd, 3rd and 4th delivery attempt of an event. */
const RETRY_DELAYS_MS = [500, 2000, 5000];
const DELIVERY_TIMEOUT_MS = 10_000;
const MAX_BODY_BYTES = 1024 * 1024;
const STATE_VERSION = 1;
const BUYER = { email: 'buyer@example.com', givenName: 'John', surname: 'Doe' };
const MERCHANT_EMAIL = 'merchant@example.com';
/** Where PayPal's sandbox serves the certificate its deliveries name (the local one is never fetched). */
export const WEBHOOK_CERT_URL = 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-local';
export const AUTH_ALGO = 'SHA256withRSA';
/** PayPal's US rate for PayPal checkout: 3.49% + $0.49; the fixed part is not returned on refunds. */
const FEE_RATE_BP = 349;
const FEE_FIXED_CENTS = 49;

// ---- shapes ----

interface Money {
  currency_code: string;
  value: string;
}
interface Link {
  href: string;
  rel: string;
  method: string;
}
interface Payer {
  name: { given_name: string; surname: string };
  email_address: string;
  payer_id: string;
  address: { country_code: string };
}
interface PurchaseUnit {
  reference_id: string;
  amount: Money;
  description?: string;
  custom_id?: string;
  invoice_id?: string;
  soft_descriptor?: string;
}
type OrderStatus = 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
interface StoredOrder {
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
interface StoredCapture {
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
interface StoredRefund {
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
interface WebhookEvent {
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
interface Transmission {
  transmission_id: string;
  webhook_url: string;
  http_status: number;
  reason_phrase: string;
  status: 'SUCCESS' | 'FAILURE';
  timestamp: string;
}
interface StoredEvent {
  /** Exactly what is delivered. */
  event: WebhookEvent;
  status: 'PENDING' | 'SUCCESS' | 'FAILURE';
  /** Recorded while delivery was paused: only a resend delivers it. */
  held: boolean;
  transmissions: Transmission[];
}
interface State {
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

// ---- helpers ----

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** PayPal's ids: uppercase letters and digits (17 for orders, captures and refunds). */
const paypalId = (length = 17) => Array.from(randomBytes(length), (b) => ALNUM[b % 36]).join('');
const stableId = (seed: string, length: number) =>
  Array.from(createHash('sha256').update(seed).digest().subarray(0, length), (b) => ALNUM[b % 36]).join('');
const debugId = () => randomBytes(7).toString('hex').slice(0, 13);
/** PayPal's timestamps have whole seconds. */
const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
const usd = (cents: number): Money => ({ currency_code: 'USD', value: (cents / 100).toFixed(2) });

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
/** CRC-32 of the bytes (text as UTF-8), unsigned decimal as in PayPal's signed string. */
function crc32(data: Buffer | string): number {
  let crc = 0xffffffff;
  for (const byte of typeof data === 'string' ? Buffer.from(data, 'utf8') : data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export interface SignedTransmission {
  transmissionId: string;
  transmissionTime: string;
  webhookId: string;
  /** The stand-in's signing key: the client secret. */
  clientSecret: string;
}

/** The `paypal-transmission-sig` of a delivery whose body is `body` (its bytes, text as UTF-8). */
export function webhookSignature(body: Buffer | string, t: SignedTransmission): string {
  return createHmac('sha256', t.clientSecret)
    .update(`${t.transmissionId}|${t.transmissionTime}|${t.webhookId}|${crc32(body)}`)
    .digest('base64');
}

const [SPACE, TAB, LF, CR, QUOTE, COMMA, BACKSLASH, LBRACE, RBRACE, LBRACKET, RBRACKET] = [...' \t\n\r",\\{}[]'].map((c) =>
  c.charCodeAt(0),
);
const WHITESPACE = [SPACE, TAB, LF, CR];

/**
 * The bytes of a member's value in the text of a JSON object (known to be valid: parsed before), exactly as
 * they are there; the last one of that name, as JSON.parse keeps. UTF-8 never puts these ASCII delimiters
 * inside a multi-byte character, so the bytes can be walked as they are.
 */
export function rawMember(json: Buffer, name: string): Buffer | undefined {
  let i = 0;
  const skipSpace = () => {
    while (WHITESPACE.includes(json[i])) i++;
  };
  const skipString = () => {
    for (i++; json[i] !== QUOTE; i++) if (json[i] === BACKSLASH) i++;
    i++;
  };
  const skipValue = () => {
    if (json[i] === QUOTE) return skipString();
    if (json[i] !== LBRACE && json[i] !== LBRACKET) {
      // A number, true, false or null: up to the next delimiter.
      while (i < json.length && ![COMMA, RBRACE, RBRACKET, ...WHITESPACE].includes(json[i])) i++;
      return;
    }
    let depth = 0;
    do {
      if (json[i] === QUOTE) {
        skipString();
        continue;
      }
      if (json[i] === LBRACE || json[i] === LBRACKET) depth++;
      else if (json[i] === RBRACE || json[i] === RBRACKET) depth--;
      i++;
    } while (depth > 0);
  };
  let found: Buffer | undefined;
  skipSpace();
  if (json[i] !== LBRACE) return undefined;
  i++;
  for (skipSpace(); json[i] === QUOTE; skipSpace()) {
    const keyStart = i;
    skipString();
    const key = JSON.parse(json.subarray(keyStart, i).toString('utf8')) as string;
    skipSpace();
    i++; // the colon
    skipSpace();
    const start = i;
    skipValue();
    if (key === name) found = json.subarray(start, i);
    skipSpace();
    if (json[i] === COMMA) i++;
  }
  return found;
}

/** Appends query parameters, keeping the URL's own query and fragment as they are. */
function withQuery(target: string, params: Record<string, string>): string {
  const hashAt = target.indexOf('#');
  const base = hashAt < 0 ? target : target.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : target.slice(hashAt);
  const sep = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${sep}${new URLSearchParams(params).toString()}${hash}`;
}

// ---- errors ----

interface ErrorDetail {
  issue: string;
  description: string;
  field?: string;
  value?: string;
  location?: 'body' | 'path' | 'header' | 'query';
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly name: string,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly links: Link[] = [],
    /** Extra top-level fields (the OAuth endpoint's `error`, `error_description`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const invalidRequest = (detail: ErrorDetail) =>
  new ApiError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
    { location: 'body', ...detail },
  ]);
const unprocessable = (detail: ErrorDetail, links: Link[] = []) =>
  new ApiError(
    422,
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
    [detail],
    [...links, { href: `https://developer.paypal.com/docs/api/orders/v2/#error-${detail.issue}`, rel: 'information_link', method: 'GET' }],
  );
const notFound = (field: string, value: string) =>
  new ApiError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
    {
      field,
      value,
      location: 'path',
      issue: 'INVALID_RESOURCE_ID',
      description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
    },
  ]);
const missing = (field: string) =>
  invalidRequest({ field, issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field / parameter is missing.' });
const badSyntax = (field: string, value: unknown) =>
  invalidRequest({
    field,
    value: String(value),
    issue: 'INVALID_PARAMETER_SYNTAX',
    description: 'The value of a field does not conform to the expected format.',
  });
const authFailure = () =>
  new ApiError(
    401,
    'AUTHENTICATION_FAILURE',
    'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
    [
      {
        issue: 'INVALID_ACCESS_TOKEN',
        description: 'The Authorization header must carry "Bearer <access token>" with a token issued by /v1/oauth2/token.',
        location: 'header',
      },
    ],
  );

function errorBody(e: ApiError) {
  return {
    ...e.extra,
    name: e.name,
    message: e.message,
    debug_id: debugId(),
    details: e.details,
    links: e.links.length
      ? e.links
      : [{ href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${e.name}`, rel: 'information_link', method: 'GET' }],
  };
}

// ---- input checks ----

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function optionalString(obj: Json, key: string, field: string, max: number): string | undefined {
  const v = obj[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw badSyntax(field, v);
  if (v.length < 1 || v.length > max) {
    throw invalidRequest({
      field,
      value: v,
      issue: 'INVALID_STRING_LENGTH',
      description: `The value of a field is either too short or too long (1 to ${max} characters).`,
    });
  }
  return v;
}

function optionalUrl(obj: Json, key: string, field: string): string | undefined {
  const v = optionalString(obj, key, field, 4000);
  if (v === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(v);
  } catch {
    throw badSyntax(field, v);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw badSyntax(field, v);
  return v;
}

/** A positive USD amount with exactly two decimals, in cents. */
function parseAmount(amount: unknown, field: string): number {
  if (!isObject(amount)) throw amount === undefined ? missing(field) : badSyntax(field, JSON.stringify(amount));
  if (amount.currency_code === undefined) throw missing(`${field}/currency_code`);
  if (amount.value === undefined) throw missing(`${field}/value`);
  if (typeof amount.currency_code !== 'string') throw badSyntax(`${field}/currency_code`, amount.currency_code);
  if (amount.currency_code !== 'USD') {
    throw unprocessable({
      field: `${field}/currency_code`,
      value: amount.currency_code,
      location: 'body',
      issue: 'CURRENCY_NOT_SUPPORTED',
      description: 'Currency code is not currently supported (this account takes USD only).',
    });
  }
  const value = amount.value;
  if (typeof value !== 'string' || !/^\d{1,10}(\.\d+)?$/.test(value)) throw badSyntax(`${field}/value`, value);
  if (!/\.\d{2}$/.test(value)) {
    throw unprocessable({
      field: `${field}/value`,
      value,
      location: 'body',
      issue: 'DECIMAL_PRECISION',
      description: 'Give the value with two decimal places, e.g. "30.00".',
    });
  }
  const cents = Math.round(Number(value) * 100);
  if (cents <= 0) {
    throw unprocessable({
      field: `${field}/value`,
      value,
      location: 'body',
      issue: 'CANNOT_BE_ZERO_OR_NEGATIVE',
      description: 'Must be greater than zero.',
    });
  }
  return cents;
}

// ---- the server ----

export async function startPaypal(opts: PaypalStandinOptions): Promise<PaypalStandin> {
  const log = opts.log ?? (() => {});
  const url = `http://localhost:${opts.port}`;
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const stateFile = path.join(opts.dataDir, 'state.json');
  const state = loadState(stateFile);
  const merchantId = stableId(`merchant:${opts.clientId}`, 13);
  const payerId = stableId(`payer:${opts.clientId}`, 13);
  let closed = false;
  let paused = false;
  const timers = new Set<NodeJS.Timeout>();
  const inflight = new Set<http.ClientRequest>();
  /** Automatic deliveries stopped by a pause, by event id: the attempt each resumes at. */
  const waiting = new Map<string, number>();
  /** verify-webhook-signature calls by the id of the event they were about (kept in memory only). */
  const verifications = new Map<string, number>();

  function save() {
    const tmp = `${stateFile}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(state));
    fs.renameSync(tmp, stateFile);
  }

  const later = (ms: number, fn: () => void) => {
    if (closed) return;
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  // ---- representations ----

  const orderHref = (id: string) => `${url}/v2/checkout/orders/${id}`;
  const captureHref = (id: string) => `${url}/v2/payments/captures/${id}`;
  const refundHref = (id: string) => `${url}/v2/payments/refunds/${id}`;
  const approveHref = (id: string) => `${url}/checkoutnow?token=${id}`;

  function payer(): Payer {
    return {
      name: { given_name: BUYER.givenName, surname: BUYER.surname },
      email_address: BUYER.email,
      payer_id: payerId,
      address: { country_code: 'US' },
    };
  }

  function orderLinks(o: StoredOrder): Link[] {
    const self = { href: orderHref(o.id), rel: 'self', method: 'GET' };
    const update = { href: orderHref(o.id), rel: 'update', method: 'PATCH' };
    const capture = { href: `${orderHref(o.id)}/capture`, rel: 'capture', method: 'POST' };
    switch (o.status) {
      case 'CREATED':
        return [self, { href: approveHref(o.id), rel: 'approve', method: 'GET' }, update, capture];
      case 'PAYER_ACTION_REQUIRED':
        return [self, { href: approveHref(o.id), rel: 'payer-action', method: 'GET' }];
      case 'APPROVED':
        return [self, update, capture];
      case 'COMPLETED':
        return [self];
    }
  }

  function paymentSource(o: StoredOrder) {
    if (o.payer) {
      const p = o.payer;
      return {
        paypal: { email_address: p.email_address, account_id: p.payer_id, account_status: 'VERIFIED', name: p.name, address: p.address },
      };
    }
    return o.paymentSource ? { paypal: {} } : undefined;
  }

  function captureJson(c: StoredCapture, withSupplementary: boolean) {
    return {
      id: c.id,
      status: c.status,
      amount: usd(c.cents),
      final_capture: true,
      seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
      seller_receivable_breakdown: { gross_amount: usd(c.cents), paypal_fee: usd(c.feeCents), net_amount: usd(c.cents - c.feeCents) },
      ...(c.invoiceId !== undefined && { invoice_id: c.invoiceId }),
      ...(c.customId !== undefined && { custom_id: c.customId }),
      ...(withSupplementary && { supplementary_data: { related_ids: { order_id: c.orderId } } }),
      links: [
        { href: captureHref(c.id), rel: 'self', method: 'GET' },
        { href: `${captureHref(c.id)}/refund`, rel: 'refund', method: 'POST' },
        { href: orderHref(c.orderId), rel: 'up', method: 'GET' },
      ],
      create_time: c.createTime,
      update_time: c.updateTime,
    };
  }

  function refundJson(r: StoredRefund) {
    const capture = state.captures[r.captureId];
    return {
      id: r.id,
      amount: usd(r.cents),
      seller_payable_breakdown: {
        gross_amount: usd(r.cents),
        paypal_fee: usd(r.feeCents),
        net_amount: usd(r.cents - r.feeCents),
        total_refunded_amount: usd(r.totalRefundedCents),
      },
      ...(r.invoiceId !== undefined && { invoice_id: r.invoiceId }),
      ...(capture?.customId !== undefined && { custom_id: capture.customId }),
      ...(r.noteToPayer !== undefined && { note_to_payer: r.noteToPayer }),
      status: 'COMPLETED',
      create_time: r.createTime,
      update_time: r.updateTime,
      links: [
        { href: refundHref(r.id), rel: 'self', method: 'GET' },
        { href: captureHref(r.captureId), rel: 'up', method: 'GET' },
      ],
    };
  }

  function unitJson(o: StoredOrder) {
    const capture = o.captureId ? state.captures[o.captureId] : undefined;
    return {
      ...o.unit,
      payee: { email_address: MERCHANT_EMAIL, merchant_id: merchantId },
      ...(capture && {
        payments: {
          captures: [captureJson(capture, false)],
          ...(capture.refundIds.length > 0 && { refunds: capture.refundIds.map((id) => refundJson(state.refunds[id])) }),
        },
      }),
    };
  }

  function orderJson(o: StoredOrder) {
    const source = paymentSource(o);
    return {
      id: o.id,
      intent: 'CAPTURE',
      status: o.status,
      ...(source && { payment_source: source }),
      purchase_units: [unitJson(o)],
      ...(o.payer && { payer: o.payer }),
      create_time: o.createTime,
      update_time: o.updateTime,
      links: orderLinks(o),
    };
  }

  // ---- webhooks ----

  function emit(eventType: string, resourceType: WebhookEvent['resource_type'], summary: string, resource: unknown) {
    const id = `WH-${paypalId()}-${paypalId()}`;
    const eventHref = `${url}/v1/notifications/webhooks-events/${id}`;
    const event: WebhookEvent = {
      id,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary,
      resource: structuredClone(resource),
      links: [
        { href: eventHref, rel: 'self', method: 'GET' },
        { href: `${eventHref}/resend`, rel: 'resend', method: 'POST' },
      ],
    };
    state.events.push({ event, status: 'PENDING', held: paused, transmissions: [] });
    save();
    log(`paypal: ${eventType} ${id}${paused ? ' (held: delivery is paused)' : ''}`);
    // Never inside the request that caused it: PayPal sends webhooks after answering.
    if (!paused) later(0, () => deliver(id, 0, false));
  }

  /** `resend`: asked for through the API, so it goes out even while delivery is paused. */
  function deliver(eventId: string, attempt: number, resend: boolean) {
    if (closed) return;
    const stored = state.events.find((e) => e.event.id === eventId);
    if (!stored) return;
    if (paused && !resend) return void waiting.set(eventId, attempt);
    const target = opts.webhookUrl();
    // Not yet known (the API starts after this): try again shortly, without spending an attempt.
    if (!target) return later(250, () => deliver(eventId, attempt, resend));
    const body = JSON.stringify(stored.event);
    const transmissionId = randomUUID();
    const transmissionTime = now();
    const headers = {
      'content-type': 'application/json',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': transmissionTime,
      'paypal-transmission-sig': webhookSignature(body, {
        transmissionId,
        transmissionTime,
        webhookId: opts.webhookId,
        clientSecret: opts.clientSecret,
      }),
      'paypal-cert-url': WEBHOOK_CERT_URL,
      'paypal-auth-algo': AUTH_ALGO,
      'user-agent': 'PayPal/AUHD-214.0-58277442',
    };
    void post(target, body, headers).then(({ status, reason }) => {
      if (closed) return;
      const ok = status >= 200 && status < 300;
      stored.transmissions.push({
        transmission_id: transmissionId,
        webhook_url: target,
        http_status: status,
        reason_phrase: reason,
        status: ok ? 'SUCCESS' : 'FAILURE',
        timestamp: now(),
      });
      const retry = !ok && attempt < RETRY_DELAYS_MS.length;
      stored.status = ok ? 'SUCCESS' : retry ? 'PENDING' : 'FAILURE';
      save();
      if (!ok)
        log(
          `paypal: delivering ${stored.event.event_type} ${eventId} to ${target} failed (${status || reason})${retry ? '; will retry' : '; giving up'}`,
        );
      if (retry) later(RETRY_DELAYS_MS[attempt], () => deliver(eventId, attempt + 1, resend));
    });
  }

  function post(target: string, body: string, headers: Record<string, string>): Promise<{ status: number; reason: string }> {
    return new Promise((resolve) => {
      let settled = false;
      const done = (status: number, reason: string) => {
        if (!settled) resolve({ status, reason });
        settled = true;
      };
      let parsed: URL;
      try {
        parsed = new URL(target);
      } catch {
        return done(0, `not a URL: ${target}`);
      }
      if (parsed.protocol !== 'http:') return done(0, 'only http:// webhook URLs are reachable locally');
      const req = http.request(
        parsed,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          agent: false,
          timeout: DELIVERY_TIMEOUT_MS,
        },
        (res) => {
          res.resume();
          res.on('end', () => done(res.statusCode ?? 0, res.statusMessage ?? ''));
          res.on('error', (e) => done(res.statusCode ?? 0, e.message));
        },
      );
      inflight.add(req);
      req.on('close', () => inflight.delete(req));
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', (e) => done(0, e.message));
      req.end(body);
    });
  }

  function eventJson(e: StoredEvent) {
    return { ...e.event, status: e.status, transmissions: e.transmissions };
  }

  // ---- requests ----

  interface Ctx {
    method: string;
    url: URL;
    body: Buffer;
    header(name: string): string | undefined;
    json(): Json;
    form(): URLSearchParams;
    representation: boolean;
  }
  type Reply = { status: number; json?: unknown; html?: string; text?: string; location?: string };
  type Handler = (ctx: Ctx, params: string[]) => Reply;

  function requireBearer(ctx: Ctx) {
    const m = /^Bearer\s+(\S+)$/i.exec(ctx.header('authorization') ?? '');
    const token = m && state.tokens[m[1]];
    if (!token || token.expiresAt < Date.now()) throw authFailure();
  }

  /** PayPal-Request-Id: the same id for the same operation gets the first successful answer again. */
  function idempotent(ctx: Ctx, scope: string, run: () => Reply): Reply {
    const requestId = ctx.header('paypal-request-id');
    if (!requestId) return run();
    const key = `${scope}|${requestId}`;
    const hit = state.idempotency[key];
    if (hit) return { status: hit.status, json: structuredClone(hit.body) };
    const reply = run();
    if (reply.status < 300) {
      state.idempotency[key] = { status: reply.status, body: structuredClone(reply.json) };
      save();
    }
    return reply;
  }

  function invoiceCaptured(invoiceId: string, exceptOrder?: string) {
    return Object.values(state.orders).some((o) => o.id !== exceptOrder && o.status === 'COMPLETED' && o.unit.invoice_id === invoiceId);
  }
  const duplicateInvoice = (invoiceId: string) =>
    unprocessable({
      field: "/purchase_units/@reference_id=='default'/invoice_id",
      value: invoiceId,
      location: 'body',
      issue: 'DUPLICATE_INVOICE_ID',
      description:
        'Duplicate Invoice ID detected. To avoid a potential duplicate transaction your account setting requires that Invoice Id be unique for each transaction.',
    });

  const oauthToken: Handler = (ctx) => {
    const invalidClient = () =>
      new ApiError(
        401,
        'AUTHENTICATION_FAILURE',
        'Client Authentication failed',
        [{ issue: 'invalid_client', description: 'Client Authentication failed' }],
        [],
        {
          error: 'invalid_client',
          error_description: 'Client Authentication failed',
        },
      );
    const m = /^Basic\s+(\S+)$/i.exec(ctx.header('authorization') ?? '');
    if (!m) throw invalidClient();
    const decoded = Buffer.from(m[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0 || decoded.slice(0, colon) !== opts.clientId || decoded.slice(colon + 1) !== opts.clientSecret) throw invalidClient();
    const grant = ctx.form().get('grant_type');
    if (grant !== 'client_credentials') {
      const description = grant ? `Unsupported grant type ${grant}` : 'Grant Type is NULL';
      throw new ApiError(400, 'INVALID_REQUEST', description, [{ issue: 'unsupported_grant_type', description }], [], {
        error: 'unsupported_grant_type',
        error_description: description,
      });
    }
    for (const [t, v] of Object.entries(state.tokens)) if (v.expiresAt < Date.now()) delete state.tokens[t];
    const token = `A21AA${randomBytes(72).toString('base64url')}`;
    state.tokens[token] = { expiresAt: Date.now() + TOKEN_TTL_S * 1000 };
    save();
    return {
      status: 200,
      json: {
        scope:
          'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund https://uri.paypal.com/services/applications/webhooks https://uri.paypal.com/services/payments/orders/readwrite',
        access_token: token,
        token_type: 'Bearer',
        app_id: `APP-${stableId(`app:${opts.clientId}`, 17)}`,
        expires_in: TOKEN_TTL_S,
        nonce: `${now()}${randomBytes(32).toString('base64url')}`,
      },
    };
  };

  const createOrder: Handler = (ctx) =>
    idempotent(ctx, 'create-order', () => {
      const body = ctx.json();
      if (body.intent === undefined) throw missing('/intent');
      if (body.intent !== 'CAPTURE') {
        throw invalidRequest({
          field: '/intent',
          value: String(body.intent),
          issue: 'INVALID_PARAMETER_VALUE',
          description: 'The value of a field is invalid: this account takes intent CAPTURE only.',
        });
      }
      const units = body.purchase_units;
      if (units === undefined) throw missing('/purchase_units');
      if (!Array.isArray(units)) throw badSyntax('/purchase_units', JSON.stringify(units));
      if (units.length < 1)
        throw invalidRequest({
          field: '/purchase_units',
          issue: 'INVALID_ARRAY_MIN_ITEMS',
          description: 'The number of items in an array parameter is too small.',
        });
      if (units.length > 1) {
        throw invalidRequest({
          field: '/purchase_units',
          issue: 'INVALID_ARRAY_MAX_ITEMS',
          description: 'The number of items in an array parameter is too large: this account takes one purchase unit.',
        });
      }
      const u = units[0];
      if (!isObject(u)) throw badSyntax('/purchase_units/0', JSON.stringify(u));
      const cents = parseAmount(u.amount, '/purchase_units/0/amount');
      const unit: PurchaseUnit = {
        reference_id: optionalString(u, 'reference_id', '/purchase_units/0/reference_id', 256) ?? 'default',
        amount: usd(cents),
      };
      const description = optionalString(u, 'description', '/purchase_units/0/description', 127);
      const customId = optionalString(u, 'custom_id', '/purchase_units/0/custom_id', 255);
      const invoiceId = optionalString(u, 'invoice_id', '/purchase_units/0/invoice_id', 127);
      const softDescriptor = optionalString(u, 'soft_descriptor', '/purchase_units/0/soft_descriptor', 22);
      if (description !== undefined) unit.description = description;
      if (customId !== undefined) unit.custom_id = customId;
      if (invoiceId !== undefined) unit.invoice_id = invoiceId;
      if (softDescriptor !== undefined) unit.soft_descriptor = softDescriptor;

      let context: Json = {};
      let viaPaymentSource = false;
      if (body.payment_source !== undefined) {
        const source = body.payment_source;
        if (!isObject(source) || !isObject(source.paypal) || Object.keys(source).length !== 1) {
          throw invalidRequest({
            field: '/payment_source',
            issue: 'INVALID_PARAMETER_VALUE',
            description: 'The value of a field is invalid: this account takes payment_source.paypal only.',
          });
        }
        viaPaymentSource = true;
        const experience = source.paypal.experience_context;
        if (experience !== undefined && !isObject(experience))
          throw badSyntax('/payment_source/paypal/experience_context', JSON.stringify(experience));
        context = experience ?? {};
      } else if (body.application_context !== undefined) {
        if (!isObject(body.application_context)) throw badSyntax('/application_context', JSON.stringify(body.application_context));
        context = body.application_context;
      }
      const where = viaPaymentSource ? '/payment_source/paypal/experience_context' : '/application_context';
      const returnUrl = optionalUrl(context, 'return_url', `${where}/return_url`);
      const cancelUrl = optionalUrl(context, 'cancel_url', `${where}/cancel_url`);
      const brandName = optionalString(context, 'brand_name', `${where}/brand_name`, 127);

      if (invoiceId !== undefined && invoiceCaptured(invoiceId)) throw duplicateInvoice(invoiceId);
      const time = now();
      const initialStatus = viaPaymentSource ? 'PAYER_ACTION_REQUIRED' : 'CREATED';
      const order: StoredOrder = {
        id: paypalId(),
        status: initialStatus,
        initialStatus,
        paymentSource: viaPaymentSource,
        unit,
        returnUrl,
        cancelUrl,
        brandName,
        declines: false,
        createTime: time,
        updateTime: time,
      };
      state.orders[order.id] = order;
      save();
      log(`paypal: order ${order.id} created for $${unit.amount.value}${invoiceId ? ` (invoice ${invoiceId})` : ''}`);
      const source = paymentSource(order);
      return {
        status: 201,
        json: ctx.representation
          ? orderJson(order)
          : { id: order.id, status: order.status, ...(source && { payment_source: source }), links: orderLinks(order) },
      };
    });

  const showOrder: Handler = (_ctx, [id]) => {
    const o = state.orders[id];
    if (!o) throw notFound('order_id', id);
    return { status: 200, json: orderJson(o) };
  };

  const captureOrder: Handler = (ctx, [id]) =>
    idempotent(ctx, `capture:${id}`, () => {
      ctx.json();
      const o = state.orders[id];
      if (!o) throw notFound('order_id', id);
      if (o.status === 'COMPLETED') {
        throw unprocessable({
          issue: 'ORDER_ALREADY_CAPTURED',
          description: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
        });
      }
      if (o.status !== 'APPROVED') {
        throw unprocessable({
          issue: 'ORDER_NOT_APPROVED',
          description:
            "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
        });
      }
      if (o.declines) {
        // PayPal's restart: the buyer goes back to the approval page to choose another way to pay.
        o.status = o.initialStatus;
        o.declines = false;
        delete o.payer;
        o.updateTime = now();
        save();
        log(`paypal: order ${o.id} capture declined; the buyer must approve again`);
        throw unprocessable(
          {
            issue: 'INSTRUMENT_DECLINED',
            description: "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
          },
          [{ href: approveHref(o.id), rel: 'redirect', method: 'GET' }],
        );
      }
      if (o.unit.invoice_id !== undefined && invoiceCaptured(o.unit.invoice_id, o.id)) throw duplicateInvoice(o.unit.invoice_id);
      const time = now();
      const cents = Math.round(Number(o.unit.amount.value) * 100);
      const capture: StoredCapture = {
        id: paypalId(),
        orderId: o.id,
        status: 'COMPLETED',
        cents,
        feeCents: Math.round((cents * FEE_RATE_BP) / 10_000) + FEE_FIXED_CENTS,
        invoiceId: o.unit.invoice_id,
        customId: o.unit.custom_id,
        refundIds: [],
        createTime: time,
        updateTime: time,
      };
      state.captures[capture.id] = capture;
      o.status = 'COMPLETED';
      o.captureId = capture.id;
      o.updateTime = time;
      save();
      log(`paypal: order ${o.id} captured: ${capture.id}`);
      emit('PAYMENT.CAPTURE.COMPLETED', 'capture', `Payment completed for $ ${o.unit.amount.value} USD`, captureJson(capture, true));
      return {
        status: 201,
        json: ctx.representation
          ? orderJson(o)
          : {
              id: o.id,
              status: o.status,
              payment_source: paymentSource(o),
              purchase_units: [{ reference_id: o.unit.reference_id, payments: { captures: [captureJson(capture, false)] } }],
              payer: o.payer,
              links: [{ href: orderHref(o.id), rel: 'self', method: 'GET' }],
            },
      };
    });

  const showCapture: Handler = (_ctx, [id]) => {
    const c = state.captures[id];
    if (!c) throw notFound('capture_id', id);
    return { status: 200, json: captureJson(c, true) };
  };

  const refundCapture: Handler = (ctx, [id]) =>
    idempotent(ctx, `refund:${id}`, () => {
      const body = ctx.json();
      const c = state.captures[id];
      if (!c) throw notFound('capture_id', id);
      const invoiceId = optionalString(body, 'invoice_id', '/invoice_id', 127);
      const noteToPayer = optionalString(body, 'note_to_payer', '/note_to_payer', 255);
      const refunded = c.refundIds.reduce((sum, r) => sum + state.refunds[r].cents, 0);
      const remaining = c.cents - refunded;
      if (remaining <= 0) {
        throw unprocessable({ issue: 'CAPTURE_FULLY_REFUNDED', description: 'The capture has already been fully refunded' });
      }
      const cents = body.amount === undefined ? remaining : parseAmount(body.amount, '/amount');
      if (cents > remaining) {
        throw unprocessable({
          field: '/amount/value',
          value: usd(cents).value,
          location: 'body',
          issue: 'REFUND_AMOUNT_EXCEEDED',
          description: 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
        });
      }
      const time = now();
      const refund: StoredRefund = {
        id: paypalId(),
        captureId: c.id,
        cents,
        feeCents: Math.round((cents * FEE_RATE_BP) / 10_000),
        totalRefundedCents: refunded + cents,
        invoiceId: invoiceId ?? c.invoiceId,
        noteToPayer,
        createTime: time,
        updateTime: time,
      };
      state.refunds[refund.id] = refund;
      c.refundIds.push(refund.id);
      c.status = refund.totalRefundedCents === c.cents ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      c.updateTime = time;
      save();
      log(`paypal: capture ${c.id} refunded $${usd(cents).value} (${c.status})`);
      emit('PAYMENT.CAPTURE.REFUNDED', 'refund', `A $ ${usd(cents).value} USD capture payment was refunded`, refundJson(refund));
      const json = refundJson(refund);
      return { status: 201, json: ctx.representation ? json : { id: json.id, status: json.status, links: json.links } };
    });

  const showRefund: Handler = (_ctx, [id]) => {
    const r = state.refunds[id];
    if (!r) throw notFound('refund_id', id);
    return { status: 200, json: refundJson(r) };
  };

  const verifySignature: Handler = (ctx) => {
    const body = ctx.json();
    const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'] as const;
    for (const f of fields) {
      if (body[f] === undefined) throw missing(`/${f}`);
      if (typeof body[f] !== 'string') throw badSyntax(`/${f}`, body[f]);
    }
    if (body.webhook_event === undefined) throw missing('/webhook_event');
    if (!isObject(body.webhook_event)) throw badSyntax('/webhook_event', JSON.stringify(body.webhook_event));
    const { auth_algo, transmission_id, transmission_sig, transmission_time, webhook_id } = body as Record<(typeof fields)[number], string>;
    const eventId = String(body.webhook_event.id);
    verifications.set(eventId, (verifications.get(eventId) ?? 0) + 1);
    // Over the event's bytes as this request has them, as PayPal checks: not a serialisation of it.
    const event = rawMember(ctx.body, 'webhook_event')!;
    const expected = Buffer.from(
      webhookSignature(event, {
        transmissionId: transmission_id,
        transmissionTime: transmission_time,
        webhookId: webhook_id,
        clientSecret: opts.clientSecret,
      }),
    );
    const given = Buffer.from(transmission_sig);
    const ok =
      webhook_id === opts.webhookId && auth_algo === AUTH_ALGO && given.length === expected.length && timingSafeEqual(given, expected);
    return { status: 200, json: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
  };

  const listEvents: Handler = (ctx) => {
    const q = ctx.url.searchParams;
    const size = q.has('page_size') ? Number(q.get('page_size')) : 10;
    if (!Number.isInteger(size) || size < 1 || size > 300) {
      throw new ApiError(400, 'VALIDATION_ERROR', 'Invalid data provided', [
        { field: 'page_size', location: 'query', issue: 'INVALID_PARAMETER_VALUE', description: 'page_size must be from 1 to 300.' },
      ]);
    }
    const type = q.get('event_type');
    const transaction = q.get('transaction_id');
    const events = state.events
      .filter((e) => (!type || e.event.event_type === type) && (!transaction || (e.event.resource as { id?: string }).id === transaction))
      .reverse()
      .slice(0, size)
      .map(eventJson);
    return { status: 200, json: { events, count: events.length, links: [] } };
  };

  const findEvent = (id: string) => {
    const e = state.events.find((x) => x.event.id === id);
    if (!e) throw notFound('event_id', id);
    return e;
  };

  const showEvent: Handler = (_ctx, [id]) => ({ status: 200, json: eventJson(findEvent(id)) });

  const resendEvent: Handler = (ctx, [id]) => {
    ctx.json();
    const e = findEvent(id);
    // An explicit resend goes out even while delivery is paused: it is how tests choose the order.
    e.held = false;
    e.status = 'PENDING';
    save();
    later(0, () => deliver(id, 0, true));
    return { status: 202, json: eventJson(e) };
  };

  const cert: Handler = () => ({
    status: 200,
    text: 'Local PayPal stand-in: webhooks are signed with HMAC-SHA256 (keyed by the client secret), not with a certificate. Verify them with POST /v1/notifications/verify-webhook-signature.\n',
  });

  // ---- the buyer's pages ----

  function pageOrder(token: string | null): StoredOrder | Reply {
    const o = token ? state.orders[token] : undefined;
    if (!o) {
      return {
        status: 404,
        html: noticePage(
          'This checkout link is not valid',
          'There is no PayPal order for this link. Go back to the seller and start the payment again.',
        ),
      };
    }
    if (o.status === 'COMPLETED') {
      return {
        status: 409,
        html: noticePage('This order is already paid', 'The payment for this order has been completed. Nothing more to do here.'),
      };
    }
    return o;
  }

  const approvalPageRoute: Handler = (ctx) => {
    const o = pageOrder(ctx.url.searchParams.get('token'));
    if (!('id' in o)) return o;
    return {
      status: 200,
      html: approvalPage({
        token: o.id,
        amount: `$${o.unit.amount.value}`,
        payeeName: o.brandName ?? o.unit.soft_descriptor ?? 'the seller',
        description: o.unit.description,
        buyerEmail: BUYER.email,
        buyerName: `${BUYER.givenName} ${BUYER.surname}`,
      }),
    };
  };

  const approve =
    (declines: boolean): Handler =>
    (ctx) => {
      const o = pageOrder(ctx.form().get('token'));
      if (!('id' in o)) return o;
      if (o.status !== 'APPROVED') {
        o.status = 'APPROVED';
        o.payer = payer();
        o.declines = declines;
        o.updateTime = now();
        save();
        log(`paypal: order ${o.id} approved by the buyer${declines ? ' with a card that will be declined' : ''}`);
        emit('CHECKOUT.ORDER.APPROVED', 'checkout-order', 'An order has been approved by buyer', orderJson(o));
      } else if (o.declines !== declines) {
        // Approving again only changes the funding the buyer chose; the order was already approved.
        o.declines = declines;
        save();
      }
      if (!o.returnUrl) return { status: 200, html: noticePage('Payment approved', 'Go back to the seller to finish your purchase.') };
      return { status: 303, location: withQuery(o.returnUrl, { token: o.id, PayerID: o.payer!.payer_id }) };
    };

  const cancel: Handler = (ctx) => {
    const o = pageOrder(ctx.form().get('token'));
    if (!('id' in o)) return o;
    if (!o.cancelUrl)
      return { status: 200, html: noticePage('Payment cancelled', 'You have not paid. Go back to the seller to try again.') };
    return { status: 303, location: withQuery(o.cancelUrl, { token: o.id }) };
  };

  // ---- local control (not PayPal) ----

  const pendingEvents = () => state.events.filter((e) => e.status === 'PENDING').length;
  const verificationCount: Handler = (ctx) => {
    const eventId = ctx.url.searchParams.get('event_id') ?? '';
    return { status: 200, json: { event_id: eventId, calls: verifications.get(eventId) ?? 0 } };
  };
  const health: Handler = () => ({ status: 200, json: { ok: true, webhooks_paused: paused, pending_events: pendingEvents() } });
  /**
   * While paused, events raised are recorded but only a resend delivers them; deliveries (and retries)
   * already under way wait, and go on when delivery resumes.
   */
  const webhookControl: Handler = (ctx) => {
    if (ctx.method === 'POST') {
      const body = ctx.json();
      if (typeof body.paused !== 'boolean') throw badSyntax('/paused', body.paused);
      paused = body.paused;
      log(`paypal: webhook delivery ${paused ? 'paused' : 'resumed'}`);
      if (!paused) {
        for (const [id, attempt] of waiting) later(0, () => deliver(id, attempt, false));
        waiting.clear();
      }
    }
    return { status: 200, json: { paused, url: opts.webhookUrl() ?? null } };
  };

  const routes: { method: string; pattern: RegExp; auth: boolean; handle: Handler }[] = [
    { method: 'POST', pattern: /^\/v1\/oauth2\/token$/, auth: false, handle: oauthToken },
    { method: 'POST', pattern: /^\/v2\/checkout\/orders$/, auth: true, handle: createOrder },
    { method: 'GET', pattern: /^\/v2\/checkout\/orders\/([^/]+)$/, auth: true, handle: showOrder },
    { method: 'POST', pattern: /^\/v2\/checkout\/orders\/([^/]+)\/capture$/, auth: true, handle: captureOrder },
    { method: 'GET', pattern: /^\/v2\/payments\/captures\/([^/]+)$/, auth: true, handle: showCapture },
    { method: 'POST', pattern: /^\/v2\/payments\/captures\/([^/]+)\/refund$/, auth: true, handle: refundCapture },
    { method: 'GET', pattern: /^\/v2\/payments\/refunds\/([^/]+)$/, auth: true, handle: showRefund },
    { method: 'POST', pattern: /^\/v1\/notifications\/verify-webhook-signature$/, auth: true, handle: verifySignature },
    { method: 'GET', pattern: /^\/v1\/notifications\/webhooks-events$/, auth: true, handle: listEvents },
    { method: 'GET', pattern: /^\/v1\/notifications\/webhooks-events\/([^/]+)$/, auth: true, handle: showEvent },
    { method: 'POST', pattern: /^\/v1\/notifications\/webhooks-events\/([^/]+)\/resend$/, auth: true, handle: resendEvent },
    { method: 'GET', pattern: /^\/v1\/notifications\/certs\/([^/]+)$/, auth: false, handle: cert },
    { method: 'GET', pattern: /^\/checkoutnow$/, auth: false, handle: approvalPageRoute },
    { method: 'POST', pattern: /^\/checkoutnow\/approve$/, auth: false, handle: approve(false) },
    { method: 'POST', pattern: /^\/checkoutnow\/decline$/, auth: false, handle: approve(true) },
    { method: 'POST', pattern: /^\/checkoutnow\/cancel$/, auth: false, handle: cancel },
    { method: 'GET', pattern: /^\/_local\/health$/, auth: false, handle: health },
    { method: 'GET', pattern: /^\/_local\/verifications$/, auth: false, handle: verificationCount },
    { method: 'GET', pattern: /^\/_local\/webhooks$/, auth: false, handle: webhookControl },
    { method: 'POST', pattern: /^\/_local\/webhooks$/, auth: false, handle: webhookControl },
  ];

  function route(ctx: Ctx): Reply {
    const matching = routes
      .map((r) => ({ r, m: r.pattern.exec(ctx.url.pathname) }))
      .filter((x): x is { r: (typeof routes)[number]; m: RegExpExecArray } => x.m !== null);
    if (!matching.length) {
      throw new ApiError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
        { issue: 'RESOURCE_NOT_FOUND', description: `No resource at ${ctx.url.pathname}.`, location: 'path' },
      ]);
    }
    const hit = matching.find((x) => x.r.method === ctx.method);
    if (!hit) {
      throw new ApiError(405, 'METHOD_NOT_SUPPORTED', 'The server does not implement the requested HTTP method.', [
        { issue: 'METHOD_NOT_SUPPORTED', description: `${ctx.method} is not supported on ${ctx.url.pathname}.` },
      ]);
    }
    let params: string[];
    try {
      params = hit.m.slice(1).map(decodeURIComponent);
    } catch {
      throw notFound('id', hit.m.slice(1).join('/'));
    }
    if (hit.r.auth) requireBearer(ctx);
    return hit.r.handle(ctx, params);
  }

  function send(res: http.ServerResponse, reply: Reply) {
    const headers: Record<string, string> = { 'paypal-debug-id': debugId(), 'cache-control': 'no-store' };
    if (reply.location) headers.location = reply.location;
    if (reply.html !== undefined) {
      res.writeHead(reply.status, { ...headers, 'content-type': 'text/html; charset=utf-8' });
      return res.end(reply.html);
    }
    if (reply.text !== undefined) {
      res.writeHead(reply.status, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
      return res.end(reply.text);
    }
    if (reply.json === undefined) {
      res.writeHead(reply.status, headers);
      return res.end();
    }
    res.writeHead(reply.status, { ...headers, 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.json));
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of req) {
        size += (chunk as Buffer).length;
        if (size > MAX_BODY_BYTES) {
          const e = invalidRequest({ issue: 'MALFORMED_REQUEST', description: `The request body is larger than ${MAX_BODY_BYTES} bytes.` });
          res.setHeader('connection', 'close');
          return send(res, { status: 413, json: errorBody(e) });
        }
        chunks.push(chunk as Buffer);
      }
    } catch {
      // The client went away mid-request: nobody to answer.
      return;
    }
    const body = Buffer.concat(chunks);
    const header = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    let parsed: Json | undefined;
    const ctx: Ctx = {
      method: (req.method ?? 'GET').toUpperCase(),
      url: new URL(req.url ?? '/', url),
      body,
      header,
      representation: /return=representation/i.test(header('prefer') ?? ''),
      json() {
        if (parsed) return parsed;
        const text = body.toString('utf8').trim();
        if (!text) return (parsed = {});
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          throw invalidRequest({ issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' });
        }
        if (!isObject(value))
          throw invalidRequest({ issue: 'MALFORMED_REQUEST_JSON', description: 'The request body must be a JSON object.' });
        return (parsed = value);
      },
      form: () => new URLSearchParams(body.toString('utf8')),
    };
    try {
      send(res, route(ctx));
    } catch (err) {
      if (err instanceof ApiError) return send(res, { status: err.status, json: errorBody(err) });
      throw err;
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log(`paypal: internal error on ${req.method} ${req.url}: ${(err as Error)?.stack ?? String(err)}`);
      if (res.headersSent) return void res.destroy();
      const e = new ApiError(500, 'INTERNAL_SERVER_ERROR', 'An internal server error has occurred.', [
        { issue: 'INTERNAL_SERVER_ERROR', description: 'An internal server error has occurred.' },
      ]);
      send(res, { status: 500, json: errorBody(e) });
    });
  });
  // A client that hangs up mid-request must not take the process down.
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new Error(`The PayPal stand-in cannot listen on port ${opts.port}: it is already in use`) : err),
    );
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });

  // Events left undelivered by the last run go out now, as PayPal keeps retrying.
  for (const e of state.events) if (e.status === 'PENDING' && !e.held) later(0, () => deliver(e.event.id, 0, false));

  return {
    url,
    close: async () => {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const req of inflight) req.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive connections would otherwise hold the port open until they time out.
        server.closeAllConnections();
      });
    },
  };
}

function loadState(file: string): State {
  const empty: State = { version: STATE_VERSION, tokens: {}, orders: {}, captures: {}, refunds: {}, idempotency: {}, events: [] };
  if (!fs.existsSync(file)) return empty;
  let loaded: State;
  try {
    loaded = JSON.parse(fs.readFileSync(file, 'utf8')) as State;
  } catch (err) {
    throw new Error(
      `The PayPal stand-in's state in ${file} is not valid JSON (${(err as Error).message}): delete the file to start afresh`,
    );
  }
  if (loaded.version !== STATE_VERSION) {
    throw new Error(
      `The PayPal stand-in's state in ${file} has version ${loaded.version}, not ${STATE_VERSION}: delete the file to start afresh`,
    );
  }
  return { ...empty, ...loaded };
}
