/**
 * Builds the Lambda handler of one feature area from the route table. Middleware does once what every
 * route needs: find the route, identify the caller and load their record, check the access level,
 * validate the input, and turn results and typed errors into JSON responses.
 *
 * It lives beside the handlers it wraps, not in lib/, because it calls the domain (the caller's record,
 * admin MFA, impersonation): lib/ stays below the topics, so imports run one way.
 */
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod/mini';
import { fieldErrors } from '../../shared/field-errors.js';
import { isWellFormedText } from '../../shared/schemas/common.js';
import { routePaths } from '../../shared/api/route-paths.js';
import type { RouteName, Routes } from '../../shared/api/routes.js';
import {
  ensureUser,
  allows,
  mfaShortfall,
  poolStatus,
  type Caller,
  auditWrite,
  impersonated,
  lookUpImpersonation,
  ownWordRefused,
  moneyRefused,
} from '../people/index.js';
import {
  AppError,
  BadRequest,
  Forbidden,
  isTransient,
  NotFound,
  PayloadTooLarge,
  TooManyRequests,
  tryAgainSoon,
  Unauthorized,
} from '../lib/errors.js';
import { identify, isAdminIdentity } from '../lib/identity.js';
import {
  IMPERSONATION_HEADER,
  routeKey,
  type Area,
  type AreaSchemas,
  type RouteAddress,
  type RouteDef,
  type RoutesOfArea,
} from '../../shared/api/route.js';
import { TELEMETRY } from '../../shared/constants.js';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import { count, currentRequest, enterRequest, log, publishMetrics, tracer } from '../lib/observability.js';

/** Largest accepted JSON body, unless the route sets its own (`maxBodyBytes`); anything bigger is refused before parsing. */
export const MAX_BODY_BYTES = 64 * 1024;
export const maxBodyBytesOf = (route: RouteAddress): number => route.maxBodyBytes ?? MAX_BODY_BYTES;

export interface HandlerRequest<N extends RouteName> {
  input: z.infer<Routes[N]['input']>;
  /** Public routes are anonymous: no caller, even when a token is sent. */
  caller: Routes[N]['access'] extends 'public' ? null : Caller;
  event: APIGatewayProxyEventV2;
}

export type AreaHandlers<A extends Area> = {
  [N in RoutesOfArea<A>]: (req: HandlerRequest<N>) => Promise<z.input<Routes[N]['output']>>;
};

type Result = APIGatewayProxyStructuredResultV2;
interface AppContext extends Context {
  route?: { name: RouteName; def: Routes[RouteName] };
  caller?: Caller | null;
  input?: unknown;
  /** A write made while impersonating, audited before it runs. */
  audit?: { settle(status: number): Promise<void> };
  startedAt?: number;
}

export function json(statusCode: number, body: unknown): Result {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    body: JSON.stringify(body),
  };
}

function errorResult(thrown: unknown): Result {
  const err =
    !(thrown instanceof AppError) && isTransient(thrown) ? tryAgainSoon(`${(thrown as Error).name}: ${(thrown as Error).message}`) : thrown;
  if (err instanceof AppError) {
    if (err.status >= 500)
      log.error('Service unavailable', undefined, { code: err.code, detail: (err as { detail?: string }).detail ?? err.message });
    const result = json(err.status, {
      error: { ...err.details, code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) },
    });
    if (err instanceof TooManyRequests && err.retryAfterSeconds)
      result.headers = { ...result.headers, 'retry-after': String(err.retryAfterSeconds) };
    return result;
  }
  log.error('Unhandled error', err);
  return json(500, { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } });
}

/** The id the browser gave the request (its reports name it), else API Gateway's own request id. */
function correlationIdOf(event: APIGatewayProxyEventV2): string {
  const sent = event.headers?.[TELEMETRY.correlationHeader];
  return sent && /^[\w-]{8,64}$/.test(sent) ? sent : event.requestContext?.requestId || crypto.randomUUID();
}

type Request = middy.Request<APIGatewayProxyEventV2, Result, Error, AppContext>;

/**
 * Every request's lines carry its correlation id (and its route and caller once known); as it ends, one
 * line says how it went (an error line for a 5xx, which also counts as ServerErrors), the metrics counted
 * meanwhile are written, and the answer names the correlation id.
 */
const observe: middy.MiddlewareObj<APIGatewayProxyEventV2, Result, Error, AppContext> = {
  before: ({ event, context }) => {
    context.startedAt = performance.now();
    // First in the chain and synchronous: a context entered after an await would not reach the handler.
    enterRequest({ correlationId: correlationIdOf(event), route: event.routeKey });
  },
  after: (request) => finish(request),
  onError: (request) => finish(request),
};

/**
 * The invocation's X-Ray subsegment where tracing is on, without the answer: it may hold personal data. The
 * trace is found by the same id as the logs (an annotation X-Ray indexes).
 */
function tracing(): middy.MiddlewareObj<APIGatewayProxyEventV2, Result, Error, AppContext>[] {
  const on = tracer();
  if (!on) return [];
  return [
    captureLambdaHandler(on, { captureResponse: false }),
    { before: () => on.putAnnotation('correlationId', currentRequest()?.correlationId ?? '') },
  ];
}

