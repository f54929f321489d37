import type { z } from 'zod/mini';
// Addresses only: the schemas stay out of the app's first load (types come from routes.ts, erased at build).
import { routePaths, type RouteName } from '@shared/api/route-paths';
import type { Routes } from '@shared/api/routes';
import { API_TIMEOUT_MS, TELEMETRY } from '@shared/constants';

/** What a route accepts (before server-side defaults and transforms) and what it returns. */
export type ApiInput<N extends RouteName> = z.input<Routes[N]['input']>;
export type ApiOutput<N extends RouteName> = z.output<Routes[N]['output']>;

/** An error answered by the API (status > 0) or met on the way to it (status 0: network, timeout). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** What else the error carries for the client to act on (a pro's new price, say). */
    readonly details: Record<string, unknown> = {},
    /** The request's correlation id: its lines in the function's logs and the browser's report share it. */
    public correlationId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface PreparedRequest {
  method: Method;
  /** Path with parameters substituted and the query string appended. */
  url: string;
  body?: string;
}

/**
 * Turns a route and its input into a request: `{param}` segments are taken from the input, the rest of
 * the input goes to the query string for GET and DELETE and to a JSON body otherwise.
 */
export function prepareRequest(route: { method: Method; path: string }, input: Record<string, unknown> | undefined): PreparedRequest {
  const rest: Record<string, unknown> = { ...(input ?? {}) };
  const path = route.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = rest[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${route.method} ${route.path}`);
    }
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  if (route.method === 'GET' || route.method === 'DELETE') {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(rest)) {
      if (value === undefined || value === null) continue;
      if (Array.isArray(value)) {
        for (const item of value) query.append(key, String(item));
      } else if (typeof value === 'object') {
        query.append(key, JSON.stringify(value));
      } else {
        query.append(key, String(value));
      }
    }
    const qs = query.toString();
    return { method: route.method, url: qs ? `${path}?${qs}` : path };
  }
  return { method: route.method, url: path, body: JSON.stringify(rest) };
}

/**
 * The `error` of a body shaped as the API's errors (shared/schemas/common.ts apiErrorSchema, checked by
 * hand so that the client needs no zod): code and message strings, fields a map of strings if present.
 */
function apiErrorOf(body: unknown): ({ code: string; message: string; fields?: Record<string, string> } & Record<string, unknown>) | null {
  const error = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  if (!error || typeof error !== 'object') return null;
  const { code, message, fields } = error as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  if (fields !== undefined && (!fields || typeof fields !== 'object' || Object.values(fields).some((v) => typeof v !== 'string')))
    return null;
  return error as { code: string; message: string; fields?: Record<string, string> } & Record<string, unknown>;
}

/** Reads an error response: the API's `{error:{code,message,fields?}}`, else a generic message. */
export async function parseErrorResponse(res: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  const error = apiErrorOf(body);
  if (error) {
    const { code, message, fields, ...details } = error;
    return new ApiError(res.status, code, message, fields, details);
  }
  const message =
    body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : `Request failed with status ${res.status}`;
  return new ApiError(res.status, res.status === 401 ? 'unauthorized' : 'http_error', message);
}

export interface ApiClientOptions {
  /** The API root, e.g. `https://abc.execute-api.us-east-1.amazonaws.com` or `http://localhost:3001`. */
  baseUrl: () => string;
  /** The Cognito ID token of the signed-in user, if any. */
  getToken: () => Promise<string | undefined>;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Each request outlives the page that sent it (fetch's keepalive): for what a page sends as it goes away. */
  keepalive?: boolean;
  /** Told of every call as it ends (the error reporter's traces): status 0 when no answer came. */
  onCall?: (call: { route: string; status: number; durationMs: number; correlationId: string; message?: string }) => void;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type ApiArgs<N extends RouteName> = {} extends ApiInput<N> ? [input?: ApiInput<N>] : [input: ApiInput<N>];

export type ApiFn = <N extends RouteName>(name: N, ...args: ApiArgs<N>) => Promise<ApiOutput<N>>;

export function createApiClient(options: ApiClientOptions): ApiFn {
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  return async function call<N extends RouteName>(name: N, ...args: ApiArgs<N>): Promise<ApiOutput<N>> {
    const route = routePaths[name] as { method: Method; path: string };
    const req = prepareRequest(route, args[0] as Record<string, unknown> | undefined);
    // One id per call, sent with it: the function logs under it and an error report names it.
    const correlationId = crypto.randomUUID();
    const headers: Record<string, string> = { accept: 'application/json', [TELEMETRY.correlationHeader]: correlationId };
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    const token = await options.getToken();
    if (token) headers.authorization = `Bearer ${token}`;

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const started = performance.now();
    let status = 0;
    let failure: string | undefined;
    try {
      const res = await (options.fetch ?? fetch)(`${options.baseUrl().replace(/\/+$/, '')}${req.url}`, {
        method: req.method,
        headers,
        body: req.body,
        signal: controller.signal,
        ...(options.keepalive ? { keepalive: true } : {}),
      });
      status = res.status;
      if (!res.ok) throw await parseErrorResponse(res);
      if (res.status === 204) return undefined as ApiOutput<N>;
      const text = await res.text();
      return (text ? JSON.parse(text) : undefined) as ApiOutput<N>;
    } catch (err) {
      const error =
        err instanceof ApiError
          ? err
          : controller.signal.aborted
            ? new ApiError(0, 'timeout', 'The request timed out. Please try again.')
            : new ApiError(0, 'network', (err as Error)?.message || 'Network error');
      error.correlationId = correlationId;
      failure = `${error.code}: ${error.message}`;
      throw error;
    } finally {
      clearTimeout(timer);
      options.onCall?.({ route: name, status, durationMs: performance.now() - started, correlationId, message: failure });
    }
  };
}
