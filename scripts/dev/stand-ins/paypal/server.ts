/**
 * A local stand-in for the part of PayPal's REST API the product calls, so `npm start` and the tests need
 * no network: the product's own PayPal client is pointed here by its base URL.
 *
 * API (Bearer token from /v1/oauth2/token; JSON; PayPal's resource and error shapes):
 *   POST /v1/oauth2/token, POST /v2/checkout/orders, GET /v2/checkout/orders/{id},
 *   POST /v2/checkout/orders/{id}/capture, GET /v2/payments/captures/{id},
 *   POST /v2/payments/captures/{id}/refund, GET /v2/payments/refunds/{id},
 *   POST /v1/notifications/verify-webhook-signature, GET /v1/notifications/webhooks-events[/{id}],
 *   POST /v1/notifications/webhooks-events/{id}/resend,
 *   POST /v1/payments/payouts, GET /v1/payments/payouts/{id}, GET /v1/payments/payouts-item/{id},
 *   POST /v1/payments/payouts-item/{id}/cancel, GET /v1/customer/disputes/{id}, GET /v1/reporting/transactions.
 * Buyer's pages (no token): GET /checkoutnow?token={order id}, whose forms POST to /checkoutnow/approve,
 *   /checkoutnow/decline and /checkoutnow/cancel (checkout-pages.ts; HTML in pages.ts).
 * Where PayPal's behaviour depends on the request, this follows PayPal:
 * - `Prefer` defaults to `return=minimal`; `Prefer: return=representation` gives the whole resource.
 * - An order made with `payment_source.paypal` starts as PAYER_ACTION_REQUIRED with a `payer-action`
 *   link; one made with `application_context` starts as CREATED with an `approve` link.
 * - A capture after "Approve with a declined card" answers 422 INSTRUMENT_DECLINED (with a `redirect`
 *   link to the approval page) and puts the order back to its first status: the buyer must approve
 *   again (PayPal's "restart"). No capture exists, so no PAYMENT.CAPTURE.DENIED is sent.
 * - `PayPal-Request-Id` replays only successful answers, so a retry after an error is carried out.
 * - A payout's `sender_batch_id` pays once: used again within 30 days it is refused (400 USER_BUSINESS_ERROR)
 *   with a `self` link to the payout that used it. Its items are PENDING in the answer and reach their outcome
 *   just after it (SUCCESS unless a local control set another), each with its PAYMENT.PAYOUTS-ITEM.* webhook
 *   (resource_type payouts_item, the item as GET payouts-item shows it). Cancelling an UNCLAIMED item
 *   returns it (RETURNED, PAYMENT.PAYOUTS-ITEM.CANCELED); a RETURNED one is ITEM_ALREADY_CANCELLED, any other
 *   ITEM_INCORRECT_STATUS.
 * - The transaction search takes a range of at most 31 days, both ends given with their offset; it lists
 *   captures (T0006), refunds (T1107), reversals (T1106) and payout items once paid (T0001), money out negative.
 * - A reversal (a chargeback, a dispute the buyer won) is kept as a refund the merchant did not make: the
 *   capture reads REFUNDED, GET refunds shows it, and PAYMENT.CAPTURE.REVERSED carries it with an `up` link to
 *   the capture, as PAYMENT.CAPTURE.REFUNDED carries a refund.
 * Webhooks: each event is POSTed to webhookUrl() after the response that raised it, one at a time in the
 * order raised, retried after 0.5 s, 2 s and 5 s (../webhook-delivery.ts, shared with Stripe's); every
 * attempt is recorded on the event (`transmissions`) and carries PayPal's headers, its own transmission
 * time and a `paypal-cert-url` on PayPal's sandbox host (never fetched: the product
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
 *   POST /_local/payouts/outcomes {"receiver", "outcome"}  the outcome (SUCCESS, FAILED, RETURNED, UNCLAIMED
 *                                           or PENDING: left waiting) of the next items paid to receiver, until set again
 *   POST /_local/payouts-item/{id}/outcome {"outcome"}  moves an item now, with its webhook: a PENDING one to
 *                                           any outcome, an UNCLAIMED one to SUCCESS or RETURNED, a SUCCESS one to RETURNED
 *   POST /_local/captures/{id}/dispute {"reason"?}  the buyer disputes what is left of the capture
 *                                           (CUSTOMER.DISPUTE.CREATED; reason MERCHANDISE_OR_SERVICE_NOT_RECEIVED by default)
 *   POST /_local/disputes/{id}/resolve {"outcome"}  RESOLVED_SELLER_FAVOUR or RESOLVED_BUYER_FAVOUR, which
 *                                           reverses the capture first (CUSTOMER.DISPUTE.RESOLVED)
 *   POST /_local/captures/{id}/reverse {"hold"?}  PayPal takes what is left of the capture back
 *                                           (PAYMENT.CAPTURE.REVERSED; with hold: true, delivered only when resent)
 *   POST /_local/transactions {"transaction_event_code", "amount": {"value", "currency_code"}, "invoice_id"?,
 *                              "paypal_reference_id"?, "transaction_initiation_date"?, "transaction_status"?}
 *                                           a transaction only PayPal knows of, listed by the search
 *
 * This module is the server: the request context, routing and answers. The API's handlers are in resources/,
 * PayPal's shapes in objects.ts, the records in records.ts and store.ts, delivery in webhooks.ts.
 */
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { outlastClientsKeepAlive } from '../../stack/ports.js';
import type { Standin, StandinOptions } from '../standin.js';
import { checkoutPageRoutes } from './checkout-pages.js';
import { ApiError, errorBody, invalidRequest, notFound } from './errors.js';
import { isObject } from './input.js';
import { localControlRoutes } from './local-controls.js';
import type { Json } from './records.js';
import type { Ctx, Handler, Reply } from './requests.js';
import { disputeRoutes } from './resources/disputes.js';
import { orderRoutes } from './resources/orders.js';
import { paymentRoutes } from './resources/payments.js';
import { payoutRoutes } from './resources/payouts.js';
import { requireBearer, tokenRoutes } from './resources/tokens.js';
import { transactionRoutes } from './resources/transactions.js';
import { webhookEventRoutes } from './resources/webhook-events.js';
import { debugId, loadState, saveState, stableId, type StandinContext } from './store.js';
import { PaypalWebhooks } from './webhooks.js';

