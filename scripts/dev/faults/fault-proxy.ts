/**
 * A fault proxy: an HTTP server in front of one local service (DynamoDB Local, the PayPal or Stripe
 * stand-in, S3, SES) that passes every call through, and, once armed, makes one of them fail as the real
 * service's calls fail in production:
 *
 * - `lost_answer`: the call reaches the service and takes effect; its answer is cut off (the connection
 *   closed before a byte of it), as when a Lambda's network drops after the commit.
 * - `late_answer`: the call takes effect; its answer is held past the client's timeout, then sent to a
 *   client that has given up.
 * - `slow_answer`: the call takes effect; its answer is held a while, within the client's timeout, so that
 *   what the call raised elsewhere (a PayPal webhook, sent as the stand-in answers) arrives before it.
 * - `unavailable`: the service answers 500/503 without doing anything, for `times` calls in a row (by default
 *   5: more than a call's own retries, DynamoDB's SDK trying 4 times and the PayPal client twice), so the
 *   failure reaches the caller, and passes before the caller's own retry gives up.
 * - `throttled`: the same with the service's throttling answer (DynamoDB's ThrottlingException, PayPal's 429).
 *
 * Each call is recorded (service, operation) while armed, so a sweep can count a journey's calls first and
 * then fault each one in turn. Local controls on the proxy itself (not the service's API):
 *   POST /_faults {"kind", "at"?, "times"?, "match"?}   arms it (at: which call from now, 0 the next one)
 *   DELETE /_faults                                   disarms it
 *   GET /_faults                                      what is armed and the calls seen since
 */
import http from 'node:http';
import { ENV } from '../../../functions/lib/config.js';
import type { AddressInfo } from 'node:net';

export const FAULT_KINDS = ['lost_answer', 'late_answer', 'slow_answer', 'unavailable', 'throttled'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** The services, and `api`: the product's own API as its users reach it (API Gateway's answers). */
export type ServiceName = 'dynamodb' | 'paypal' | 'stripe' | 's3' | 'ses' | 'kms' | 'api';

/** Calls in a row a service down or throttling answers by default (see `unavailable`). */
export const DEFAULT_TIMES = 5;

export interface Fault {
  kind: FaultKind;
  /** Which call, counted from when it was armed (0: the next one). */
  at: number;
  /** For the answers given instead of the service's: how many calls in a row get it (default DEFAULT_TIMES). */
  times?: number;
  /** Only calls of this operation count (as `ProxiedCall.operation` names it). */
  match?: string;
}

export interface ProxiedCall {
  service: ServiceName;
  /** DynamoDB's operation (TransactWriteItems), or the method and path with ids left out (POST /v2/checkout/orders/:id/capture). */
  operation: string;
  /** What the proxy did to it. */
  fault: FaultKind | null;
}

export interface FaultProxy {
  service: ServiceName;
  url: string;
  arm(fault: Fault | null): void;
  /** Starts counting calls (without a fault); what was seen since is `calls`. */
  record(): void;
  readonly calls: ProxiedCall[];
  /** The armed fault has been applied (to its first call). */
  readonly fired: boolean;
  close(): Promise<void>;
}

export interface FaultProxyOptions {
  service: ServiceName;
  target: string;
  port?: number;
  /** How long a late answer is held: longer than the client's timeout. */
  lateMs?: number;
  /** How long a slow answer is held: shorter than the client's timeout. */
  slowMs?: number;
}

/** A path's ids (long runs of letters and digits with a digit, UUIDs) as `:id`, so that calls of one kind read alike. */
const shape = (path: string) =>
  path
    .split('?')[0]
    .split('/')
    .map((part) => (part.length >= 8 && /\d/.test(part) ? ':id' : part))
    .join('/');

function operationOf(service: ServiceName, req: http.IncomingMessage): string {
  const target = req.headers['x-amz-target'];
  if (typeof target === 'string') return target.split('.').pop()!;
  return `${req.method} ${shape(req.url ?? '/')}`;
}