function finish({ response, context }: Request) {
  const status = response?.statusCode ?? 500;
  const outcome = { status, durationMs: Math.round(performance.now() - (context.startedAt ?? performance.now())) };
  if (status >= 500) {
    count('ServerErrors');
    log.error('Request failed', undefined, outcome);
  } else {
    log.info('Request', outcome);
  }
  publishMetrics();
  const id = currentRequest()?.correlationId;
  if (response && id) response.headers = { ...response.headers, [TELEMETRY.correlationHeader]: id };
}

/** The request body as sent (API Gateway may hand it over base64-encoded). */
export const rawBody = (event: APIGatewayProxyEventV2): string =>
  event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';

function readBody(event: APIGatewayProxyEventV2, maxBytes: number, form = false): Record<string, unknown> {
  if (!event.body) return {};
  const raw = rawBody(event);
  if (Buffer.byteLength(raw) > maxBytes) {
    throw new PayloadTooLarge(`The request body is larger than ${maxBytes / 1024} KB`);
  }
  const type = Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  if (form && type.split(';')[0].trim().toLowerCase() === 'application/x-www-form-urlencoded') {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new BadRequest('The request body is not valid JSON', undefined, 'invalid_json');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new BadRequest('The request body must be a JSON object', undefined, 'invalid_json');
  }
  return parsed as Record<string, unknown>;
}

/**
 * Path parameters, decoded. Locally the gateway decodes them; API Gateway sometimes hands over the raw
 * value, so one still holding a '%' is decoded here, and one that cannot be is refused (no id has a '%').
 */
function pathParams(event: APIGatewayProxyEventV2): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value = ''] of Object.entries(event.pathParameters ?? {})) {
    try {
      out[name] = value.includes('%') ? decodeURIComponent(value) : value;
    } catch {
      throw new BadRequest('The address is malformed: a "%" must start a valid percent-encoded character', undefined, 'invalid_path');
    }
  }
  return out;
}

/** Whether every string in the value is well-formed UTF-16 (JSON escapes can carry half a surrogate pair). */
function wellFormed(value: unknown): boolean {
  // Iterative: a 64 KB body can nest deeper than the call stack.
  const pending: unknown[] = [value];
  while (pending.length) {
    const v = pending.pop();
    if (typeof v === 'string') {
      if (!isWellFormedText(v)) return false;
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (!isWellFormedText(k)) return false;
        pending.push(child);
      }
    }
  }
  return true;
}

function rawInput(event: APIGatewayProxyEventV2, def: RouteDef): Record<string, unknown> {
  const query = event.queryStringParameters ?? {};
  const body = def.method === 'GET' || def.method === 'DELETE' ? {} : readBody(event, maxBodyBytesOf(def), def.form);
  // Path parameters last: a body cannot override the resource the URL names.
  const input = { ...query, ...body, ...pathParams(event) };
  if (!wellFormed(input)) throw new BadRequest('The request contains text that is not valid Unicode', undefined, 'invalid_text');
  return input;
}

const MAX_LABEL = 60;
const labelOf = (path: readonly PropertyKey[] | undefined) =>
  path?.length ? path.map(String).join('.').slice(0, MAX_LABEL) : 'The request';
const UNITS: Record<string, string> = { string: 'characters', array: 'items', set: 'items', file: 'bytes' };

/**
 * Messages for the issues a schema gives no words of its own (zod's defaults read like
 * 'Too big: expected int to be <=9007199254740991'): each names its field and the limit it misses.
 * Schema messages take precedence over these.
 */
function defaultMessage(issue: z.core.$ZodRawIssue): string | undefined {
  const field = labelOf(issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return `${field} is required`;
      const expected = issue.expected === 'int' ? 'whole number' : issue.expected === 'string' ? 'text' : issue.expected;
      return `${field} must be ${expected === 'text' ? expected : /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`}`;
    }
    case 'unrecognized_keys': {
      const keys = issue.keys.slice(0, 3).map((k) => k.slice(0, 40));
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${keys.join(', ')}${issue.keys.length > 3 ? ', ...' : ''}`;
    }
    case 'too_big':
      return issue.origin === 'number' || issue.origin === 'bigint'
        ? `${field} must be at most ${issue.maximum}`
        : `${field} must have at most ${issue.maximum} ${UNITS[issue.origin] ?? 'items'}`;
    case 'too_small':
      return issue.origin === 'number' || issue.origin === 'bigint'
        ? `${field} must be at least ${issue.minimum}`
        : `${field} must have at least ${issue.minimum} ${UNITS[issue.origin] ?? 'items'}`;
    case 'invalid_value':
      return `${field} must be one of: ${issue.values.map(String).join(', ')}`.slice(0, 300);
    case 'invalid_format':
      return `${field} is not a valid ${issue.format}`;
    case 'invalid_key':
      return `${field} has an unknown key`;
    case 'invalid_union':
      return `${field} is not valid`;
    default:
      return undefined;
  }
}

