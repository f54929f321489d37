/**
 * A local stand-in for the part of Stripe's API the product calls, so `npm start` and the tests need no
 * network: the real `stripe` SDK is pointed here with its `host`, `port` and `protocol: 'http'` options.
 *
 * API (Bearer secret key; form-encoded with Stripe's bracket syntax; Stripe's object, list and error shapes):
 *   products, prices, customers, checkout sessions (+ /expire), subscriptions, invoices (read only),
 *   billing portal sessions, events. Every POST honours Idempotency-Key as Stripe does.
 * Hosted pages (no key): /checkout/{id}, /portal/{id}, /invoices/{id} (HTML in stripe-pages.ts).
 * Webhooks: each event is POSTed to webhookUrl() after the response that raised it, signed as Stripe signs
 * (Stripe-Signature: t=...,v1=...), retried after 0.5 s, 2 s and 5 s; every attempt is recorded.
 *
 * Local-only controls (not Stripe; no key):
 *   GET  /_local/health
 *   GET  /_local/webhooks                 -> { paused, url }
 *   POST /_local/webhooks {"paused": bool} while paused, new events are recorded but never delivered on
 *                                          their own (only by the control below); pending ones wait
 *   POST /_local/events/{id}/deliver      one delivery now, freshly signed; answers { delivered, status, error }
 *   GET  /_local/deliveries[?event=evt_]  the recorded delivery attempts, newest first
 *   POST /_local/subscriptions/{id}/renew {"fail"?: bool}
 *        the next billing attempt: a new period with a paid invoice (invoice.paid, customer.subscription.updated)
 *        or an open one and past_due (invoice.payment_failed, customer.subscription.updated); on a past_due
 *        subscription it retries the open invoice instead; with cancel_at_period_end it ends the subscription
 *        (customer.subscription.deleted). Answers { subscription, invoice }.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Stripe from 'stripe';
import {
  checkoutPage,
  invoicePage,
  messagePage,
  portalPage,
  MERCHANT,
  type CardField,
  type CardFormValues,
  type PortalPlanView,
} from './stripe-pages.js';

export interface StripeStandinOptions {
  /** Listens on 127.0.0.1:port. */
  port: number;
  /** State is kept in dataDir/state.json and survives restarts. */
  dataDir: string;
  /** The API key requests must carry (Authorization: Bearer sk_test_...). */
  secretKey: string;
  /** Signs webhook deliveries (whsec_...). */
  webhookSecret: string;
  /** Where events are POSTed; undefined: they wait until it is defined. */
  webhookUrl: () => string | undefined;
  log?: (line: string) => void;
}

