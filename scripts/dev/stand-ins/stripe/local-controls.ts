/** The local-only controls (not Stripe's; no key): health, pausing webhooks, one delivery on demand, deliveries, a renewal. */
import type http from 'node:http';
import { ApiError, noSuch, unrecognized } from './errors.js';
import { readBody, safeDecode, sendJson } from './http.js';
import { get, type Json } from './records.js';
import { renew } from './resources/invoices.js';
import { atomically, type StandinContext } from './store.js';
import type { StripeWebhooks } from './webhooks.js';

export async function serveLocalControl(
  standin: StandinContext,
  webhooks: StripeWebhooks,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  method: string,
  u: URL,
) {
  const body = await readBody(req, 64 * 1024);
  const fail = (status: number, message: string) => sendJson(res, status, new ApiError(status, message).body());
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
    const pending = Object.values(standin.state.events).filter((e) => e.autoDeliver).length;
    return sendJson(res, 200, { ok: true, webhooks_paused: standin.state.webhooksPaused, pending_events: pending });
  }
  if (p === '/_local/webhooks' && (method === 'GET' || method === 'POST')) {
    if (method === 'POST') {
      if (typeof input.paused !== 'boolean') return fail(400, 'paused must be true or false.');
      standin.state.webhooksPaused = input.paused;
      standin.save();
      if (!input.paused) webhooks.kick();
    }
    return sendJson(res, 200, { paused: standin.state.webhooksPaused, url: webhooks.webhookUrl() ?? null });
  }
  if (method === 'GET' && p === '/_local/deliveries') {
    const event = u.searchParams.get('event');
    const data = standin.state.deliveries.filter((d) => !event || d.event === event).reverse();
    return sendJson(res, 200, { data });
  }
  const deliver = /^\/_local\/events\/([^/]+)\/deliver$/.exec(p);
  if (method === 'POST' && deliver) {
    const e = get(standin.state.events, safeDecode(deliver[1]));
    if (!e) return sendJson(res, 404, noSuch('event', safeDecode(deliver[1]), 'id', 404).body());
    const target = webhooks.webhookUrl();
    if (!target) return fail(409, 'No webhook URL is set yet.');
    const d = await webhooks.deliverNow(e, target);
    return sendJson(res, 200, { delivered: d.ok, status: d.status, error: d.error });
  }
  const renewal = /^\/_local\/subscriptions\/([^/]+)\/renew$/.exec(p);
  if (method === 'POST' && renewal) {
    if (input.fail !== undefined && typeof input.fail !== 'boolean') return fail(400, 'fail must be true or false.');
    try {
      return sendJson(
        res,
        200,
        atomically(standin.state, () => renew(standin, safeDecode(renewal[1]), input.fail === true)),
      );
    } catch (err) {
      if (err instanceof ApiError) return sendJson(res, err.status, err.body());
      throw err;
    }
  }
  sendJson(res, 404, unrecognized(method, p).body());
}
