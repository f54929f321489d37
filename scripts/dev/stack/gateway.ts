/**
 * The local API gateway: serves the route table with the real Lambda handler modules, building the
 * same HTTP API (payload v2) events that API Gateway sends in AWS; and the realtime WebSocket channel.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { routes } from '../../../shared/api/routes.js';
import { CORS_ALLOW_HEADERS, routeKey, type Area, type RouteDef } from '../../../shared/api/route.js';
import { dynamo } from '../../../functions/lib/aws/dynamo.js';
import type { LocalRealtime } from '../emulators/realtime.js';
import { outlastClientsKeepAlive } from './ports.js';
import { checkTableCall } from './table-access.js';

/** API Gateway's own payload limit. */
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

type LambdaHandler = (event: APIGatewayProxyEventV2, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>;

interface CompiledRoute {
  def: RouteDef;
  key: string;
  pattern: RegExp;
  params: string[];
}

function compile(def: RouteDef): CompiledRoute {
  const params: string[] = [];
  const source = def.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    params.push(name);
    return '([^/]+)';
  });
  return { def, key: routeKey(def), pattern: new RegExp(`^${source}$`), params };
}

/** Literal paths win over parameterised ones, as in API Gateway. */
const compiled = (Object.values(routes) as RouteDef[]).map(compile).sort((a, b) => a.params.length - b.params.length);

/** Where an area's handler comes from: its TypeScript source (the default), or, say, the bundle `cdk synth` builds of it. */
export type HandlerSource = (area: Area) => Promise<LambdaHandler>;

const fromSource: HandlerSource = (area) => import(`../../../functions/http/${area}.ts`).then((m) => m.handler as LambdaHandler);

/** Each area's handler loaded once per source. */
const loaded = new WeakMap<HandlerSource, Map<Area, Promise<LambdaHandler>>>();
function areaHandler(area: Area, source: HandlerSource): Promise<LambdaHandler> {
  const handlers = loaded.get(source) ?? new Map<Area, Promise<LambdaHandler>>();
  loaded.set(source, handlers);
  if (!handlers.has(area)) handlers.set(area, source(area));
  return handlers.get(area)!;
}

function lambdaContext(area: Area) {
  return {
    functionName: `local-${area}`,
    awsRequestId: randomUUID(),
    getRemainingTimeInMillis: () => 30_000,
    callbackWaitsForEmptyEventLoop: false,
  };
}

/**
 * DynamoDB calls made while serving one request, each held to its area's grant as IAM would, reported in response headers so tests can hold every
 * route to its budget (test/api/round-trips.test.ts). A call that starts while none of the request's
 * calls is in flight begins a new sequential round trip; calls started together count once.
 */
interface DynamoCalls {
  /** The area serving the request, whose grant each call must pass (table-access.ts). */
  area: Area;
  /** The first call its grant refused: the request then fails, even where the code carried on without it. */
  refused?: string;
  calls: number;
  sequential: number;
  inFlight: number;
}
const dynamoCalls = new AsyncLocalStorage<DynamoCalls>();
export const DYNAMO_CALLS_HEADER = 'x-local-dynamodb-calls';
export const DYNAMO_SEQUENTIAL_HEADER = 'x-local-dynamodb-sequential';
/** The most each route has needed in a successful answer, for calls made by the stand-ins (webhooks). */
const mostByRoute = new Map<string, { answers: number; calls: number; sequential: number }>();
export const DYNAMO_CALLS_PATH = '/_local/dynamodb-calls';

/** Checks and counts the calls of the request being served; added once the stack's environment names the local table. */
let counting = false;
function countDynamoCalls() {
  if (counting) return;
  counting = true;
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const counts = dynamoCalls.getStore();
      if (!counts) return next(args);
      try {
        checkTableCall(counts.area, context.commandName ?? '', args.input as Record<string, unknown>);
      } catch (err) {
        counts.refused ??= (err as Error).message;
        throw err;
      }
      if (counts.inFlight === 0) counts.sequential++;
      counts.calls++;
      counts.inFlight++;
      try {
        return await next(args);
      } finally {
        counts.inFlight--;
      }
    },
    { step: 'initialize', name: 'localDynamoCallCount' },
  );
}

function send(res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body);
}

const errorBody = (code: string, message: string) => JSON.stringify({ error: { code, message } });