export interface StripeStandin {
  url: string;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
type Metadata = Record<string, string>;
type Interval = 'day' | 'week' | 'month' | 'year';
type SubStatus = 'active' | 'past_due' | 'canceled';

const INTERVALS: Interval[] = ['day', 'week', 'month', 'year'];
/** The delays before the 2nd, 3rd and 4th attempt of a webhook delivery. */
const RETRY_DELAYS_MS = [500, 2000, 5000];
const DELIVERY_TIMEOUT_MS = 10_000;
const BODY_LIMIT = 1024 * 1024;
const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
const MAX_DELIVERIES_KEPT = 2000;
const CHECKOUT_TTL_S = 24 * 3600;
/** Subscriptions the portal shows and lets the customer change. */
const LIVE_STATUSES: SubStatus[] = ['active', 'past_due'];

// ---------------------------------------------------------------------------------------------------------
// Errors and parameters

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly detail: { type?: string; code?: string; param?: string; decline_code?: string } = {},
  ) {
    super(message);
  }
  body(): Json {
    const { type = 'invalid_request_error', code, param, decline_code } = this.detail;
    const error: Json = { type, message: this.message };
    if (code) Object.assign(error, { code, doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` });
    if (param) error.param = param;
    if (decline_code) error.decline_code = decline_code;
    return { error };
  }
}

const missing = (param: string) => new ApiError(400, `Missing required param: ${param}.`, { code: 'parameter_missing', param });
/** A referenced object that does not exist: 404 when it is the URL's object, 400 when it is a parameter. */
const noSuch = (kind: string, id: string, param: string, status = 400) =>
  new ApiError(status, `No such ${kind}: '${id}'`, { code: 'resource_missing', param });
const unrecognized = (method: string, pathname: string) =>
  new ApiError(
    404,
    `Unrecognized request URL (${method}: ${pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  );

type Param = string | ParamHash;
interface ParamHash {
  [key: string]: Param;
}

const newHash = (): ParamHash => Object.create(null) as ParamHash;
const KEY_RE = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

/** Stripe's form encoding: `a[b][0][c]=v`, `a[]=v` appends; arrays stay hashes with index keys until read. */
export function parseForm(text: string): ParamHash {
  const root = newHash();
  for (const [key, value] of new URLSearchParams(text)) {
    const m = KEY_RE.exec(key);
    if (!m) throw new ApiError(400, `Invalid parameter name: '${key}'.`, { param: key });
    const segs = [m[1], ...[...m[2].matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1])];
    let node = root;
    for (let i = 0; i < segs.length; i++) {
      const seg = segs[i] === '' ? String(Object.keys(node).length) : segs[i];
      const existing = node[seg];
      if (i === segs.length - 1) {
        if (existing !== undefined && typeof existing !== 'string') throw conflict(key);
        node[seg] = value;
      } else if (existing === undefined) {
        node = node[seg] = newHash();
      } else if (typeof existing === 'string') {
        throw conflict(key);
      } else {
        node = existing;
      }
    }
  }
  return root;
}

const conflict = (key: string) => new ApiError(400, `Invalid parameters: '${key}' is given both as a value and as a hash.`, { param: key });

/** Typed reads of a parameter hash; the root remembers which keys were read, to report the ignored ones. */
class Params {
  readonly used = new Set<string>();
  constructor(
    readonly h: ParamHash,
    private readonly prefix = '',
  ) {}
  name(k: string) {
    return this.prefix ? `${this.prefix}[${k}]` : k;
  }
  raw(k: string): Param | undefined {
    this.used.add(k);
    return Object.hasOwn(this.h, k) ? this.h[k] : undefined;
  }
  str(k: string): string | undefined {
    const v = this.raw(k);
    if (v === undefined || typeof v === 'string') return v;
    throw new ApiError(400, `Invalid string: ${this.name(k)} must be a string, not a hash.`, { param: this.name(k) });
  }
  /** An optional string where '' clears the field, as Stripe takes it. */
  nullable(k: string): string | null | undefined {
    const v = this.str(k);
    return v === '' ? null : v;
  }
  req(k: string): string {
    const v = this.str(k);
    if (v === undefined || v === '') throw missing(this.name(k));
    return v;
  }
  int(k: string, min = 0): number | undefined {
    const v = this.str(k);
    if (v === undefined) return undefined;
    if (!/^-?\d{1,15}$/.test(v))
      throw new ApiError(400, `Invalid integer: ${v}`, { code: 'parameter_invalid_integer', param: this.name(k) });
    const n = Number(v);
    if (n < min) throw new ApiError(400, `This value must be greater than or equal to ${min}.`, { param: this.name(k) });
    return n;
  }
  bool(k: string): boolean | undefined {
    const v = this.str(k);
    if (v === undefined) return undefined;
    if (v === 'true' || v === 'false') return v === 'true';
    throw new ApiError(400, `Invalid boolean: ${v}`, { param: this.name(k) });
  }
  sub(k: string): Params | undefined {
    const v = this.raw(k);
    if (v === undefined || v === '') return undefined;
    if (typeof v === 'string') throw new ApiError(400, `Invalid hash: ${this.name(k)} must be a hash.`, { param: this.name(k) });
    return new Params(v, this.name(k));
  }
  /** An array (`k[0]`, `k[1]` or `k[]`), each element a hash. */
  list(k: string): Params[] {
    return this.arrayEntries(k).map(([i, v]) => {
      if (typeof v === 'string')
        throw new ApiError(400, `Invalid hash: ${this.name(k)}[${i}] must be a hash.`, { param: `${this.name(k)}[${i}]` });
      return new Params(v, `${this.name(k)}[${i}]`);
    });
  }
  strings(k: string): string[] {
    return this.arrayEntries(k).map(([i, v]) => {
      if (typeof v !== 'string')
        throw new ApiError(400, `Invalid string: ${this.name(k)}[${i}] must be a string.`, { param: `${this.name(k)}[${i}]` });
      return v;
    });
  }
  private arrayEntries(k: string): [string, Param][] {
    const v = this.raw(k);
    if (v === undefined || v === '') return [];
    if (typeof v === 'string') throw new ApiError(400, `Invalid array: ${this.name(k)} must be an array.`, { param: this.name(k) });
    const entries = Object.entries(v);
    if (!entries.every(([i]) => /^\d+$/.test(i)))
      throw new ApiError(400, `Invalid array: ${this.name(k)} must be an array.`, { param: this.name(k) });
    return entries.sort((a, b) => Number(a[0]) - Number(b[0]));
  }
  /** Metadata to merge: a value of '' removes its key; `metadata=''` removes them all (null). */
  metadata(k = 'metadata'): Metadata | null | undefined {
    const v = this.raw(k);
    if (v === undefined) return undefined;
    if (v === '') return null;
    if (typeof v === 'string') throw new ApiError(400, `Invalid hash: ${this.name(k)} must be a hash.`, { param: this.name(k) });
    const out: [string, string][] = [];
    for (const [key, value] of Object.entries(v)) {
      const param = `${this.name(k)}[${key}]`;
      if (typeof value !== 'string') throw new ApiError(400, `Invalid string: ${param} must be a string.`, { param });
      if (key.length > 40)
        throw new ApiError(400, `Metadata keys can have up to 40 characters, but you passed in the key '${key}'.`, { param });
      // Assigning it would replace the object's prototype rather than store a key.
      if (key === '__proto__') throw new ApiError(400, `The metadata key '${key}' is not allowed.`, { param });
      if (value.length > 500)
        throw new ApiError(
          400,
          `Metadata values can have up to 500 characters, but you passed in a value that is ${value.length} characters.`,
          { param },
        );
      out.push([key, value]);
    }
    if (out.length > 50) throw new ApiError(400, 'You can have up to 50 metadata keys.', { param: this.name(k) });
    return Object.fromEntries(out);
  }
}

const mergeMetadata = (old: Metadata, update: Metadata | null | undefined): Metadata =>
  update === undefined
    ? old
    : update === null
      ? {}
      : Object.fromEntries([...Object.entries(old), ...Object.entries(update)].filter(([, v]) => v !== ''));

function checkUrl(p: Params, k: string): string | null | undefined {
  const v = p.nullable(k);
  if (!v) return v;
  try {
    const u = new URL(v.replaceAll('{CHECKOUT_SESSION_ID}', 'x'));
    if (u.protocol === 'http:' || u.protocol === 'https:') return v;
  } catch {
    // reported below
  }
  throw new ApiError(400, 'Not a valid URL', { code: 'url_invalid', param: p.name(k) });
}

function checkEmail(p: Params, k: string): string | null | undefined {
  const v = p.nullable(k);
  if (v && !EMAIL_RE.test(v)) throw new ApiError(400, `Invalid email address: ${v}`, { code: 'email_invalid', param: p.name(k) });
  return v;
}
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// ---------------------------------------------------------------------------------------------------------
// Stored records (our own shapes; rendered to Stripe's on the way out)

interface ProductRec {
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
interface PriceRec {
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
interface CustomerRec {
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
interface CardRec {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}
interface CheckoutRec {
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
interface SubscriptionRec {
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
interface InvoiceRec {
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
interface PortalRec {
  id: string;
  seq: number;
  created: number;
  customer: string;
  returnUrl: string | null;
}
interface EventRec {
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
interface DeliveryRec {
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
interface IdempotencyRec {
  at: number;
  method: string;
  path: string;
  fingerprint: string;
  status: number;
  body: string;
  requestId: string;
}
interface State {
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

const emptyState = (): State => ({
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
const get = <T>(map: Record<string, T>, id: string): T | undefined => (Object.hasOwn(map, id) ? map[id] : undefined);

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function newId(prefix: string, length = 24): string {
  let s = '';
  for (const b of crypto.randomBytes(length)) s += ID_CHARS[b % ID_CHARS.length];
  return `${prefix}_${s}`;
}

const nowS = () => Math.floor(Date.now() / 1000);

function addInterval(ts: number, interval: Interval, count: number): number {
  if (interval === 'day') return ts + 86400 * count;
  if (interval === 'week') return ts + 7 * 86400 * count;
  const d = new Date(ts * 1000);
  const months = interval === 'year' ? 12 * count : count;
  const target = new Date(d);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  // Stripe keeps the billing day, falling back to the month's last day (Jan 31 -> Feb 28).
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);
function money(amount: number, currency: string): string {
  const major = ZERO_DECIMAL.has(currency) ? amount : amount / 100;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(major);
  } catch {
    return `${major.toFixed(2)} ${currency.toUpperCase()}`;
  }
}
const intervalText = (p: PriceRec) =>
  !p.interval ? 'once' : p.intervalCount === 1 ? `per ${p.interval}` : `every ${p.intervalCount} ${p.interval}s`;
const dateText = (ts: number) =>
  new Date(ts * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Stripe's test cards; any other number is refused as invalid. */
const TEST_CARDS: Record<string, { brand: string; decline?: { code: string; declineCode: string; message: string } }> = {
  '4242424242424242': { brand: 'visa' },
  '4000056655665556': { brand: 'visa' },
  '5555555555554444': { brand: 'mastercard' },
  '378282246310005': { brand: 'amex' },
  '4000000000000002': {
    brand: 'visa',
    decline: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  },
  '4000000000009995': {
    brand: 'visa',
    decline: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  '4000000000000069': { brand: 'visa', decline: { code: 'expired_card', declineCode: 'expired_card', message: 'Your card has expired.' } },
  '4000000000000127': {
    brand: 'visa',
    decline: { code: 'incorrect_cvc', declineCode: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  },
};
const BRAND_NAMES: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };

type CardCheck = { ok: true; card: CardRec } | { ok: false; status: 400 | 402; field: CardField; message: string };

/** The card form as Checkout validates it: field by field, then the card's own outcome. */
function checkCard(form: Partial<CardFormValues>): CardCheck {
  const bad = (field: CardField, message: string, status: 400 | 402 = 400): CardCheck => ({ ok: false, status, field, message });
  const digits = (form.cardNumber ?? '').replace(/[\s-]/g, '');
  if (!digits) return bad('cardNumber', 'Your card number is incomplete.');
  const known = /^\d+$/.test(digits) ? get(TEST_CARDS, digits) : undefined;
  if (!known) return bad('cardNumber', 'Your card number is invalid.', 402);
  const exp = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec((form.cardExpiry ?? '').trim());
  const month = exp ? Number(exp[1]) : 0;
  if (!exp || month < 1 || month > 12) return bad('cardExpiry', "Your card's expiration date is incomplete.");
  const year = exp[2].length === 2 ? 2000 + Number(exp[2]) : Number(exp[2]);
  if (Date.UTC(year, month, 1) <= Date.now()) return bad('cardExpiry', "Your card's expiration date is in the past.");
  if (!/^\d{3,4}$/.test((form.cardCvc ?? '').trim())) return bad('cardCvc', "Your card's security code is incomplete.");
  if (!(form.billingName ?? '').trim()) return bad('billingName', 'Enter the name on your card.');
  if (known.decline) return bad('cardNumber', known.decline.message, 402);
  return { ok: true, card: { id: newId('pm'), brand: known.brand, last4: digits.slice(-4), expMonth: month, expYear: year } };
}

function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= limit) chunks.push(c);
    });
    req.on('end', () => resolve(size > limit ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

function loadState(file: string, log: (l: string) => void): State {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return emptyState();
    throw err;
  }
  try {
    const s = JSON.parse(text) as State;
    if (s?.version !== 1) throw new Error(`unknown version ${String(s?.version)}`);
    return { ...emptyState(), ...s };
  } catch (err) {
    // A broken file must not stop the stack: keep it for inspection and start empty.
    const aside = `${file}.unreadable-${Date.now()}`;
    fs.renameSync(file, aside);
    log(
      `[stripe] ${path.basename(file)} could not be read (${(err as Error).message}): starting empty, the old file is kept as ${path.basename(aside)}`,
    );
    return emptyState();
  }
}

interface Ctx {
  requestId: string | null;
  idempotencyKey: string | null;
}
/** Hosted-page actions and simulated billing are not API requests: their events carry no request, as on Stripe. */
const PAGE_CTX: Ctx = { requestId: null, idempotencyKey: null };

type Handler = (m: string[], p: Params, ctx: Ctx) => Json;

// ---------------------------------------------------------------------------------------------------------

class Standin {
  readonly url: string;
  private readonly log: (line: string) => void;
  private readonly file: string;
  private state: State;
  private closed = false;
  private readonly server: http.Server;
  private readonly abort = new AbortController();
  private readonly timers = new Set<NodeJS.Timeout>();
  private ticker: NodeJS.Timeout | undefined;
  private draining = false;
  private drainAgain = false;
  private readonly ignoredReported = new Set<string>();
  private readonly routes: { method: string; template: string; re: RegExp; handler: Handler }[];

  constructor(private readonly opts: StripeStandinOptions) {
    this.url = `http://localhost:${opts.port}`;
    this.log = opts.log ?? (() => {});
    fs.mkdirSync(opts.dataDir, { recursive: true });
    this.file = path.join(opts.dataDir, 'state.json');
    this.state = loadState(this.file, this.log);
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((err: Error) => {
        this.log(`[stripe] ${req.method} ${req.url} failed: ${err.stack ?? err.message}`);
        if (res.headersSent) return void res.destroy();
        this.sendJson(res, 500, new ApiError(500, 'An unknown error occurred', { type: 'api_error' }).body());
      });
    });
    const routes: [string, string, Handler][] = [
      ['POST', '/v1/products', (_m, p) => this.createProduct(p)],
      ['GET', '/v1/products', (_m, p) => this.listProducts(p)],
      ['GET', '/v1/products/{id}', (m, p) => this.expand(this.renderProduct(this.product(m[1], 'id', 404)), p)],
      ['POST', '/v1/products/{id}', (m, p) => this.updateProduct(m[1], p)],
      ['POST', '/v1/prices', (_m, p) => this.createPrice(p)],
      ['GET', '/v1/prices', (_m, p) => this.listPrices(p)],
      ['GET', '/v1/prices/{id}', (m, p) => this.expand(this.renderPrice(this.price(m[1], 'id', 404)), p)],
      ['POST', '/v1/prices/{id}', (m, p) => this.updatePrice(m[1], p)],
      ['POST', '/v1/customers', (_m, p) => this.createCustomer(p)],
      ['GET', '/v1/customers', (_m, p) => this.listCustomers(p)],
      ['GET', '/v1/customers/{id}', (m, p) => this.expand(this.renderCustomer(this.customer(m[1], 'id', 404)), p)],
      ['POST', '/v1/customers/{id}', (m, p) => this.updateCustomer(m[1], p)],
      ['POST', '/v1/checkout/sessions', (_m, p) => this.createCheckout(p)],
      ['GET', '/v1/checkout/sessions', (_m, p) => this.listCheckouts(p)],
      ['GET', '/v1/checkout/sessions/{id}', (m, p) => this.expand(this.renderCheckout(this.checkout(m[1], 'id', 404)), p)],
      ['POST', '/v1/checkout/sessions/{id}/expire', (m, p) => this.expireCheckout(m[1], p)],
      ['GET', '/v1/subscriptions', (_m, p) => this.listSubscriptions(p)],
      ['GET', '/v1/subscriptions/{id}', (m, p) => this.expand(this.renderSubscription(this.subscription(m[1], 'id', 404)), p)],
      ['POST', '/v1/subscriptions/{id}', (m, p, ctx) => this.updateSubscription(m[1], p, ctx)],
      ['DELETE', '/v1/subscriptions/{id}', (m, p, ctx) => this.deleteSubscription(m[1], p, ctx)],
      ['GET', '/v1/invoices', (_m, p) => this.listInvoices(p)],
      ['GET', '/v1/invoices/{id}', (m, p) => this.expand(this.renderInvoice(this.invoice(m[1], 'id', 404)), p)],
      ['POST', '/v1/billing_portal/sessions', (_m, p) => this.createPortal(p)],
      ['GET', '/v1/events', (_m, p) => this.listEvents(p)],
      ['GET', '/v1/events/{id}', (m) => this.renderEvent(this.event(m[1], 'id', 404))],
    ];
    this.routes = routes.map(([method, template, handler]) => ({
      method,
      template,
      re: new RegExp(`^${template.replace('{id}', '([^/]+)')}$`),
      handler,
    }));
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      const onError = (err: NodeJS.ErrnoException) =>
        reject(
          err.code === 'EADDRINUSE' ? new Error(`The Stripe stand-in cannot listen on port ${this.opts.port}: it is already in use`) : err,
        );
      this.server.once('error', onError);
      this.server.listen(this.opts.port, '127.0.0.1', () => {
        this.server.off('error', onError);
        resolve();
      });
    });
    // Picks up events held while no webhook URL was known, and those left pending by a restart.
    this.ticker = setInterval(() => void this.drain(), 1000);
    this.ticker.unref();
    void this.drain();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.ticker);
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.abort.abort();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
    this.write();
  }

  // -------------------------------------------------------------------------------------------------------
  // Persistence

  private save() {
    if (!this.closed) this.write();
  }

  private write() {
    const cutoff = Date.now() - IDEMPOTENCY_TTL_MS;
    for (const [k, v] of Object.entries(this.state.idempotency)) if (v.at < cutoff) delete this.state.idempotency[k];
    if (this.state.deliveries.length > MAX_DELIVERIES_KEPT)
      this.state.deliveries.splice(0, this.state.deliveries.length - MAX_DELIVERIES_KEPT);
    try {
      const tmp = `${this.file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify(this.state));
      fs.renameSync(tmp, this.file);
    } catch (err) {
      this.log(`[stripe] could not save state: ${(err as Error).message}`);
    }
  }

  // -------------------------------------------------------------------------------------------------------
  // HTTP

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    let u: URL;
    try {
      u = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      req.resume();
      return this.sendJson(res, 400, new ApiError(400, 'Malformed request URL').body());
    }
    if (u.pathname.startsWith('/v1/')) return this.handleApi(req, res, method, u);
    if (u.pathname.startsWith('/_local/')) return this.handleLocal(req, res, method, u);
    const page = /^\/(checkout|portal|invoices)\/([^/]+)(?:\/(switch|cancel|resume))?$/.exec(u.pathname);
    // The portal posts to one path per action; Checkout and the invoice page post to themselves.
    const pageMethods = page?.[1] === 'portal' ? (page[3] ? ['POST'] : ['GET']) : page && !page[3] ? ['GET', 'POST'] : [];
    if (page && pageMethods.includes(method)) return this.handlePage(req, res, method, page[1], safeDecode(page[2]), page[3]);
    req.resume();
    this.sendJson(res, 404, unrecognized(method, u.pathname).body());
  }

  private sendJson(res: http.ServerResponse, status: number, body: Json | string, headers: Record<string, string> = {}) {
    const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-cache, no-store', ...headers });
    res.end(text);
  }

  private sendHtml(res: http.ServerResponse, status: number, html: string) {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  }

  private redirect(res: http.ServerResponse, location: string) {
    res.writeHead(303, { location, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`See ${location}`);
  }

  private authorize(req: http.IncomingMessage) {
    const header = req.headers.authorization ?? '';
    let key = '';
    if (/^bearer /i.test(header)) key = header.slice(7).trim();
    else if (/^basic /i.test(header)) key = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0];
    if (!key) {
      throw new ApiError(
        401,
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      );
    }
    const a = crypto.createHash('sha256').update(key).digest();
    const b = crypto.createHash('sha256').update(this.opts.secretKey).digest();
    if (!crypto.timingSafeEqual(a, b)) {
      const masked = key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : '****';
      throw new ApiError(401, `Invalid API Key provided: ${masked}`);
    }
  }

  private async handleApi(req: http.IncomingMessage, res: http.ServerResponse, method: string, u: URL) {
    const requestId = newId('req', 14);
    const headers: Record<string, string> = {
      'request-id': requestId,
      'stripe-version': String(req.headers['stripe-version'] ?? Stripe.API_VERSION),
    };
    const rawKey = req.headers['idempotency-key'];
    const idempotencyKey = typeof rawKey === 'string' && rawKey ? rawKey : null;
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    const body = await readBody(req, BODY_LIMIT);
    try {
      this.authorize(req);
      if (body === 'too-large') throw new ApiError(400, `The request body is larger than ${BODY_LIMIT} bytes.`);
      const text = method === 'POST' ? body.toString('utf8') : '';
      const params = new Params(parseForm([u.search.slice(1), text].filter(Boolean).join('&')));
      const route = this.route(method, u.pathname);

      let fingerprint = '';
      const idemSlot = `k:${idempotencyKey}`;
      if (method === 'POST' && idempotencyKey) {
        if (idempotencyKey.length > 255)
          throw new ApiError(400, 'Idempotency keys can have up to 255 characters.', { type: 'idempotency_error' });
        fingerprint = crypto
          .createHash('sha256')
          .update(
            [...new URLSearchParams(text)]
              .map(([k, v]) => `${k}=${v}`)
              .sort()
              .join('&'),
          )
          .digest('hex');
        const prior = get(this.state.idempotency, idemSlot);
        if (prior) {
          const retry = `Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
          if (prior.path !== u.pathname || prior.method !== method) {
            throw new ApiError(
              400,
              `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${prior.path}' vs '${u.pathname}'). ${retry}`,
              { type: 'idempotency_error' },
            );
          }
          if (prior.fingerprint !== fingerprint) {
            throw new ApiError(
              400,
              `Keys for idempotent requests can only be used with the same parameters they were first used with. ${retry}`,
              { type: 'idempotency_error' },
            );
          }
          return this.sendJson(res, prior.status, prior.body, {
            ...headers,
            'idempotent-replayed': 'true',
            'original-request': prior.requestId,
          });
        }
      }

      const json = JSON.stringify(
        this.atomically(() => route.handler(route.match, params, { requestId, idempotencyKey })),
        null,
        2,
      );
      this.reportIgnored(`${method} ${route.template}`, params);
      // Only outcomes are replayed: a request refused for its parameters may be corrected and sent again.
      if (method === 'POST' && idempotencyKey) {
        this.state.idempotency[idemSlot] = { at: Date.now(), method, path: u.pathname, fingerprint, status: 200, body: json, requestId };
      }
      if (method !== 'GET') this.save();
      this.sendJson(res, 200, json, headers);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      this.sendJson(res, err.status, err.body(), headers);
    }
  }

  /**
   * Runs a request all or nothing, as Stripe does: one refused late (say, for its `expand`) leaves no
   * object behind and raises no event. Events and deliveries are only ever appended, so they are not copied.
   */
  private atomically<T>(fn: () => T): T {
    const { events: _events, deliveries: _deliveries, idempotency: _idempotency, ...records } = this.state;
    const before = structuredClone(records);
    try {
      return fn();
    } catch (err) {
      Object.assign(this.state, before);
      for (const e of Object.values(this.state.events)) if (e.seq > before.seq) delete this.state.events[e.id];
      throw err;
    }
  }

  private route(method: string, pathname: string) {
    for (const r of this.routes) {
      const match = r.re.exec(pathname);
      if (match && r.method === method) return { ...r, match: match.map((s, i) => (i ? safeDecode(s) : s)) };
    }
    throw unrecognized(method, pathname);
  }

  /** Parameters Stripe would act on but this stand-in does not: said once per endpoint, not silently lost. */
  private reportIgnored(endpoint: string, p: Params) {
    const ignored = Object.keys(p.h).filter((k) => !p.used.has(k) && k !== 'expand');
    const fresh = ignored.filter((k) => !this.ignoredReported.has(`${endpoint} ${k}`));
    for (const k of fresh) this.ignoredReported.add(`${endpoint} ${k}`);
    if (fresh.length) this.log(`[stripe] ${endpoint}: the stand-in ignores ${fresh.join(', ')}`);
  }

  // -------------------------------------------------------------------------------------------------------
  // Lookups

  private product(id: string, param: string, status = 400) {
    const r = get(this.state.products, id);
    if (!r) throw noSuch('product', id, param, status);
    return r;
  }
  private price(id: string, param: string, status = 400) {
    const r = get(this.state.prices, id);
    if (!r) throw noSuch('price', id, param, status);
    return r;
  }
  private customer(id: string, param: string, status = 400) {
    const r = get(this.state.customers, id);
    if (!r) throw noSuch('customer', id, param, status);
    return r;
  }
  private checkout(id: string, param: string, status = 400) {
    const r = get(this.state.checkoutSessions, id);
    if (!r) throw noSuch('checkout.session', id, param, status);
    this.expireIfDue(r);
    return r;
  }
  private subscription(id: string, param: string, status = 400) {
    const r = get(this.state.subscriptions, id);
    if (!r) throw noSuch('subscription', id, param, status);
    return r;
  }
  private invoice(id: string, param: string, status = 400) {
    const r = get(this.state.invoices, id);
    if (!r) throw noSuch('invoice', id, param, status);
    return r;
  }
  private event(id: string, param: string, status = 400) {
    const r = get(this.state.events, id);
    if (!r) throw noSuch('event', id, param, status);
    return r;
  }

  private expireIfDue(s: CheckoutRec) {
    if (s.status === 'open' && nowS() >= s.expiresAt) {
      s.status = 'expired';
      this.save();
    }
  }

  // -------------------------------------------------------------------------------------------------------
  // Rendering to Stripe's shapes

  private renderProduct(p: ProductRec): Json {
    return {
      id: p.id,
      object: 'product',
      active: p.active,
      attributes: [],
      created: p.created,
      default_price: p.defaultPrice,
      description: p.description,
      images: [],
      livemode: false,
      marketing_features: p.features.map((name) => ({ name })),
      metadata: p.metadata,
      name: p.name,
      package_dimensions: null,
      shippable: null,
      statement_descriptor: null,
      tax_code: null,
      type: 'service',
      unit_label: null,
      updated: p.updated,
      url: null,
    };
  }

  private renderPrice(p: PriceRec): Json {
    return {
      id: p.id,
      object: 'price',
      active: p.active,
      billing_scheme: 'per_unit',
      created: p.created,
      currency: p.currency,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: p.lookupKey,
      metadata: p.metadata,
      nickname: p.nickname,
      product: p.product,
      recurring: p.interval
        ? { interval: p.interval, interval_count: p.intervalCount, meter: null, trial_period_days: null, usage_type: 'licensed' }
        : null,
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: p.interval ? 'recurring' : 'one_time',
      unit_amount: p.unitAmount,
      unit_amount_decimal: String(p.unitAmount),
    };
  }

  private renderCustomer(c: CustomerRec): Json {
    return {
      id: c.id,
      object: 'customer',
      address: null,
      balance: 0,
      created: c.created,
      currency: null,
      default_source: null,
      delinquent: Object.values(this.state.subscriptions).some((s) => s.customer === c.id && s.status === 'past_due'),
      description: c.description,
      discount: null,
      email: c.email,
      invoice_prefix: c.invoicePrefix,
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: c.metadata,
      name: c.name,
      next_invoice_sequence: c.invoiceCount + 1,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
  }

  private renderCheckout(s: CheckoutRec): Json {
    const price = get(this.state.prices, s.price);
    const amount = price ? price.unitAmount * s.quantity : null;
    return {
      id: s.id,
      object: 'checkout.session',
      after_expiration: null,
      allow_promotion_codes: null,
      amount_subtotal: amount,
      amount_total: amount,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: s.cancelUrl,
      client_reference_id: s.clientReferenceId,
      client_secret: null,
      consent: null,
      consent_collection: null,
      created: s.created,
      currency: price?.currency ?? null,
      custom_fields: [],
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      customer: s.customer,
      customer_creation: s.customerGiven ? null : 'always',
      customer_details: s.details
        ? { address: null, email: s.details.email, name: s.details.name, phone: null, tax_exempt: 'none', tax_ids: [] }
        : null,
      customer_email: s.customerEmail,
      discounts: [],
      expires_at: s.expiresAt,
      invoice: s.invoice,
      invoice_creation: null,
      livemode: false,
      locale: null,
      metadata: s.metadata,
      mode: 'subscription',
      payment_intent: null,
      payment_link: null,
      payment_method_collection: 'always',
      payment_method_types: ['card'],
      payment_status: s.status === 'complete' ? 'paid' : 'unpaid',
      phone_number_collection: { enabled: false },
      recovered_from: null,
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      status: s.status,
      submit_type: null,
      subscription: s.subscription,
      success_url: s.successUrl,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
      url: s.status === 'open' ? `${this.url}/checkout/${s.id}` : null,
    };
  }

  private checkoutLineItems(s: CheckoutRec): Json {
    const price = get(this.state.prices, s.price);
    const product = price && get(this.state.products, price.product);
    const amount = price ? price.unitAmount * s.quantity : 0;
    const item = {
      id: `li_${s.id.slice(-24)}`,
      object: 'item',
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency: price?.currency ?? 'usd',
      description: product?.name ?? '',
      price: price ? this.renderPrice(price) : null,
      quantity: s.quantity,
    };
    return { object: 'list', data: [item], has_more: false, url: `/v1/checkout/sessions/${s.id}/line_items` };
  }

  private renderSubscription(s: SubscriptionRec): Json {
    const price = get(this.state.prices, s.price);
    const item = {
      id: s.itemId,
      object: 'subscription_item',
      created: s.created,
      current_period_end: s.periodEnd,
      current_period_start: s.periodStart,
      discounts: [],
      metadata: {},
      price: price ? this.renderPrice(price) : null,
      quantity: s.quantity,
      subscription: s.id,
      tax_rates: [],
    };
    const cancelAt = s.cancelAtPeriodEnd ? s.periodEnd : null;
    return {
      id: s.id,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: s.created,
      billing_cycle_anchor_config: null,
      cancel_at: cancelAt,
      cancel_at_period_end: s.cancelAtPeriodEnd,
      canceled_at: s.canceledAt,
      cancellation_details: { comment: null, feedback: null, reason: s.cancellationReason },
      collection_method: 'charge_automatically',
      created: s.created,
      currency: price?.currency ?? 'usd',
      current_period_end: s.periodEnd,
      current_period_start: s.periodStart,
      customer: s.customer,
      days_until_due: null,
      default_payment_method: s.card?.id ?? null,
      default_source: null,
      description: null,
      discounts: [],
      ended_at: s.endedAt,
      invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
      items: { object: 'list', data: [item], has_more: false, total_count: 1, url: `/v1/subscription_items?subscription=${s.id}` },
      latest_invoice: s.latestInvoice,
      livemode: false,
      metadata: s.metadata,
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: s.created,
      status: s.status,
      test_clock: null,
      transfer_data: null,
      trial_end: null,
      trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
      trial_start: null,
    };
  }

  private renderInvoice(i: InvoiceRec): Json {
    const customer = get(this.state.customers, i.customer);
    const price = get(this.state.prices, i.price);
    const product = price && get(this.state.products, price.product);
    const paid = i.status === 'paid';
    const line = {
      id: i.lineId,
      object: 'line_item',
      amount: i.amount,
      currency: i.currency,
      description: `${i.quantity} × ${product?.name ?? 'Plan'} (at ${money(price?.unitAmount ?? 0, i.currency)} / ${price?.interval ?? 'month'})`,
      discount_amounts: [],
      discountable: true,
      discounts: [],
      invoice: i.id,
      livemode: false,
      metadata: {},
      parent: {
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: false,
          proration_details: { credited_items: null },
          subscription: i.subscription,
          subscription_item: i.subscriptionItem,
        },
        type: 'subscription_item_details',
      },
      period: { end: i.periodEnd, start: i.periodStart },
      pricing: {
        price_details: { price: i.price, product: price?.product ?? null },
        type: 'price_details',
        unit_amount_decimal: String(price?.unitAmount ?? 0),
      },
      quantity: i.quantity,
      taxes: [],
    };
    return {
      id: i.id,
      object: 'invoice',
      account_country: 'US',
      account_name: MERCHANT,
      amount_due: i.amount,
      amount_overpaid: 0,
      amount_paid: paid ? i.amount : 0,
      amount_remaining: paid ? 0 : i.amount,
      amount_shipping: 0,
      attempt_count: i.attemptCount,
      attempted: i.attemptCount > 0,
      auto_advance: !paid,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
      billing_reason: i.billingReason,
      collection_method: 'charge_automatically',
      created: i.created,
      currency: i.currency,
      customer: i.customer,
      customer_address: null,
      customer_email: customer?.email ?? null,
      customer_name: customer?.name ?? null,
      customer_phone: null,
      customer_shipping: null,
      customer_tax_exempt: 'none',
      default_payment_method: null,
      default_source: null,
      description: null,
      discounts: [],
      due_date: null,
      effective_at: i.created,
      ending_balance: 0,
      footer: null,
      hosted_invoice_url: `${this.url}/invoices/${i.id}`,
      invoice_pdf: null,
      lines: { object: 'list', data: [line], has_more: false, total_count: 1, url: `/v1/invoices/${i.id}/lines` },
      livemode: false,
      metadata: {},
      next_payment_attempt: i.nextPaymentAttempt,
      number: i.number,
      on_behalf_of: null,
      parent: {
        quote_details: null,
        subscription_details: { metadata: i.subscriptionMetadata, subscription: i.subscription },
        type: 'subscription_details',
      },
      period_end: i.periodEnd,
      period_start: i.periodStart,
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      receipt_number: null,
      starting_balance: 0,
      statement_descriptor: null,
      status: i.status,
      status_transitions: { finalized_at: i.created, marked_uncollectible_at: null, paid_at: i.paidAt, voided_at: null },
      // Older API versions' place for it; newer ones use parent.subscription_details.
      subscription: i.subscription,
      subtotal: i.amount,
      subtotal_excluding_tax: i.amount,
      test_clock: null,
      total: i.amount,
      total_discount_amounts: [],
      total_excluding_tax: i.amount,
      total_taxes: [],
      webhooks_delivered_at: i.created,
    };
  }

  private renderPortal(p: PortalRec): Json {
    return {
      id: p.id,
      object: 'billing_portal.session',
      configuration: 'bpc_local',
      created: p.created,
      customer: p.customer,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: p.returnUrl,
      url: `${this.url}/portal/${p.id}`,
    };
  }

  private renderEvent(e: EventRec): Json {
    return {
      id: e.id,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: e.created,
      data: e.previous ? { object: e.object, previous_attributes: e.previous } : { object: e.object },
      livemode: false,
      pending_webhooks: e.pendingWebhooks,
      request: { id: e.requestId, idempotency_key: e.idempotencyKey },
      type: e.type,
    };
  }

  /** Applies `expand[]`: ids become objects along each dotted path (`data.` walks a list). */
  private expand(obj: Json, p: Params): Json {
    for (const path of p.strings('expand')) this.expandPath(obj, path.split('.'), path);
    return obj;
  }

  private expandPath(target: unknown, segs: string[], full: string): void {
    if (Array.isArray(target)) {
      for (const t of target) this.expandPath(t, segs, full);
      return;
    }
    if (!target || typeof target !== 'object') return;
    const obj = target as Json;
    const [head, ...rest] = segs;
    const cannot = () => new ApiError(400, `This property cannot be expanded (${full}).`, { param: 'expand' });
    if (head === 'line_items' && obj.object === 'checkout.session') {
      const s = get(this.state.checkoutSessions, String(obj.id));
      if (s) obj.line_items = this.checkoutLineItems(s);
    }
    if (!Object.hasOwn(obj, head)) throw cannot();
    let value = obj[head];
    if (typeof value === 'string') {
      const expanded = this.resolve(head, value);
      if (!expanded) throw cannot();
      value = obj[head] = expanded;
    }
    if (rest.length) this.expandPath(value, rest, full);
  }

  private resolve(field: string, id: string): Json | undefined {
    switch (field) {
      case 'default_price':
      case 'price': {
        const r = get(this.state.prices, id);
        return r && this.renderPrice(r);
      }
      case 'product': {
        const r = get(this.state.products, id);
        return r && this.renderProduct(r);
      }
      case 'customer': {
        const r = get(this.state.customers, id);
        return r && this.renderCustomer(r);
      }
      case 'subscription': {
        const r = get(this.state.subscriptions, id);
        return r && this.renderSubscription(r);
      }
      case 'invoice':
      case 'latest_invoice': {
        const r = get(this.state.invoices, id);
        return r && this.renderInvoice(r);
      }
      default:
        return undefined;
    }
  }

  private list<T extends { id: string; seq: number }>(items: T[], p: Params, url: string, kind: string, render: (x: T) => Json): Json {
    const limit = p.int('limit') ?? 10;
    if (limit < 1 || limit > 100) throw new ApiError(400, 'This value must be between 1 and 100.', { param: 'limit' });
    const sorted = items.sort((a, b) => b.seq - a.seq);
    const after = p.str('starting_after');
    const before = p.str('ending_before');
    let page: T[];
    let hasMore: boolean;
    if (after) {
      const i = sorted.findIndex((x) => x.id === after);
      if (i < 0) throw noSuch(kind, after, 'starting_after');
      page = sorted.slice(i + 1, i + 1 + limit);
      hasMore = i + 1 + limit < sorted.length;
    } else if (before) {
      const i = sorted.findIndex((x) => x.id === before);
      if (i < 0) throw noSuch(kind, before, 'ending_before');
      page = sorted.slice(Math.max(0, i - limit), i);
      hasMore = i - limit > 0;
    } else {
      page = sorted.slice(0, limit);
      hasMore = sorted.length > limit;
    }
    return this.expand({ object: 'list', data: page.map(render), has_more: hasMore, url }, p);
  }

  private snapshotDiff(before: Json, after: Json): Json {
    const previous: Json = {};
    for (const [k, v] of Object.entries(before)) if (JSON.stringify(v) !== JSON.stringify(after[k])) previous[k] = v;
    return previous;
  }

  // -------------------------------------------------------------------------------------------------------
  // Products and prices

  private createProduct(p: Params): Json {
    const id = p.str('id');
    if (id !== undefined && (!/^[A-Za-z0-9_-]{1,200}$/.test(id) || id === '__proto__'))
      throw new ApiError(400, 'Product ids may only contain letters, digits, dashes and underscores.', { param: 'id' });
    if (id && get(this.state.products, id))
      throw new ApiError(400, 'Product already exists.', { code: 'resource_already_exists', param: 'id' });
    const name = p.req('name');
    const features = p.list('marketing_features').map((f) => f.req('name'));
    const priceData = p.sub('default_price_data');
    const t = nowS();
    const product: ProductRec = {
      id: id || newId('prod', 14),
      seq: ++this.state.seq,
      created: t,
      updated: t,
      name,
      description: p.nullable('description') ?? null,
      active: p.bool('active') ?? true,
      metadata: mergeMetadata({}, p.metadata()),
      features,
      defaultPrice: null,
    };
    // Validate the price before storing anything: a failed create leaves no half product behind.
    const price = priceData ? this.newPrice(priceData, product.id) : null;
    this.state.products[product.id] = product;
    if (price) {
      this.state.prices[price.id] = price;
      product.defaultPrice = price.id;
    }
    return this.expand(this.renderProduct(product), p);
  }

  private updateProduct(id: string, p: Params): Json {
    const product = this.product(id, 'id', 404);
    const name = p.str('name');
    if (name === '')
      throw new ApiError(
        400,
        "You passed an empty string for 'name'. We assume empty values are an attempt to unset a parameter; however 'name' cannot be unset.",
        { code: 'parameter_invalid_empty', param: 'name' },
      );
    const defaultPrice = p.str('default_price');
    if (defaultPrice) {
      const price = this.price(defaultPrice, 'default_price');
      if (price.product !== product.id)
        throw new ApiError(400, `The price ${defaultPrice} does not belong to the product ${product.id}.`, { param: 'default_price' });
    }
    const features = p.raw('marketing_features') !== undefined ? p.list('marketing_features').map((f) => f.req('name')) : undefined;
    const description = p.nullable('description');
    const active = p.bool('active');
    const metadata = p.metadata();
    if (features) product.features = features;
    if (name) product.name = name;
    if (description !== undefined) product.description = description;
    product.active = active ?? product.active;
    product.metadata = mergeMetadata(product.metadata, metadata);
    if (defaultPrice !== undefined) product.defaultPrice = defaultPrice || null;
    product.updated = nowS();
    return this.expand(this.renderProduct(product), p);
  }

  private listProducts(p: Params): Json {
    const active = p.bool('active');
    const ids = p.strings('ids');
    const items = Object.values(this.state.products).filter(
      (x) => (active === undefined || x.active === active) && (!ids.length || ids.includes(x.id)),
    );
    return this.list(items, p, '/v1/products', 'product', (x) => this.renderProduct(x));
  }

  /** A price from `currency`, `unit_amount`, `recurring[...]` (shared by prices and default_price_data). */
  private newPrice(p: Params, product: string): PriceRec {
    const currency = p.req('currency').toLowerCase();
    if (!/^[a-z]{3}$/.test(currency)) throw new ApiError(400, `Invalid currency: ${currency}`, { param: p.name('currency') });
    const unitAmount = p.int('unit_amount');
    if (unitAmount === undefined) throw missing(p.name('unit_amount'));
    const recurring = p.sub('recurring');
    let interval: Interval | null = null;
    let intervalCount = 1;
    if (recurring) {
      const raw = recurring.req('interval');
      if (!INTERVALS.includes(raw as Interval))
        throw new ApiError(400, `Invalid recurring[interval]: must be one of day, week, month, or year`, {
          param: recurring.name('interval'),
        });
      interval = raw as Interval;
      intervalCount = recurring.int('interval_count', 1) ?? 1;
    }
    return {
      id: newId('price'),
      seq: ++this.state.seq,
      created: nowS(),
      product,
      currency,
      unitAmount,
      interval,
      intervalCount,
      lookupKey: null,
      nickname: null,
      active: true,
      metadata: {},
    };
  }

  private takeLookupKey(p: Params, priceId: string): string | null | undefined {
    const key = p.nullable('lookup_key');
    if (!key) return key;
    const holder = Object.values(this.state.prices).find((x) => x.lookupKey === key && x.id !== priceId);
    if (holder) {
      if (!p.bool('transfer_lookup_key')) {
        throw new ApiError(
          400,
          `A price (\`${holder.id}\`) already uses that lookup key. Use \`transfer_lookup_key=true\` to transfer it to this price.`,
          { param: 'lookup_key' },
        );
      }
      holder.lookupKey = null;
    }
    return key;
  }

  private createPrice(p: Params): Json {
    let productId = p.str('product');
    const productData = p.sub('product_data');
    if (!productId && !productData) throw missing('product');
    if (productId) this.product(productId, 'product');
    const newProductName = !productId && productData ? productData.req('name') : '';
    const newProductActive = productData?.bool('active') ?? true;
    const newProductMetadata = mergeMetadata({}, productData?.metadata());
    const price = this.newPrice(p, productId ?? '');
    const nickname = p.nullable('nickname') ?? null;
    const active = p.bool('active') ?? true;
    const metadata = mergeMetadata({}, p.metadata());
    // Last of the checks: it may take the key from another price.
    const lookupKey = this.takeLookupKey(p, price.id);
    if (!productId) {
      const t = nowS();
      const product: ProductRec = {
        id: newId('prod', 14),
        seq: ++this.state.seq,
        created: t,
        updated: t,
        name: newProductName,
        description: null,
        active: newProductActive,
        metadata: newProductMetadata,
        features: [],
        defaultPrice: null,
      };
      this.state.products[product.id] = product;
      productId = product.id;
    }
    price.product = productId;
    price.lookupKey = lookupKey ?? null;
    price.nickname = nickname;
    price.active = active;
    price.metadata = metadata;
    this.state.prices[price.id] = price;
    return this.expand(this.renderPrice(price), p);
  }

  private updatePrice(id: string, p: Params): Json {
    const price = this.price(id, 'id', 404);
    const nickname = p.nullable('nickname');
    const active = p.bool('active');
    const metadata = p.metadata();
    const lookupKey = this.takeLookupKey(p, price.id);
    if (lookupKey !== undefined) price.lookupKey = lookupKey;
    if (nickname !== undefined) price.nickname = nickname;
    price.active = active ?? price.active;
    price.metadata = mergeMetadata(price.metadata, metadata);
    return this.expand(this.renderPrice(price), p);
  }

  private listPrices(p: Params): Json {
    const active = p.bool('active');
    const product = p.str('product');
    const type = p.str('type');
    const currency = p.str('currency')?.toLowerCase();
    const lookupKeys = p.strings('lookup_keys');
    const interval = p.sub('recurring')?.str('interval');
    const items = Object.values(this.state.prices).filter(
      (x) =>
        (active === undefined || x.active === active) &&
        (!product || x.product === product) &&
        (!type || (type === 'recurring') === !!x.interval) &&
        (!currency || x.currency === currency) &&
        (!lookupKeys.length || (x.lookupKey !== null && lookupKeys.includes(x.lookupKey))) &&
        (!interval || x.interval === interval),
    );
    return this.list(items, p, '/v1/prices', 'price', (x) => this.renderPrice(x));
  }

  // -------------------------------------------------------------------------------------------------------
  // Customers

  private newCustomer(email: string | null, name: string | null): CustomerRec {
    const c: CustomerRec = {
      id: newId('cus', 14),
      seq: ++this.state.seq,
      created: nowS(),
      email,
      name,
      description: null,
      metadata: {},
      invoicePrefix: crypto.randomBytes(4).toString('hex').toUpperCase(),
      invoiceCount: 0,
    };
    this.state.customers[c.id] = c;
    return c;
  }

  private createCustomer(p: Params): Json {
    const email = checkEmail(p, 'email') ?? null;
    const name = p.nullable('name') ?? null;
    const description = p.nullable('description') ?? null;
    const metadata = mergeMetadata({}, p.metadata());
    const c = this.newCustomer(email, name);
    c.description = description;
    c.metadata = metadata;
    return this.expand(this.renderCustomer(c), p);
  }

  private updateCustomer(id: string, p: Params): Json {
    const c = this.customer(id, 'id', 404);
    const email = checkEmail(p, 'email');
    const name = p.nullable('name');
    const description = p.nullable('description');
    const metadata = p.metadata();
    if (email !== undefined) c.email = email;
    if (name !== undefined) c.name = name;
    if (description !== undefined) c.description = description;
    c.metadata = mergeMetadata(c.metadata, metadata);
    return this.expand(this.renderCustomer(c), p);
  }

  private listCustomers(p: Params): Json {
    const email = p.str('email');
    const items = Object.values(this.state.customers).filter((c) => email === undefined || c.email === email);
    return this.list(items, p, '/v1/customers', 'customer', (c) => this.renderCustomer(c));
  }

  // -------------------------------------------------------------------------------------------------------
  // Checkout

  private createCheckout(p: Params): Json {
    const mode = p.req('mode');
    if (mode !== 'subscription')
      throw new ApiError(400, `The local Stripe stand-in supports mode=subscription only, not ${mode}.`, { param: 'mode' });
    const customer = p.str('customer') || null;
    const customerEmail = checkEmail(p, 'customer_email') ?? null;
    if (customer && customerEmail)
      throw new ApiError(400, 'You may only specify one of these parameters: customer, customer_email.', { param: 'customer_email' });
    if (customer) this.customer(customer, 'customer');
    const items = p.list('line_items');
    if (!items.length) throw missing('line_items');
    if (items.length > 1)
      throw new ApiError(400, 'The local Stripe stand-in supports one line item per Checkout Session.', { param: 'line_items' });
    const priceId = items[0].req('price');
    const price = this.price(priceId, 'line_items[0][price]');
    if (!price.active)
      throw new ApiError(400, 'The price specified is inactive. This field only accepts active prices.', { param: 'line_items[0][price]' });
    if (!price.interval)
      throw new ApiError(400, 'You must provide at least one recurring price in `subscription` mode when using prices.', {
        param: 'line_items[0][price]',
      });
    const quantity = items[0].int('quantity', 1);
    if (quantity === undefined)
      throw new ApiError(400, 'Quantity is required. Add `quantity` to `line_items[0]`', {
        code: 'parameter_missing',
        param: 'line_items[0][quantity]',
      });
    const t = nowS();
    const expiresAt = p.int('expires_at') ?? t + CHECKOUT_TTL_S;
    if (expiresAt < t + 30 * 60 - 60 || expiresAt > t + CHECKOUT_TTL_S + 60) {
      throw new ApiError(400, 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', {
        param: 'expires_at',
      });
    }
    const session: CheckoutRec = {
      id: newId('cs_test', 58),
      seq: ++this.state.seq,
      created: t,
      expiresAt,
      customer,
      customerGiven: !!customer,
      customerEmail,
      clientReferenceId: p.nullable('client_reference_id') ?? null,
      metadata: mergeMetadata({}, p.metadata()),
      subscriptionMetadata: mergeMetadata({}, p.sub('subscription_data')?.metadata()),
      price: price.id,
      quantity,
      successUrl: checkUrl(p, 'success_url') ?? null,
      cancelUrl: checkUrl(p, 'cancel_url') ?? null,
      status: 'open',
      subscription: null,
      invoice: null,
      details: null,
    };
    this.state.checkoutSessions[session.id] = session;
    return this.expand(this.renderCheckout(session), p);
  }

  private listCheckouts(p: Params): Json {
    const customer = p.str('customer');
    const subscription = p.str('subscription');
    const status = p.str('status');
    const items = Object.values(this.state.checkoutSessions).filter((s) => {
      this.expireIfDue(s);
      return (
        (!customer || s.customer === customer) && (!subscription || s.subscription === subscription) && (!status || s.status === status)
      );
    });
    return this.list(items, p, '/v1/checkout/sessions', 'checkout.session', (s) => this.renderCheckout(s));
  }

  private expireCheckout(id: string, p: Params): Json {
    const s = this.checkout(id, 'id', 404);
    if (s.status !== 'open')
      throw new ApiError(
        400,
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status}".`,
      );
    s.status = 'expired';
    return this.expand(this.renderCheckout(s), p);
  }

  // -------------------------------------------------------------------------------------------------------
  // Subscriptions and invoices

  private newInvoice(sub: SubscriptionRec, reason: InvoiceRec['billingReason'], paid: boolean): InvoiceRec {
    const customer = this.customer(sub.customer, 'customer');
    const price = this.price(sub.price, 'price');
    customer.invoiceCount += 1;
    const t = nowS();
    const inv: InvoiceRec = {
      id: newId('in'),
      seq: ++this.state.seq,
      created: t,
      number: `${customer.invoicePrefix}-${String(customer.invoiceCount).padStart(4, '0')}`,
      customer: customer.id,
      subscription: sub.id,
      subscriptionItem: sub.itemId,
      subscriptionMetadata: { ...sub.metadata },
      price: price.id,
      quantity: sub.quantity,
      amount: price.unitAmount * sub.quantity,
      currency: price.currency,
      status: paid ? 'paid' : 'open',
      attemptCount: 1,
      billingReason: reason,
      periodStart: sub.periodStart,
      periodEnd: sub.periodEnd,
      paidAt: paid ? t : null,
      nextPaymentAttempt: paid ? null : t + 3 * 86400,
      lineId: newId('il'),
    };
    this.state.invoices[inv.id] = inv;
    sub.latestInvoice = inv.id;
    return inv;
  }

  private emit(type: string, object: Json, ctx: Ctx, previous?: Json) {
    const e: EventRec = {
      id: newId('evt'),
      seq: ++this.state.seq,
      created: nowS(),
      type,
      object,
      requestId: ctx.requestId,
      idempotencyKey: ctx.idempotencyKey,
      pendingWebhooks: 1,
      autoDeliver: !this.state.webhooksPaused,
      autoAttempts: 0,
      nextAttemptAt: 0,
    };
    if (previous) e.previous = previous;
    this.state.events[e.id] = e;
    // After the current handler has written its response: Stripe never delivers inside the request.
    setImmediate(() => void this.drain());
  }

  /** Applies a change to a subscription and raises customer.subscription.updated if anything changed. */
  private changeSubscription(sub: SubscriptionRec, ctx: Ctx, change: () => void) {
    const before = this.renderSubscription(sub);
    change();
    const after = this.renderSubscription(sub);
    const previous = this.snapshotDiff(before, after);
    if (Object.keys(previous).length) this.emit('customer.subscription.updated', after, ctx, previous);
  }

  private cancelNow(sub: SubscriptionRec, ctx: Ctx) {
    const t = nowS();
    sub.status = 'canceled';
    sub.canceledAt = t;
    sub.endedAt = t;
    sub.cancelAtPeriodEnd = false;
    sub.cancellationReason = 'cancellation_requested';
    this.emit('customer.subscription.deleted', this.renderSubscription(sub), ctx);
  }

  private updateSubscription(id: string, p: Params, ctx: Ctx): Json {
    const sub = this.subscription(id, 'id', 404);
    const items = p.list('items');
    const cancelAtPeriodEnd = p.bool('cancel_at_period_end');
    const metadata = p.metadata();
    p.raw('proration_behavior');
    p.raw('payment_behavior');
    if (sub.status === 'canceled' && (items.length || cancelAtPeriodEnd !== undefined)) {
      throw new ApiError(400, 'A canceled subscription can only update its cancellation_details and metadata.');
    }
    if (items.length > 1) throw new ApiError(400, 'The local Stripe stand-in supports one item per subscription.', { param: 'items' });
    let newPrice: PriceRec | undefined;
    let newQuantity: number | undefined;
    if (items.length) {
      const item = items[0];
      const itemId = item.str('id');
      if (!itemId)
        throw new ApiError(400, 'The local Stripe stand-in supports one item per subscription: pass items[0][id] to change it.', {
          code: 'parameter_missing',
          param: 'items[0][id]',
        });
      if (itemId !== sub.itemId) throw noSuch('subscription item', itemId, 'items[0][id]');
      const priceId = item.str('price');
      if (priceId) {
        newPrice = this.price(priceId, 'items[0][price]');
        if (!newPrice.interval)
          throw new ApiError(
            400,
            'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
            { param: 'items[0][price]' },
          );
        if (!newPrice.active)
          throw new ApiError(400, 'The price specified is inactive. This field only accepts active prices.', { param: 'items[0][price]' });
      }
      newQuantity = item.int('quantity', 1);
    }
    this.changeSubscription(sub, ctx, () => {
      if (newPrice) sub.price = newPrice.id;
      if (newQuantity !== undefined) sub.quantity = newQuantity;
      if (cancelAtPeriodEnd !== undefined) sub.cancelAtPeriodEnd = cancelAtPeriodEnd;
      sub.metadata = mergeMetadata(sub.metadata, metadata);
    });
    return this.expand(this.renderSubscription(sub), p);
  }

  private deleteSubscription(id: string, p: Params, ctx: Ctx): Json {
    const sub = this.subscription(id, 'id', 404);
    p.raw('invoice_now');
    p.raw('prorate');
    if (sub.status === 'canceled') throw new ApiError(400, `The subscription ${sub.id} is already canceled.`);
    this.cancelNow(sub, ctx);
    return this.expand(this.renderSubscription(sub), p);
  }

  private listSubscriptions(p: Params): Json {
    const customer = p.str('customer');
    const price = p.str('price');
    const status = p.str('status');
    const items = Object.values(this.state.subscriptions).filter(
      (s) =>
        (!customer || s.customer === customer) &&
        (!price || s.price === price) &&
        (status === 'all' || (status === 'ended' ? s.status === 'canceled' : status ? s.status === status : s.status !== 'canceled')),
    );
    return this.list(items, p, '/v1/subscriptions', 'subscription', (s) => this.renderSubscription(s));
  }

  private listInvoices(p: Params): Json {
    const customer = p.str('customer');
    const subscription = p.str('subscription');
    const status = p.str('status');
    const items = Object.values(this.state.invoices).filter(
      (i) =>
        (!customer || i.customer === customer) && (!subscription || i.subscription === subscription) && (!status || i.status === status),
    );
    return this.list(items, p, '/v1/invoices', 'invoice', (i) => this.renderInvoice(i));
  }

  /** Pays an open invoice (a retry or the hosted invoice page): its subscription becomes active again. */
  private payInvoice(inv: InvoiceRec, ctx: Ctx, card?: CardRec) {
    inv.status = 'paid';
    inv.paidAt = nowS();
    inv.nextPaymentAttempt = null;
    this.emit('invoice.paid', this.renderInvoice(inv), ctx);
    const sub = get(this.state.subscriptions, inv.subscription);
    if (sub && sub.status === 'past_due' && sub.latestInvoice === inv.id) {
      this.changeSubscription(sub, ctx, () => {
        sub.status = 'active';
        if (card) sub.card = card;
      });
    }
  }

  private renew(id: string, fail: boolean): Json {
    const sub = this.subscription(id, 'id', 404);
    const ctx = PAGE_CTX;
    if (sub.status === 'canceled') throw new ApiError(400, `The subscription ${sub.id} is canceled.`);
    const open = sub.latestInvoice ? get(this.state.invoices, sub.latestInvoice) : undefined;
    let invoice: InvoiceRec | undefined;
    if (sub.status === 'past_due' && open?.status === 'open') {
      invoice = open;
      invoice.attemptCount += 1;
      if (fail) {
        invoice.nextPaymentAttempt = nowS() + 3 * 86400;
        this.emit('invoice.payment_failed', this.renderInvoice(invoice), ctx);
      } else {
        this.payInvoice(invoice, ctx);
      }
    } else if (sub.cancelAtPeriodEnd) {
      sub.status = 'canceled';
      sub.canceledAt = nowS();
      sub.endedAt = sub.periodEnd;
      sub.cancelAtPeriodEnd = false;
      sub.cancellationReason = 'cancellation_requested';
      this.emit('customer.subscription.deleted', this.renderSubscription(sub), ctx);
    } else {
      const price = this.price(sub.price, 'price');
      const before = this.renderSubscription(sub);
      sub.periodStart = sub.periodEnd;
      sub.periodEnd = addInterval(sub.periodStart, price.interval ?? 'month', price.intervalCount);
      invoice = this.newInvoice(sub, 'subscription_cycle', !fail);
      if (fail) sub.status = 'past_due';
      this.emit(fail ? 'invoice.payment_failed' : 'invoice.paid', this.renderInvoice(invoice), ctx);
      const after = this.renderSubscription(sub);
      this.emit('customer.subscription.updated', after, ctx, this.snapshotDiff(before, after));
    }
    this.save();
    return { subscription: this.renderSubscription(sub), invoice: invoice ? this.renderInvoice(invoice) : null };
  }

  private listEvents(p: Params): Json {
    const matches = (type: string, pattern: string) => (pattern.endsWith('.*') ? type.startsWith(pattern.slice(0, -1)) : type === pattern);
    const type = p.str('type');
    const types = p.strings('types');
    const created = p.sub('created');
    const exact = created ? undefined : p.int('created');
    const bounds = { gt: created?.int('gt'), gte: created?.int('gte'), lt: created?.int('lt'), lte: created?.int('lte') };
    const items = Object.values(this.state.events).filter(
      (e) =>
        (!type || matches(e.type, type)) &&
        (!types.length || types.some((t) => matches(e.type, t))) &&
        (exact === undefined || e.created === exact) &&
        (bounds.gt === undefined || e.created > bounds.gt) &&
        (bounds.gte === undefined || e.created >= bounds.gte) &&
        (bounds.lt === undefined || e.created < bounds.lt) &&
        (bounds.lte === undefined || e.created <= bounds.lte),
    );
    return this.list(items, p, '/v1/events', 'event', (e) => this.renderEvent(e));
  }

  // -------------------------------------------------------------------------------------------------------
  // Billing portal

  private createPortal(p: Params): Json {
    const customer = this.customer(p.req('customer'), 'customer');
    const returnUrl = checkUrl(p, 'return_url') ?? null;
    p.raw('configuration');
    p.raw('flow_data');
    p.raw('locale');
    const session: PortalRec = { id: newId('bps'), seq: ++this.state.seq, created: nowS(), customer: customer.id, returnUrl };
    this.state.portalSessions[session.id] = session;
    return this.expand(this.renderPortal(session), p);
  }

  private currentSubscription(customer: string): SubscriptionRec | undefined {
    return Object.values(this.state.subscriptions)
      .filter((s) => s.customer === customer && LIVE_STATUSES.includes(s.status))
      .sort((a, b) => b.seq - a.seq)[0];
  }

  private priceText(price: PriceRec, quantity = 1) {
    return `${money(price.unitAmount * quantity, price.currency)} ${intervalText(price)}`;
  }

  private portalView(ps: PortalRec) {
    const customer = get(this.state.customers, ps.customer);
    const sub = this.currentSubscription(ps.customer);
    let current: PortalPlanView | null = null;
    let options: { price: string; label: string; priceText: string }[] = [];
    if (sub) {
      const price = get(this.state.prices, sub.price);
      const product = price && get(this.state.products, price.product);
      const open = sub.latestInvoice ? get(this.state.invoices, sub.latestInvoice) : undefined;
      current = {
        subscription: sub.id,
        planName: product?.name ?? 'Plan',
        priceText: price ? this.priceText(price, sub.quantity) : '',
        renewalText: `${sub.cancelAtPeriodEnd ? 'Cancels' : 'Renews'} on ${dateText(sub.periodEnd)}`,
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        pastDueInvoiceUrl: sub.status === 'past_due' && open?.status === 'open' ? `${this.url}/invoices/${open.id}` : null,
        card: sub.card ? `${BRAND_NAMES[sub.card.brand] ?? sub.card.brand} •••• ${sub.card.last4}` : null,
      };
      options = Object.values(this.state.prices)
        .filter((x) => x.active && x.interval && x.id !== sub.price && get(this.state.products, x.product)?.active)
        .sort((a, b) => a.unitAmount - b.unitAmount || a.seq - b.seq)
        .map((x) => ({ price: x.id, label: `Switch to ${get(this.state.products, x.product)!.name}`, priceText: this.priceText(x) }));
      // Two prices of one product would otherwise share a label.
      for (const o of options) if (options.filter((x) => x.label === o.label).length > 1) o.label = `${o.label} (${o.priceText})`;
    }
    return { actionBase: `/portal/${ps.id}`, customerEmail: customer?.email ?? null, current, options, returnUrl: ps.returnUrl };
  }

  // -------------------------------------------------------------------------------------------------------
  // Hosted pages

  private async handlePage(req: http.IncomingMessage, res: http.ServerResponse, method: string, kind: string, id: string, action?: string) {
    const body = await readBody(req, 64 * 1024);
    const form: Record<string, string> = {};
    if (method === 'POST' && body !== 'too-large') {
      for (const [k, v] of new URLSearchParams(body.toString('utf8'))) if (k !== '__proto__') form[k] = v;
    }
    if (kind === 'checkout') return this.checkoutPage(res, method, id, form);
    if (kind === 'portal') return this.portalPage(res, method, id, action, form);
    return this.invoicePage(res, method, id, form);
  }

  private cardValues(form: Record<string, string>): Partial<CardFormValues> {
    return {
      email: form.email,
      cardNumber: form.cardNumber,
      cardExpiry: form.cardExpiry,
      cardCvc: form.cardCvc,
      billingName: form.billingName,
    };
  }

  private checkoutPage(res: http.ServerResponse, method: string, id: string, form: Record<string, string>) {
    const s = get(this.state.checkoutSessions, id);
    if (!s) return this.sendHtml(res, 404, messagePage('Checkout not found', 'This checkout page does not exist.'));
    this.expireIfDue(s);
    if (s.status === 'complete') {
      const next = s.successUrl
        ? { href: s.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', s.id), text: `Continue to ${MERCHANT}` }
        : undefined;
      return this.sendHtml(
        res,
        method === 'POST' ? 409 : 200,
        messagePage('Already paid', 'This checkout is complete: the subscription is active.', next),
      );
    }
    if (s.status === 'expired') {
      const back = s.cancelUrl ? { href: s.cancelUrl, text: `Back to ${MERCHANT}` } : undefined;
      return this.sendHtml(res, 410, messagePage('Checkout expired', 'This checkout has expired. Start again from the app.', back));
    }
    const price = this.price(s.price, 'price');
    const product = get(this.state.products, price.product);
    const lockedEmail = s.customer ? (get(this.state.customers, s.customer)?.email ?? null) : s.customerEmail;
    const render = (status: number, error?: string, invalidField?: CardField) =>
      this.sendHtml(
        res,
        status,
        checkoutPage({
          action: `/checkout/${s.id}`,
          planName: product?.name ?? 'Plan',
          priceText: this.priceText(price, s.quantity),
          quantity: s.quantity,
          email: lockedEmail ?? form.email ?? '',
          emailLocked: !!lockedEmail,
          values: this.cardValues(form),
          error,
          invalidField,
          cancelUrl: s.cancelUrl,
        }),
      );
    if (method === 'GET') return render(200);

    const email = lockedEmail ?? (form.email ?? '').trim();
    if (!EMAIL_RE.test(email)) return render(400, 'Your email address is invalid.', 'email');
    const check = checkCard(this.cardValues(form));
    if (!check.ok) return render(check.status, check.message, check.field);

    const name = form.billingName.trim();
    const customer = s.customer ? this.customer(s.customer, 'customer') : this.newCustomer(email, name);
    const t = nowS();
    const sub: SubscriptionRec = {
      id: newId('sub'),
      seq: ++this.state.seq,
      created: t,
      customer: customer.id,
      status: 'active',
      itemId: newId('si', 14),
      price: price.id,
      quantity: s.quantity,
      periodStart: t,
      periodEnd: addInterval(t, price.interval ?? 'month', price.intervalCount),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      cancellationReason: null,
      metadata: { ...s.subscriptionMetadata },
      latestInvoice: null,
      card: check.card,
    };
    this.state.subscriptions[sub.id] = sub;
    const invoice = this.newInvoice(sub, 'subscription_create', true);
    s.status = 'complete';
    s.customer = customer.id;
    s.subscription = sub.id;
    s.invoice = invoice.id;
    s.details = { email, name };
    this.emit('customer.subscription.created', this.renderSubscription(sub), PAGE_CTX);
    this.emit('invoice.paid', this.renderInvoice(invoice), PAGE_CTX);
    this.emit('checkout.session.completed', this.renderCheckout(s), PAGE_CTX);
    this.save();
    if (s.successUrl) return this.redirect(res, s.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', s.id));
    this.sendHtml(res, 200, messagePage('Thank you', 'Your subscription is active.'));
  }

  private portalPage(res: http.ServerResponse, method: string, id: string, action: string | undefined, form: Record<string, string>) {
    const ps = get(this.state.portalSessions, id);
    if (!ps)
      return this.sendHtml(
        res,
        404,
        messagePage('Billing page not found', 'This billing page does not exist. Open it again from the app.'),
      );
    if (method === 'GET') return this.sendHtml(res, 200, portalPage(this.portalView(ps)));

    const back = () => this.redirect(res, ps.returnUrl ?? `/portal/${ps.id}`);
    // The page names the plan it showed, so a stale page cannot act on a newer plan; without it, the current one.
    const sub = form.subscription ? get(this.state.subscriptions, form.subscription) : this.currentSubscription(ps.customer);
    if (!sub || sub.customer !== ps.customer || !LIVE_STATUSES.includes(sub.status)) {
      const link = { href: `/portal/${ps.id}`, text: 'Back to billing' };
      return this.sendHtml(res, 409, messagePage('Plan not changed', 'This plan can no longer be changed: reload the billing page.', link));
    }
    if (action === 'cancel') {
      this.cancelNow(sub, PAGE_CTX);
    } else if (action === 'resume') {
      this.changeSubscription(sub, PAGE_CTX, () => (sub.cancelAtPeriodEnd = false));
    } else {
      const price = get(this.state.prices, form.price ?? '');
      if (!price || !price.active || !price.interval || !get(this.state.products, price.product)?.active) {
        return this.sendHtml(
          res,
          400,
          messagePage('Plan not changed', 'That plan is not available.', { href: `/portal/${ps.id}`, text: 'Back to billing' }),
        );
      }
      this.changeSubscription(sub, PAGE_CTX, () => (sub.price = price.id));
    }
    this.save();
    back();
  }

  private invoicePage(res: http.ServerResponse, method: string, id: string, form: Record<string, string>) {
    const inv = get(this.state.invoices, id);
    if (!inv) return this.sendHtml(res, 404, messagePage('Invoice not found', 'This invoice does not exist.'));
    const customer = get(this.state.customers, inv.customer);
    const rendered = this.renderInvoice(inv);
    const line = (rendered.lines as { data: { description: string }[] }).data[0];
    const render = (status: number, error?: string, invalidField?: CardField) =>
      this.sendHtml(
        res,
        status,
        invoicePage({
          action: `/invoices/${inv.id}`,
          number: inv.number,
          amountText: money(inv.amount, inv.currency),
          description: line.description,
          status: inv.status,
          customerEmail: customer?.email ?? null,
          values: this.cardValues(form),
          error,
          invalidField,
        }),
      );
    if (method === 'GET' || inv.status === 'paid') return render(200);
    const check = checkCard(this.cardValues(form));
    if (!check.ok) return render(check.status, check.message, check.field);
    this.payInvoice(inv, PAGE_CTX, check.card);
    this.save();
    this.redirect(res, `/invoices/${inv.id}`);
  }

  // -------------------------------------------------------------------------------------------------------
  // Local controls

  private async handleLocal(req: http.IncomingMessage, res: http.ServerResponse, method: string, u: URL) {
    const body = await readBody(req, 64 * 1024);
    const fail = (status: number, message: string) => this.sendJson(res, status, new ApiError(status, message).body());
    let input: Json = {};
    if (body === 'too-large') return fail(400, 'The request body is too large.');
    if (body.length) {
      try {
        const parsed: unknown = JSON.parse(body.toString('utf8'));
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return fail(400, 'The body must be a JSON object.');
        input = parsed as Json;
      } catch {
        return fail(400, 'The body is not valid JSON.');
      }
    }
    const p = u.pathname;
    if (method === 'GET' && p === '/_local/health') {
      const pending = Object.values(this.state.events).filter((e) => e.autoDeliver).length;
      return this.sendJson(res, 200, { ok: true, webhooks_paused: this.state.webhooksPaused, pending_events: pending });
    }
    if (p === '/_local/webhooks' && (method === 'GET' || method === 'POST')) {
      if (method === 'POST') {
        if (typeof input.paused !== 'boolean') return fail(400, 'paused must be true or false.');
        this.state.webhooksPaused = input.paused;
        this.save();
        if (!input.paused) void this.drain();
      }
      return this.sendJson(res, 200, { paused: this.state.webhooksPaused, url: this.webhookUrl() ?? null });
    }
    if (method === 'GET' && p === '/_local/deliveries') {
      const event = u.searchParams.get('event');
      const data = this.state.deliveries.filter((d) => !event || d.event === event).reverse();
      return this.sendJson(res, 200, { data });
    }
    const deliver = /^\/_local\/events\/([^/]+)\/deliver$/.exec(p);
    if (method === 'POST' && deliver) {
      const e = get(this.state.events, safeDecode(deliver[1]));
      if (!e) return this.sendJson(res, 404, noSuch('event', safeDecode(deliver[1]), 'id', 404).body());
      const target = this.webhookUrl();
      if (!target) return fail(409, 'No webhook URL is set yet.');
      const d = await this.attempt(e, target, true);
      return this.sendJson(res, 200, { delivered: d.ok, status: d.status, error: d.error });
    }
    const renew = /^\/_local\/subscriptions\/([^/]+)\/renew$/.exec(p);
    if (method === 'POST' && renew) {
      if (input.fail !== undefined && typeof input.fail !== 'boolean') return fail(400, 'fail must be true or false.');
      try {
        return this.sendJson(
          res,
          200,
          this.atomically(() => this.renew(safeDecode(renew[1]), input.fail === true)),
        );
      } catch (err) {
        if (err instanceof ApiError) return this.sendJson(res, err.status, err.body());
        throw err;
      }
    }
    this.sendJson(res, 404, unrecognized(method, p).body());
  }

  // -------------------------------------------------------------------------------------------------------
  // Webhook delivery

  /**
   * Delivers due events one at a time in the order they were raised (a failed one is retried later
   * without holding up the rest), so a receiver sees a checkout's events in their natural order.
   */
  private async drain(): Promise<void> {
    if (this.draining) {
      this.drainAgain = true;
      return;
    }
    this.draining = true;
    try {
      do {
        this.drainAgain = false;
        for (;;) {
          if (this.closed || this.state.webhooksPaused) return;
          const target = this.webhookUrl();
          if (!target) return;
          const now = Date.now();
          const next = Object.values(this.state.events)
            .filter((e) => e.autoDeliver && e.nextAttemptAt <= now)
            .sort((a, b) => a.seq - b.seq)[0];
          if (!next) break;
          next.autoAttempts += 1;
          const d = await this.attempt(next, target, false);
          if (d.ok || !next.autoDeliver || this.closed) continue;
          const delay = RETRY_DELAYS_MS[next.autoAttempts - 1];
          if (delay === undefined) {
            next.autoDeliver = false;
            this.log(`[stripe] gave up delivering ${next.type} ${next.id} after ${next.autoAttempts} attempts`);
          } else {
            next.nextAttemptAt = Date.now() + delay;
            this.later(delay, () => void this.drain());
          }
          this.save();
        }
      } while (this.drainAgain);
    } finally {
      this.draining = false;
    }
  }

  private webhookUrl(): string | undefined {
    try {
      return this.opts.webhookUrl();
    } catch (err) {
      this.log(`[stripe] webhookUrl() failed: ${(err as Error).message}`);
      return undefined;
    }
  }

  private later(ms: number, fn: () => void) {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }

  /** One signed POST of an event; recorded whatever its outcome. */
  private async attempt(e: EventRec, target: string, manual: boolean): Promise<DeliveryRec> {
    const payload = JSON.stringify(this.renderEvent(e), null, 2);
    const t = Math.floor(Date.now() / 1000);
    const signature = crypto.createHmac('sha256', this.opts.webhookSecret).update(`${t}.${payload}`, 'utf8').digest('hex');
    const d: DeliveryRec = {
      event: e.id,
      type: e.type,
      at: Date.now(),
      url: target,
      manual,
      ok: false,
      status: null,
      error: null,
      response: null,
    };
    try {
      const res = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': `t=${t},v1=${signature}`,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'cache-control': 'no-cache',
          accept: '*/*; q=0.5, application/xml',
        },
        body: payload,
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
      });
      d.status = res.status;
      d.ok = res.status >= 200 && res.status < 300;
      d.response = (await res.text()).slice(0, 1000);
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      d.error = cause?.code ?? cause?.message ?? (err as Error).message;
    }
    if (d.ok) {
      e.autoDeliver = false;
      e.pendingWebhooks = 0;
    } else if (!this.closed) {
      this.log(`[stripe] webhook ${e.type} ${e.id} to ${target} failed: ${d.status ?? d.error}`);
    }
    this.state.deliveries.push(d);
    this.save();
    return d;
  }
}

export async function startStripe(opts: StripeStandinOptions): Promise<StripeStandin> {
  const standin = new Standin(opts);
  await standin.listen();
  return { url: standin.url, close: () => standin.close() };
}