export { AUTH_ALGO, WEBHOOK_CERT_URL, webhookSignature, type SignedTransmission } from './signature.js';

export interface PaypalStandinOptions extends StandinOptions {
  /** The OAuth client credentials the product must present. */
  clientId: string;
  clientSecret: string;
  /** The id of the one registered webhook. */
  webhookId: string;
}

export type PaypalStandin = Standin;

const MAX_BODY_BYTES = 1024 * 1024;

interface Route {
  method: string;
  pattern: RegExp;
  /** Whether the route takes the Bearer token of /v1/oauth2/token. */
  auth: boolean;
  handle: Handler;
}

/** Every route the stand-in answers: PayPal's API, the buyer's pages and the local controls. */
function routeTable(standin: StandinContext, webhooks: PaypalWebhooks): Route[] {
  const { oauthToken } = tokenRoutes(standin);
  const { createOrder, showOrder, captureOrder } = orderRoutes(standin);
  const { showCapture, refundCapture, showRefund } = paymentRoutes(standin);
  const { verifySignature, listEvents, showEvent, resendEvent, cert } = webhookEventRoutes(standin, webhooks);
  const { approvalPageRoute, approve, cancel } = checkoutPageRoutes(standin);
  const { createPayout, showPayout, showPayoutItem, cancelPayoutItem } = payoutRoutes(standin);
  const { showDispute } = disputeRoutes(standin);
  const { searchTransactions } = transactionRoutes(standin);
  const local = localControlRoutes(standin, webhooks);
  return [
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
    { method: 'POST', pattern: /^\/v1\/payments\/payouts$/, auth: true, handle: createPayout },
    { method: 'GET', pattern: /^\/v1\/payments\/payouts\/([^/]+)$/, auth: true, handle: showPayout },
    { method: 'GET', pattern: /^\/v1\/payments\/payouts-item\/([^/]+)$/, auth: true, handle: showPayoutItem },
    { method: 'POST', pattern: /^\/v1\/payments\/payouts-item\/([^/]+)\/cancel$/, auth: true, handle: cancelPayoutItem },
    { method: 'GET', pattern: /^\/v1\/customer\/disputes\/([^/]+)$/, auth: true, handle: showDispute },
    { method: 'GET', pattern: /^\/v1\/reporting\/transactions$/, auth: true, handle: searchTransactions },
    { method: 'GET', pattern: /^\/checkoutnow$/, auth: false, handle: approvalPageRoute },
    { method: 'POST', pattern: /^\/checkoutnow\/approve$/, auth: false, handle: approve(false) },
    { method: 'POST', pattern: /^\/checkoutnow\/decline$/, auth: false, handle: approve(true) },
    { method: 'POST', pattern: /^\/checkoutnow\/cancel$/, auth: false, handle: cancel },
    { method: 'GET', pattern: /^\/_local\/health$/, auth: false, handle: local.health },
    { method: 'GET', pattern: /^\/_local\/verifications$/, auth: false, handle: local.verificationCount },
    { method: 'GET', pattern: /^\/_local\/webhooks$/, auth: false, handle: local.webhookControl },
    { method: 'POST', pattern: /^\/_local\/webhooks$/, auth: false, handle: local.webhookControl },
    { method: 'POST', pattern: /^\/_local\/payouts\/outcomes$/, auth: false, handle: local.payoutOutcome },
    { method: 'POST', pattern: /^\/_local\/payouts-item\/([^/]+)\/outcome$/, auth: false, handle: local.payoutItemOutcome },
    { method: 'POST', pattern: /^\/_local\/captures\/([^/]+)\/dispute$/, auth: false, handle: local.disputeCapture },
    { method: 'POST', pattern: /^\/_local\/disputes\/([^/]+)\/resolve$/, auth: false, handle: local.disputeResolution },
    { method: 'POST', pattern: /^\/_local\/captures\/([^/]+)\/reverse$/, auth: false, handle: local.captureReversal },
    { method: 'POST', pattern: /^\/_local\/transactions$/, auth: false, handle: local.plantTransaction },
  ];
}