/** 'field: message', unless the message already names its field (most schema messages do). */
function validationMessage(field: string, message: string): string {
  if (field === '_') return message;
  const name = field
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .pop()
    ?.replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return name && message.toLowerCase().includes(name) ? message : `${field}: ${message}`;
}

/**
 * The area's handler. It takes the area's schemas (shared/api/route-schemas/<area>.ts) rather than the whole
 * route table, so that its bundle holds only its own routes' schemas.
 */
export function areaHandler<A extends Area>(area: A, schemas: AreaSchemas<A>, handlers: AreaHandlers<A>) {
  const byKey = new Map(
    (Object.entries(schemas) as [RouteName, AreaSchemas<A>[RoutesOfArea<A>]][]).map(([name, io]) => {
      const def = { ...routePaths[name], ...io } as Routes[RouteName];
      if (def.area !== area) throw new Error(`${name} is not a route of the ${area} area`);
      return [routeKey(def), { name, def }];
    }),
  );

  const resolveRoute: middy.MiddlewareObj<APIGatewayProxyEventV2, Result, Error, AppContext> = {
    before: ({ event, context }) => {
      const route = byKey.get(event.routeKey);
      if (!route) throw new NotFound(`No route for ${event.routeKey}`);
      context.route = route;
      const request = currentRequest();
      if (request) request.route = route.name;
    },
  };

  const authenticate: middy.MiddlewareObj<APIGatewayProxyEventV2, Result, Error, AppContext> = {
    before: async ({ event, context }) => {
      const { def } = context.route!;
      // Public routes have no authorizer in AWS, so they never see a caller; the same holds locally.
      if (def.access === 'public') {
        context.caller = null;
        return;
      }
      const identity = await identify(event);
      // In AWS a call without a token is answered by API Gateway's authorizer before this; the web client
      // words that answer as the route does (web/src/lib/signed-out.ts).
      if (!identity) throw new Unauthorized((def as RouteDef).signedOut);
      const impersonation = event.headers?.[IMPERSONATION_HEADER];
      const claimsAdmin = isAdminIdentity(identity);
      // The user an admin acts as is read beside the admin's own record, and the pool asked meanwhile: one
      // round trip, not two.
      const [user, pool, lookup] = await Promise.all([
        ensureUser(identity),
        claimsAdmin ? poolStatus(identity) : null,
        impersonation ? lookUpImpersonation(impersonation, identity) : null,
      ]);
      // The token's group, the record's type and the pool's group now must all agree: a token names the
      // groups of its issue, up to an hour after its holder left the admin group.
      const adminAccount = claimsAdmin && user.type === 'admin' && Boolean(pool?.inAdminGroup);
      // And an authenticator set up through the API, this session signed in since (admin-mfa.ts says why).
      const shortfall = adminAccount ? mfaShortfall(user, identity, pool!) : null;
      const isAdmin = adminAccount && !shortfall;
      if (def.access === 'admin' && shortfall) throw new Forbidden(shortfall, 'mfa_required');
      if (lookup) {
        const target = impersonated(lookup, isAdmin);
        if ((def as RouteDef).money) throw moneyRefused();
        if ((def as RouteDef).ownWord) throw ownWordRefused();
        if (!allows(def.access, target, false)) throw new Forbidden();
        context.caller = { identity, user: target, isAdmin: false, actor: user };
        Object.assign(currentRequest() ?? {}, { callerId: target.id, actorId: user.id });
        if (def.method !== 'GET') context.audit = await auditWrite(user, target, context.route!.name, def.method, event.rawPath);
        return;
      }
      if (!allows(def.access, user, isAdmin)) throw new Forbidden();
      context.caller = { identity, user, isAdmin, pool };
      Object.assign(currentRequest() ?? {}, { callerId: user.id });
    },
  };

  const validate: middy.MiddlewareObj<APIGatewayProxyEventV2, Result, Error, AppContext> = {
    before: ({ event, context }) => {
      const { def } = context.route!;
      const parsed = def.input.safeParse(rawInput(event, def), { error: defaultMessage });
      if (!parsed.success) {
        const fields = fieldErrors(parsed.error);
        const [first] = Object.entries(fields);
        throw new BadRequest(validationMessage(first[0], first[1]), fields, 'validation_failed');
      }
      context.input = parsed.data;
    },
  };

  const errors: middy.MiddlewareObj<APIGatewayProxyEventV2, Result, Error, AppContext> = {
    onError: async (request) => {
      request.response = errorResult(request.error);
      await request.context.audit?.settle(request.response.statusCode ?? 500);
    },
  };

  return middy<APIGatewayProxyEventV2, Result, Error, AppContext>()
    .use(observe)
    .use(tracing())
    .use(errors)
    .use(resolveRoute)
    .use(authenticate)
    .use(validate)
    .handler(async (event, context) => {
      const { name, def } = context.route!;
      const run = handlers[name as RoutesOfArea<A>] as unknown as (req: unknown) => Promise<unknown>;
      const result = await run({ input: context.input, caller: context.caller, event });
      // The output schema is the contract: it also strips anything a handler should not leak.
      const response = json(200, def.output.parse(result));
      await context.audit?.settle(200);
      return response;
    });
}