/** The answer given in place of the service's, as that service gives it. */
function substitute(
  service: ServiceName,
  kind: 'unavailable' | 'throttled',
): { status: number; headers: Record<string, string>; body: string } {
  if (service === 'dynamodb') {
    const type = kind === 'throttled' ? 'ThrottlingException' : 'InternalServerError';
    const status = kind === 'throttled' ? 400 : 500;
    return {
      status,
      headers: { 'content-type': 'application/x-amz-json-1.0' },
      body: JSON.stringify({
        __type: `com.amazonaws.dynamodb.v20120810#${type}`,
        message: kind === 'throttled' ? 'Rate exceeded' : 'Internal server error',
      }),
    };
  }
  if (service === 'kms') {
    return {
      status: kind === 'throttled' ? 400 : 500,
      headers: { 'content-type': 'application/x-amz-json-1.1' },
      body: JSON.stringify({
        __type: kind === 'throttled' ? 'ThrottlingException' : 'KMSInternalException',
        message: kind === 'throttled' ? 'Rate exceeded' : 'Internal error',
      }),
    };
  }
  if (service === 'paypal') {
    return kind === 'throttled'
      ? {
          status: 429,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'RATE_LIMIT_REACHED', message: 'Too many requests.' }),
        }
      : {
          status: 503,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'SERVICE_UNAVAILABLE', message: 'Service unavailable.' }),
        };
  }
  if (service === 'api') {
    return {
      status: kind === 'throttled' ? 429 : 503,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: kind === 'throttled' ? 'Too Many Requests' : 'Service Unavailable' }),
    };
  }
  if (service === 'stripe') {
    return {
      status: kind === 'throttled' ? 429 : 500,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ error: { type: kind === 'throttled' ? 'rate_limit_error' : 'api_error', message: 'Try again later.' } }),
    };
  }
  return {
    status: kind === 'throttled' ? 503 : 500,
    headers: { 'content-type': 'application/xml' },
    body: '<Error><Code>SlowDown</Code></Error>',
  };
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The call passed to the service; its whole answer. */
function forward(
  target: URL,
  req: http.IncomingMessage,
  body: Buffer,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const out = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (res) => {
        readBody(res).then((b) => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: b }), reject);
      },
    );
    out.on('error', reject);
    out.end(body);
  });
}

export async function startFaultProxy(opts: FaultProxyOptions): Promise<FaultProxy> {
  const target = new URL(opts.target);
  const lateMs = opts.lateMs ?? 3000;
  const slowMs = opts.slowMs ?? 800;
  let armed: Fault | null = null;
  let recording = false;
  let seen = 0;
  let left = 0;
  let fired = false;
  const calls: ProxiedCall[] = [];

  /** The fault this call gets, if any (counting it). */
  function faultFor(operation: string): FaultKind | null {
    if (!armed && !recording) return null;
    if (armed?.match && operation !== armed.match) return null;
    const index = seen++;
    if (!armed) return null;
    if (index === armed.at) {
      fired = true;
      left = (armed.times ?? DEFAULT_TIMES) - 1;
      return armed.kind;
    }
    if (index > armed.at && left > 0 && (armed.kind === 'unavailable' || armed.kind === 'throttled')) {
      left--;
      return armed.kind;
    }
    return null;
  }

  const server = http.createServer(async (req, res) => {
    try {
      if (req.url?.startsWith('/_faults')) return control(req, res);
      const body = await readBody(req);
      const operation = operationOf(opts.service, req);
      const kind = faultFor(operation);
      if (armed || recording) calls.push({ service: opts.service, operation, fault: kind });
      if (kind === 'unavailable' || kind === 'throttled') {
        const answer = substitute(opts.service, kind);
        res.writeHead(answer.status, answer.headers);
        return res.end(answer.body);
      }
      const answer = await forward(target, req, body);
      if (kind === 'lost_answer') {
        // Taken effect, never answered: the connection goes before a byte of the answer.
        req.socket.destroy();
        return;
      }
      if (kind === 'late_answer' || kind === 'slow_answer')
        await new Promise((r) => setTimeout(r, kind === 'late_answer' ? lateMs : slowMs));
      if (res.destroyed) return;
      const headers = { ...answer.headers };
      delete headers['transfer-encoding'];
      headers['content-length'] = String(answer.body.length);
      res.writeHead(answer.status, headers);
      res.end(answer.body);
    } catch (err) {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`fault proxy: ${(err as Error).message}`);
    }
  });

  async function control(req: http.IncomingMessage, res: http.ServerResponse) {
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.method === 'GET') return json(200, { armed, fired, calls });
    if (req.method === 'DELETE') {
      proxy.arm(null);
      return json(200, { armed: null });
    }
    if (req.method === 'POST') {
      const fault = JSON.parse((await readBody(req)).toString() || '{}') as Partial<Fault>;
      if (!FAULT_KINDS.includes(fault.kind as FaultKind)) return json(400, { error: `kind must be one of ${FAULT_KINDS.join(', ')}` });
      proxy.arm({ kind: fault.kind as FaultKind, at: Number(fault.at ?? 0), times: fault.times, match: fault.match });
      return json(200, { armed });
    }
    return json(405, { error: 'GET, POST or DELETE' });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const proxy: FaultProxy = {
    service: opts.service,
    url: `http://127.0.0.1:${port}`,
    arm(fault) {
      armed = fault;
      recording = false;
      seen = 0;
      left = 0;
      fired = false;
      calls.length = 0;
    },
    record() {
      proxy.arm(null);
      recording = true;
    },
    get calls() {
      return calls;
    },
    get fired() {
      return fired;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return proxy;
}

/** The functions' environment that sends their calls through proxies at these URLs (one per service). */
export const proxiedEnvironment = (urls: Partial<Record<ServiceName, string>>) => ({
  [ENV.dynamoEndpoint]: urls.dynamodb,
  [ENV.paypalApiUrl]: urls.paypal,
  [ENV.stripeApiUrl]: urls.stripe,
  [ENV.s3Endpoint]: urls.s3,
  [ENV.sesEndpoint]: urls.ses,
  [ENV.kmsEndpoint]: urls.kms,
});