/** The answer of the route a request is for, with PayPal's 404 and 405 when there is none. */
function dispatch(standin: StandinContext, routes: Route[], ctx: Ctx): Reply {
  const matching = routes
    .map((r) => ({ r, m: r.pattern.exec(ctx.url.pathname) }))
    .filter((x): x is { r: Route; m: RegExpExecArray } => x.m !== null);
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
  if (hit.r.auth) requireBearer(standin, ctx);
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

/** The request's body, or undefined when there is none to act on: too large (answered 413 here) or cut off. */
async function readBody(req: http.IncomingMessage, res: http.ServerResponse): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY_BYTES) {
        const e = invalidRequest({ issue: 'MALFORMED_REQUEST', description: `The request body is larger than ${MAX_BODY_BYTES} bytes.` });
        res.setHeader('connection', 'close');
        send(res, { status: 413, json: errorBody(e) });
        return undefined;
      }
      chunks.push(chunk as Buffer);
    }
  } catch {
    // The client went away mid-request: nobody to answer.
    return undefined;
  }
  return Buffer.concat(chunks);
}

/** What a handler is given of a request; its JSON body is parsed (and refused as PayPal does) when asked for. */
function requestContext(req: http.IncomingMessage, body: Buffer, url: string): Ctx {
  const header = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  let parsed: Json | undefined;
  return {
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
}

/** An HTTP server answering each request with route's reply; PayPal's errors as PayPal shapes them. */
function paypalServer(url: string, route: (ctx: Ctx) => Reply, log: (line: string) => void): http.Server {
  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const body = await readBody(req, res);
    if (!body) return;
    const ctx = requestContext(req, body, url);
    let reply: Reply;
    try {
      reply = route(ctx);
    } catch (err) {
      if (err instanceof ApiError) return send(res, { status: err.status, json: errorBody(err) });
      throw err;
    }
    send(res, reply);
    // What PayPal does once it has answered (a payout's items processed): never seen by the answer itself.
    reply.after?.();
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
  return server;
}

export async function startPaypal(opts: PaypalStandinOptions): Promise<PaypalStandin> {
  const log = opts.log ?? (() => {});
  const url = `http://localhost:${opts.port}`;
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const stateFile = path.join(opts.dataDir, 'state.json');
  const state = loadState(stateFile);
  const save = opts.keepData === false ? () => {} : () => saveState(stateFile, state);
  const webhooks = new PaypalWebhooks({
    url,
    state,
    save,
    log,
    clientSecret: opts.clientSecret,
    webhookId: opts.webhookId,
    webhookUrl: opts.webhookUrl,
  });
  const standin: StandinContext = {
    url,
    state,
    save,
    log,
    clientId: opts.clientId,
    clientSecret: opts.clientSecret,
    webhookId: opts.webhookId,
    merchantId: stableId(`merchant:${opts.clientId}`, 13),
    payerId: stableId(`payer:${opts.clientId}`, 13),
    verifications: new Map(),
    emit: (eventType, resourceType, summary, resource) => webhooks.emit(eventType, resourceType, summary, resource),
  };

  const routes = routeTable(standin, webhooks);
  const server = paypalServer(url, (ctx) => dispatch(standin, routes, ctx), log);

  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new Error(`The PayPal stand-in cannot listen on port ${opts.port}: it is already in use`) : err),
    );
    outlastClientsKeepAlive(server);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });

  webhooks.start();

  return {
    url,
    close: async () => {
      webhooks.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive connections would otherwise hold the port open until they time out.
        server.closeAllConnections();
      });
    },
  };
}
