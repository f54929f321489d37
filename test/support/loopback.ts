/**
 * Requests to the local gateway from a loopback address of the test's choosing: all of 127.0.0.0/8 reaches
 * it, and the gateway gives the address to the functions as the client's, so a per-address limit can be
 * exhausted without touching what other tests send from 127.0.0.1.
 */
import http from 'node:http';
import type { RouteName } from '../../shared/api/routes.js';
import { routeRequest, type ApiResponse } from './api.js';

export interface LoopbackAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
}

/** POSTs `body` (sent as it is) to `path` of the API from `localAddress`. */
export function postFrom(
  apiUrl: string,
  path: string,
  body: string,
  localAddress: string,
  headers: Record<string, string | undefined> = { 'content-type': 'application/json' },
): Promise<LoopbackAnswer> {
  return requestFrom(apiUrl, 'POST', path, body, localAddress, headers);
}

/** GETs `path` of the API from `localAddress`. */
export function getFrom(apiUrl: string, path: string, localAddress: string): Promise<LoopbackAnswer> {
  return requestFrom(apiUrl, 'GET', path, '', localAddress, {});
}

/**
 * A route called as callRoute calls it (signed out unless given a token; `rawBody` sent as it is), but from
 * `localAddress`: a test that calls a public route keeps its own count of that route's per-address limit,
 * whatever other files send from 127.0.0.1 meanwhile, and leaves theirs alone.
 */
export async function callRouteFrom<T = any>(
  apiUrl: string,
  name: RouteName,
  input: Record<string, unknown>,
  localAddress: string,
  token?: string,
  rawBody?: string,
): Promise<ApiResponse<T>> {
  const { url, method, body } = routeRequest(apiUrl, name, input, rawBody);
  const answer = await requestFrom(apiUrl, method, url.pathname + url.search, body ?? '', localAddress, {
    'content-type': body === undefined ? undefined : 'application/json',
    authorization: token ? `Bearer ${token}` : undefined,
  });
  const headers = new Headers();
  for (const [k, v] of Object.entries(answer.headers)) if (v !== undefined) headers.set(k, String(v));
  return { status: answer.status, body: answer.body, headers };
}

/** Sends `body` as it is to `path` of the API from `localAddress`, with the headers given (an undefined one left out). */
export function requestFrom(
  apiUrl: string,
  method: string,
  path: string,
  body: string,
  localAddress: string,
  headers: Record<string, string | undefined>,
): Promise<LoopbackAnswer> {
  const url = new URL(path, apiUrl);
  url.hostname = '127.0.0.1';
  const sent = Object.fromEntries(
    Object.entries({ ...headers, ...(method === 'GET' ? {} : { 'content-length': String(Buffer.byteLength(body)) }) }).filter(
      ([, v]) => v !== undefined,
    ),
  ) as Record<string, string>;
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: sent, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A loopback address no other test is likely to use. */
export const randomLoopback = () =>
  `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`;
