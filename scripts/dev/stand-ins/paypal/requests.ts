/** What a route's handler is given (the request, its JSON or form body) and answers, and PayPal-Request-Id replays. */
import type { Json } from './records.js';
import type { StandinContext } from './store.js';

export interface Ctx {
  method: string;
  url: URL;
  body: Buffer;
  header(name: string): string | undefined;
  json(): Json;
  form(): URLSearchParams;
  representation: boolean;
}
export type Reply = {
  status: number;
  json?: unknown;
  html?: string;
  text?: string;
  location?: string;
  /** What happens once the answer is sent, as PayPal goes on after answering (a payout's items processed). */
  after?: () => void;
};
export type Handler = (ctx: Ctx, params: string[]) => Reply;

/** PayPal-Request-Id: the same id for the same operation gets the first successful answer again. */
export function idempotent(standin: StandinContext, ctx: Ctx, scope: string, run: () => Reply): Reply {
  const requestId = ctx.header('paypal-request-id');
  if (!requestId) return run();
  const key = `${scope}|${requestId}`;
  const hit = standin.state.idempotency[key];
  if (hit) return { status: hit.status, json: structuredClone(hit.body) };
  const reply = run();
  if (reply.status < 300) {
    standin.state.idempotency[key] = { status: reply.status, body: structuredClone(reply.json) };
    standin.save();
  }
  return reply;
}
