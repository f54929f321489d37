/** Calls the local API by route name, as the web client does. */
import { routes, type RouteName } from '../../shared/api/routes.js';
import type { RouteDef } from '../../shared/api/route.js';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** The route's request as the web client sends it: the path with its parameters (and a GET's query), the method, the body. */
export function routeRequest(apiUrl: string, name: RouteName, input: Record<string, unknown> = {}, rawBody?: string) {
  const def: RouteDef = routes[name];
  const rest = { ...input };
  const path = def.path.replace(/\{(\w+)\}/g, (_, p: string) => {
    const v = String(rest[p] ?? '');
    delete rest[p];
    return encodeURIComponent(v);
  });
  const url = new URL(path, apiUrl);
  const hasBody = def.method !== 'GET' && def.method !== 'DELETE';
  if (!hasBody) for (const [k, v] of Object.entries(rest)) url.searchParams.set(k, String(v));
  return { url, method: def.method, body: hasBody ? (rawBody ?? JSON.stringify(rest)) : undefined };
}

export async function callRoute<T = any>(
  apiUrl: string,
  name: RouteName,
  input: Record<string, unknown> = {},
  token?: string,
  rawBody?: string,
  headers: Record<string, string> = {},
): Promise<ApiResponse<T>> {
  const { url, method, body } = routeRequest(apiUrl, name, input, rawBody);
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

/** `call(user, route, input)`: the route called on `stack`'s API as that user. */
export const callerOn =
  (stack: { apiUrl: string }) =>
  <T = any>(user: { idToken: string }, name: RouteName, input: Record<string, unknown> = {}) =>
    callRoute<T>(stack.apiUrl, name, input, user.idToken);

/** A local stand-in's control (`/_local/...` on `base`): posts `body` (a GET without one), its JSON answer or a throw. */
export async function standInControl(base: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(new URL(path, base), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}
