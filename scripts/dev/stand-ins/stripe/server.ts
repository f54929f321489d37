/**
 * A local stand-in for the part of Stripe's API the product calls, so `npm start` and the tests need no
 * network: the real `stripe` SDK is pointed here with its `host`, `port` and `protocol: 'http'` options.
 *
 * API (Bearer secret key; form-encoded with Stripe's bracket syntax; Stripe's object, list and error shapes):
 *   products, prices, customers, checkout sessions (+ /expire), subscriptions, invoices (read only),
 *   billing portal sessions, events. Every POST honours Idempotency-Key as Stripe does.
 * Hosted pages (no key): /checkout/{id}, /portal/{id}, /invoices/{id} (routes in hosted-pages.ts, HTML in pages.ts).
 * Webhooks: each event is POSTed to webhookUrl() after the response that raised it, signed as Stripe signs
 * (Stripe-Signature: t=...,v1=...), one at a time in the order raised, retried after 0.5 s, 2 s and 5 s
 * (../webhook-delivery.ts, shared with PayPal's); every attempt is recorded.
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
 *
 * This module is the server: routing, the API key, Idempotency-Key and all-or-nothing requests. The resources'
 * operations are in resources/, their Stripe shapes in objects/, the records in records.ts and store.ts.
 */
import http from 'node:http';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { outlastClientsKeepAlive } from '../../stack/ports.js';
import type { Standin, StandinOptions } from '../standin.js';
import { ApiError, unrecognized } from './errors.js';
import { readBody, safeDecode, sendJson } from './http.js';
import { serveHostedPage } from './hosted-pages.js';
import { serveLocalControl } from './local-controls.js';
import { expand } from './expand.js';
import { renderCheckout } from './objects/checkout.js';
import { renderCustomer } from './objects/customers.js';
import { renderEvent } from './objects/events.js';
import { renderInvoice } from './objects/invoices.js';
import { renderPrice, renderProduct } from './objects/catalog.js';
import { renderSubscription } from './objects/subscriptions.js';
import { parseForm, Params } from './params.js';
import { get, type Json, type State } from './records.js';
import { createPrice, createProduct, listPrices, listProducts, updatePrice, updateProduct } from './resources/catalog.js';
import { createCheckout, expireCheckout, listCheckouts } from './resources/checkout.js';
import { createCustomer, listCustomers, updateCustomer } from './resources/customers.js';
import { listEvents } from './resources/events.js';
import { listInvoices } from './resources/invoices.js';
import { createPortal } from './resources/portal.js';
import { deleteSubscription, listSubscriptions, updateSubscription } from './resources/subscriptions.js';
import {
  atomically,
  findCheckout,
  findCustomer,
  findEvent,
  findInvoice,
  findPrice,
  findProduct,
  findSubscription,
  loadState,
  newId,
  pruneState,
  writeState,
  type Ctx,
  type StandinContext,
} from './store.js';
import { StripeWebhooks } from './webhooks.js';

export interface StripeStandinOptions extends StandinOptions {
  /** The API key requests must carry (Authorization: Bearer sk_test_...). */
  secretKey: string;
  /** Signs webhook deliveries (whsec_...). */
  webhookSecret: string;
}

export type StripeStandin = Standin;

const BODY_LIMIT = 1024 * 1024;

type Handler = (m: string[], p: Params, ctx: Ctx) => Json;

class Server {
  readonly url: string;
  private readonly log: (line: string) => void;
  private readonly file: string;
  private readonly state: State;
  private closed = false;
  private readonly standin: StandinContext;
  private readonly webhooks: StripeWebhooks;
  private readonly server: http.Server;
  private readonly ignoredReported = new Set<string>();
  private readonly routes: { method: string; template: string; re: RegExp; handler: Handler }[];