export function startGateway(
  port: number,
  allowedOrigin: string,
  realtime: LocalRealtime,
  handlers: HandlerSource = fromSource,
): Promise<http.Server> {
  countDynamoCalls();
  const cors = {
    'access-control-allow-origin': allowedOrigin,
    'access-control-allow-headers': CORS_ALLOW_HEADERS.join(','),
    'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
    'access-control-max-age': '600',
    vary: 'origin',
  };

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://local');
      const method = (req.method ?? 'GET').toUpperCase();
      if (method === 'OPTIONS') return send(res, 204, '', cors);

      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of req) {
        size += (chunk as Buffer).length;
        if (size > MAX_PAYLOAD_BYTES) return send(res, 413, errorBody('payload_too_large', 'Request too large'), cors);
        chunks.push(chunk as Buffer);
      }

      if (realtime.handleManagement(method, url.pathname, Buffer.concat(chunks), res)) return;
      if (method === 'GET' && url.pathname === DYNAMO_CALLS_PATH)
        return send(res, 200, JSON.stringify(Object.fromEntries(mostByRoute)), cors);

      let match: { route: CompiledRoute; values: string[] } | undefined;
      for (const route of compiled) {
        if (route.def.method !== method) continue;
        const m = route.pattern.exec(url.pathname);
        if (m) {
          match = { route, values: m.slice(1) };
          break;
        }
      }
      if (!match) return send(res, 404, errorBody('not_found', `No route for ${method} ${url.pathname}`), cors);

      const { route, values } = match;
      let pathParameters: Record<string, string> | undefined;
      try {
        pathParameters = route.params.length
          ? Object.fromEntries(route.params.map((p, i) => [p, decodeURIComponent(values[i])]))
          : undefined;
      } catch {
        // Malformed percent-encoding ('%', '%E0%A4%A'): the client's mistake, not ours.
        return send(
          res,
          400,
          errorBody('invalid_path', 'The address is malformed: a "%" must start a valid percent-encoded character'),
          cors,
        );
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(',') : (v ?? '')]),
      );
      const query = url.searchParams.size ? Object.fromEntries(url.searchParams) : undefined;
      const body = Buffer.concat(chunks).toString('utf8');
      const event = {
        version: '2.0',
        routeKey: route.key,
        rawPath: url.pathname,
        rawQueryString: url.search.slice(1),
        headers,
        queryStringParameters: query,
        pathParameters,
        body: body || undefined,
        isBase64Encoded: false,
        requestContext: {
          accountId: 'local',
          apiId: 'local',
          domainName: `localhost:${port}`,
          domainPrefix: 'localhost',
          http: {
            method,
            path: url.pathname,
            protocol: 'HTTP/1.1',
            sourceIp: req.socket.remoteAddress ?? '',
            userAgent: headers['user-agent'] ?? '',
          },
          requestId: randomUUID(),
          routeKey: route.key,
          stage: '$default',
          time: new Date().toISOString(),
          timeEpoch: Date.now(),
        },
      } as APIGatewayProxyEventV2;

      const handler = await areaHandler(route.def.area, handlers);
      const counts: DynamoCalls = { area: route.def.area, calls: 0, sequential: 0, inFlight: 0 };
      const result = await dynamoCalls.run(counts, () => handler(event, lambdaContext(route.def.area)));
      // A grant short of the code would fail in AWS, perhaps quietly (an e-mail's claim given back, a
      // cache not stored): locally the request fails, so that a test sees it.
      if (counts.refused) return send(res, 500, errorBody('table_access_refused', counts.refused), cors);
      if ((result.statusCode ?? 200) < 300) {
        const most = mostByRoute.get(route.key) ?? { answers: 0, calls: 0, sequential: 0 };
        mostByRoute.set(route.key, {
          answers: most.answers + 1,
          calls: Math.max(most.calls, counts.calls),
          sequential: Math.max(most.sequential, counts.sequential),
        });
      }
      send(res, result.statusCode ?? 200, typeof result.body === 'string' ? result.body : '', {
        ...(result.headers as Record<string, string>),
        ...cors,
        [DYNAMO_CALLS_HEADER]: String(counts.calls),
        [DYNAMO_SEQUENTIAL_HEADER]: String(counts.sequential),
      });
    } catch (err) {
      console.error('[gateway]', err);
      send(res, 500, errorBody('internal', 'Internal server error'), cors);
    }
  });
  outlastClientsKeepAlive(server);
  server.on('upgrade', (req, socket, head) => {
    if (!realtime.handleUpgrade(req, socket, head)) socket.destroy();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