  constructor(private readonly opts: StripeStandinOptions) {
    this.url = `http://localhost:${opts.port}`;
    const log = (this.log = opts.log ?? (() => {}));
    fs.mkdirSync(opts.dataDir, { recursive: true });
    this.file = path.join(opts.dataDir, 'state.json');
    const state = (this.state = loadState(this.file, this.log));
    const save = () => {
      if (this.closed) return;
      pruneState(state);
      if (opts.keepData !== false) writeState(this.file, state, log);
    };
    const webhooks = (this.webhooks = new StripeWebhooks({
      state,
      save,
      log,
      webhookSecret: opts.webhookSecret,
      webhookUrl: opts.webhookUrl,
    }));
    const s: StandinContext = (this.standin = {
      url: this.url,
      state,
      save,
      log,
      emit: (type, object, ctx, previous) => webhooks.emit(type, object, ctx, previous),
    });
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((err: Error) => {
        this.log(`[stripe] ${req.method} ${req.url} failed: ${err.stack ?? err.message}`);
        if (res.headersSent) return void res.destroy();
        sendJson(res, 500, new ApiError(500, 'An unknown error occurred', { type: 'api_error' }).body());
      });
    });
    const routes: [string, string, Handler][] = [
      ['POST', '/v1/products', (_m, p) => createProduct(s, p)],
      ['GET', '/v1/products', (_m, p) => listProducts(s, p)],
      ['GET', '/v1/products/{id}', (m, p) => expand(s, renderProduct(findProduct(s, m[1], 'id', 404)), p)],
      ['POST', '/v1/products/{id}', (m, p) => updateProduct(s, m[1], p)],
      ['POST', '/v1/prices', (_m, p) => createPrice(s, p)],
      ['GET', '/v1/prices', (_m, p) => listPrices(s, p)],
      ['GET', '/v1/prices/{id}', (m, p) => expand(s, renderPrice(findPrice(s, m[1], 'id', 404)), p)],
      ['POST', '/v1/prices/{id}', (m, p) => updatePrice(s, m[1], p)],
      ['POST', '/v1/customers', (_m, p) => createCustomer(s, p)],
      ['GET', '/v1/customers', (_m, p) => listCustomers(s, p)],
      ['GET', '/v1/customers/{id}', (m, p) => expand(s, renderCustomer(s, findCustomer(s, m[1], 'id', 404)), p)],
      ['POST', '/v1/customers/{id}', (m, p) => updateCustomer(s, m[1], p)],
      ['POST', '/v1/checkout/sessions', (_m, p) => createCheckout(s, p)],
      ['GET', '/v1/checkout/sessions', (_m, p) => listCheckouts(s, p)],
      ['GET', '/v1/checkout/sessions/{id}', (m, p) => expand(s, renderCheckout(s, findCheckout(s, m[1], 'id', 404)), p)],
      ['POST', '/v1/checkout/sessions/{id}/expire', (m, p) => expireCheckout(s, m[1], p)],
      ['GET', '/v1/subscriptions', (_m, p) => listSubscriptions(s, p)],
      ['GET', '/v1/subscriptions/{id}', (m, p) => expand(s, renderSubscription(s, findSubscription(s, m[1], 'id', 404)), p)],
      ['POST', '/v1/subscriptions/{id}', (m, p, ctx) => updateSubscription(s, m[1], p, ctx)],
      ['DELETE', '/v1/subscriptions/{id}', (m, p, ctx) => deleteSubscription(s, m[1], p, ctx)],
      ['GET', '/v1/invoices', (_m, p) => listInvoices(s, p)],
      ['GET', '/v1/invoices/{id}', (m, p) => expand(s, renderInvoice(s, findInvoice(s, m[1], 'id', 404)), p)],
      ['POST', '/v1/billing_portal/sessions', (_m, p) => createPortal(s, p)],
      ['GET', '/v1/events', (_m, p) => listEvents(s, p)],
      ['GET', '/v1/events/{id}', (m) => renderEvent(findEvent(s, m[1], 'id', 404))],
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
      outlastClientsKeepAlive(this.server);
      this.server.listen(this.opts.port, '127.0.0.1', () => {
        this.server.off('error', onError);
        resolve();
      });
    });
    this.webhooks.start();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.webhooks.close();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
    if (this.opts.keepData !== false) writeState(this.file, this.state, this.log);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    let u: URL;
    try {
      u = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      req.resume();
      return sendJson(res, 400, new ApiError(400, 'Malformed request URL').body());
    }
    if (u.pathname.startsWith('/v1/')) return this.handleApi(req, res, method, u);
    if (u.pathname.startsWith('/_local/')) return serveLocalControl(this.standin, this.webhooks, req, res, method, u);
    const page = /^\/(checkout|portal|invoices)\/([^/]+)(?:\/(switch|cancel|resume))?$/.exec(u.pathname);
    // The portal posts to one path per action; Checkout and the invoice page post to themselves.
    const pageMethods = page?.[1] === 'portal' ? (page[3] ? ['POST'] : ['GET']) : page && !page[3] ? ['GET', 'POST'] : [];
    if (page && pageMethods.includes(method)) return serveHostedPage(this.standin, req, res, method, page[1], safeDecode(page[2]), page[3]);
    req.resume();
    sendJson(res, 404, unrecognized(method, u.pathname).body());
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
          return sendJson(res, prior.status, prior.body, {
            ...headers,
            'idempotent-replayed': 'true',
            'original-request': prior.requestId,
          });
        }
      }

      const json = JSON.stringify(
        atomically(this.state, () => route.handler(route.match, params, { requestId, idempotencyKey })),
        null,
        2,
      );
      this.reportIgnored(`${method} ${route.template}`, params);
      // Only outcomes are replayed: a request refused for its parameters may be corrected and sent again.
      if (method === 'POST' && idempotencyKey) {
        this.state.idempotency[idemSlot] = { at: Date.now(), method, path: u.pathname, fingerprint, status: 200, body: json, requestId };
      }
      if (method !== 'GET') this.standin.save();
      sendJson(res, 200, json, headers);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      sendJson(res, err.status, err.body(), headers);
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
}

export async function startStripe(opts: StripeStandinOptions): Promise<StripeStandin> {
  const server = new Server(opts);
  await server.listen();
  return { url: server.url, close: () => server.close() };
}
