/**
 * Walks every route of the table: no token gives 401, a role below the access level 403, malformed
 * input 400 with a clear message, an oversized body 413, and nothing answers 5xx to bad input
 * (malformed percent-encoding, numbers at the edges of what a double holds, control characters).
 * It grows by itself as routes are added: inputs are derived from each route's schema.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { routes, routeNames, type RouteName } from '../../shared/api/routes.js';
import { apiErrorSchema } from '../../shared/schemas/common.js';
import type { Access } from '../../shared/api/route.js';
import { MAX_BODY_BYTES, maxBodyBytesOf } from '../../functions/http/area-handler.js';
import { createConfirmedUser } from '../support/stack-kit.js';
import { callRouteFrom, randomLoopback, requestFrom } from '../support/loopback.js';
import { onboard } from '../support/flows.js';
import { inputSchemaOf, type JsonSchema } from '../support/input-schema.js';
import { FORBIDDEN_CHARS, stringsIn } from '../support/stored-text.js';

const stack = inject('stack');
const tokens: Record<'musician' | 'pro' | 'admin', string> = { musician: '', pro: '', admin: '' };

/** A caller whose role is below each access level. */
const below: Partial<Record<Access, keyof typeof tokens>> = { musician: 'pro', pro: 'musician', admin: 'musician' };
/** A caller who meets each access level. */
const meets: Record<Access, keyof typeof tokens | null> = {
  public: null,
  user: 'musician',
  musician: 'musician',
  pro: 'pro',
  admin: 'admin',
};

const hasBody = (name: RouteName) => !['GET', 'DELETE'].includes(routes[name].method);

/** Path parameters filled with a well-formed id, so every request reaches the route it means. */
const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';
const pathParams = (name: RouteName) =>
  Object.fromEntries([...routes[name].path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], PLACEHOLDER_ID]));

/** The API's error body, as the contract states it (shared/schemas/common.ts) and the web client reads it. */
function expectErrorShape(body: any) {
  expect(apiErrorSchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
  expect(body.error.message.length).toBeGreaterThan(3);
}

/** Strings that satisfy the common formats, tried in order against a string field with a pattern. */
const STRING_CANDIDATES = ['pending', 'audio/mpeg', 'walkuser'];

/** A well-formed value for a schema (required properties only): the base each case then breaks in one place. */
function sample(schema: JsonSchema, key = ''): unknown {
  if (schema.anyOf) return sample(schema.anyOf[0], key);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((k) => [k, sample(schema.properties![k], k)]));
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}, key));
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    default:
      if (schema.format === 'uuid') return PLACEHOLDER_ID;
      if (key === 'email') return 'walk@example.test';
      if (key === 'genres') return 'House';
      if (schema.pattern) return STRING_CANDIDATES.find((c) => new RegExp(schema.pattern!).test(c)) ?? 'walk';
      return 'walk'.padEnd(schema.minLength ?? 0, 'x');
  }
}

/** Paths (dot-separated) of the fields of a schema, with whether each is numeric. */
function fieldPaths(schema: JsonSchema, prefix = ''): { path: string; numeric: boolean }[] {
  const s = schema.anyOf?.find((o) => o.type !== 'null') ?? schema;
  if (s.type === 'object' && s.properties) {
    return Object.entries(s.properties).flatMap(([k, v]) => fieldPaths(v, prefix ? `${prefix}.${k}` : k));
  }
  return prefix ? [{ path: prefix, numeric: s.type === 'number' || s.type === 'integer' }] : [];
}

function withValue(base: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const out = structuredClone(base);
  const keys = path.split('.');
  let node: Record<string, unknown> = out;
  for (const k of keys.slice(0, -1)) node = (node[k] ??= {}) as Record<string, unknown>;
  node[keys.at(-1)!] = value;
  return out;
}

/**
 * A route called from an address of its own: the walk's junk must not count against the per-address limits
 * of what other files send from 127.0.0.1 (the PayPal stand-in's genuine webhooks among them), nor trip its own.
 */
const call = (name: RouteName, input: Record<string, unknown>, token?: string, rawBody?: string) =>
  callRouteFrom(stack.apiUrl, name, input, randomLoopback(), token, rawBody);

/** Sends a request exactly as written (path not re-encoded, body as raw JSON text), from an address of its own. */
async function rawCall(method: string, pathAndQuery: string, token?: string, body?: string) {
  const headers = { 'content-type': 'application/json', authorization: token ? `Bearer ${token}` : undefined };
  const res = await requestFrom(stack.apiUrl, method, pathAndQuery, body ?? '', randomLoopback(), headers);
  return { status: res.status, body: res.body };
}

/** JSON that JSON.stringify cannot write: numbers beyond a double (Infinity once parsed), minus zero. */
const RAW = (token: string) => `__raw:${token}__`;
const rawJson = (value: unknown) => JSON.stringify(value).replace(/"__raw:([^"]*)__"/g, '$1');

/** What the walk puts into numeric fields (and into every field of routes that have none). */
const EDGE_NUMBERS: unknown[] = [
  1e-300,
  -1e-300,
  1e308,
  -1e308,
  RAW('-0'),
  RAW('1e999'),
  RAW('-1e999'),
  RAW('1e-400'),
  5e-324,
  2 ** 53 + 2,
  'NaN',
  'Infinity',
  '1e308',
];
/** Numbers that no numeric field can accept: each must be refused with the field's own words. */
const IMPOSSIBLE = new Set<unknown>([1e308, -1e308, RAW('1e999'), RAW('-1e999'), 2 ** 53 + 2, 'NaN', 'Infinity', '1e308']);

const NASTY_TEXT = [
  '\u0000',
  'x\u0000y',
  'a\u202Eevil\u202C',
  '\u2066iso\u2069late',
  'bell\u0007 esc\u001b del\u007f nel\u0085',
  'line\r\nbreak\ttab',
];

function expectNoForbiddenChars(body: unknown) {
  expect(stringsIn(body).filter((v) => FORBIDDEN_CHARS.test(v))).toEqual([]);
}

beforeAll(async () => {
  const [musician, pro, admin] = await Promise.all([
    createConfirmedUser(stack, { prefix: 'walk-musician' }),
    createConfirmedUser(stack, { prefix: 'walk-pro' }),
    createConfirmedUser(stack, { prefix: 'walk-admin', admin: true }),
  ]);
  tokens.musician = musician.idToken;
  tokens.pro = pro.idToken;
  tokens.admin = admin.idToken;
  expect((await call('chooseType', { type: 'musician' }, tokens.musician)).status).toBe(200);
  await onboard(stack, pro, 'pro');
});

describe.each(routeNames)('route %s', (name) => {
  // Only the checks that apply to this route are registered: nothing is skipped.
  const def = routes[name];
  /** A body of about `bytes`, sent as a caller the route lets in. */
  const callPadded = (bytes: number) => {
    const token = meets[def.access] ? tokens[meets[def.access]!] : undefined;
    return call(name, pathParams(name), token, JSON.stringify({ pad: 'x'.repeat(bytes) }));
  };

  if (def.access !== 'public')
    it('answers 401 without a token', async () => {
      const res = await call(name, pathParams(name));
      expect(res.status).toBe(401);
      expectErrorShape(res.body);
    });

  if (def.access !== 'public')
    it('answers 401 with a forged token', async () => {
      const [h, p] = tokens.musician.split('.');
      const res = await call(name, pathParams(name), `${h}.${p}.bm90LWEtc2lnbmF0dXJl`);
      expect(res.status).toBe(401);
    });

  if (below[def.access])
    it('answers 403 to a role below its access level', async () => {
      const res = await call(name, pathParams(name), tokens[below[def.access]!]);
      expect(res.status).toBe(403);
      expectErrorShape(res.body);
    });

  if (hasBody(name))
    it('answers 400 to a body that is not JSON', async () => {
      const token = meets[def.access] ? tokens[meets[def.access]!] : undefined;
      const res = await call(name, pathParams(name), token, '{"not json');
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_json');
    });

  if (hasBody(name))
    it(`answers 413 to a body over its limit (${maxBodyBytesOf(def) / 1024} KB)`, async () => {
      const res = await callPadded(maxBodyBytesOf(def) + 10);
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe('payload_too_large');
      expectErrorShape(res.body);
    });

  if (hasBody(name) && maxBodyBytesOf(def) > MAX_BODY_BYTES)
    it('reads a body over the default limit that is within its own', async () => {
      const res = await callPadded(MAX_BODY_BYTES + 10);
      expect(res.status).not.toBe(413);
      expect(res.status).toBeLessThan(500);
    });

  const queryFields = hasBody(name) ? [] : Object.keys((def.input as unknown as { shape: Record<string, unknown> }).shape);
  if (queryFields.length)
    it('answers 400 to oversized query and path values', async () => {
      const token = meets[def.access] ? tokens[meets[def.access]!] : undefined;
      for (const field of queryFields) {
        const res = await call(name, { ...pathParams(name), [field]: 'x'.repeat(3000) }, token);
        expect(res.status, `${name} with an oversized ${field}`).toBe(400);
        expectErrorShape(res.body);
      }
    });

  it('answers 400 with field messages to input that breaks its schema', async () => {
    const token = meets[def.access] ? tokens[meets[def.access]!] : undefined;
    // Unknown fields are refused by every (strict) input schema.
    const res = await call(name, { ...pathParams(name), unexpectedField: 'x'.repeat(10) }, token);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toBeTypeOf('object');
  });

  it('never answers 5xx to junk input', async () => {
    const token = meets[def.access] ? tokens[meets[def.access]!] : undefined;
    const junk = hasBody(name)
      ? ['[]', 'null', '42', '"text"', '{"email":{"$gt":""}}', JSON.stringify({ username: ['a'], type: 7, genres: 'x' }), '\u0000']
      : [''];
    for (const body of junk) {
      const res = await call(
        name,
        hasBody(name) ? pathParams(name) : { ...pathParams(name), q: '\u0000', page: '-1' },
        token,
        hasBody(name) ? body : undefined,
      );
      expect(res.status, `${name} with ${JSON.stringify(body)}`).toBeLessThan(500);
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
  });
});

describe.each(routeNames)('route %s at the edges', (name) => {
  const def = routes[name];
  const token = () => (meets[def.access] ? tokens[meets[def.access]!] : undefined);
  const params = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const schema = inputSchemaOf(name);
  const base = sample(schema) as Record<string, unknown>;
  // A route that takes nothing gets an extra field instead, which it must refuse.
  const declared = fieldPaths(schema).filter((f) => !params.includes(f.path));
  const fields = declared.length ? declared : [{ path: 'extra', numeric: false }];
  const numeric = fields.filter((f) => f.numeric);
  const strings = fields.filter((f) => !f.numeric);
  /** The path with its parameters filled in, and the input that is left for query or body. */
  const request = (input: Record<string, unknown>, rawParams: Record<string, string> = {}) => {
    const rest = { ...input };
    const path = def.path.replace(/\{(\w+)\}/g, (_, p: string) => {
      const v = rawParams[p] ?? encodeURIComponent(String(rest[p] ?? PLACEHOLDER_ID));
      delete rest[p];
      return v;
    });
    if (hasBody(name)) return { path, body: rawJson(rest) };
    const query = Object.entries(rest).map(
      ([k, v]) =>
        `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v.replace(/^__raw:(.*)__$/, '$1') : JSON.stringify(v))}`,
    );
    return { path: query.length ? `${path}?${query.join('&')}` : path, body: undefined };
  };
  const send = (input: Record<string, unknown>, rawParams?: Record<string, string>) => {
    const { path, body } = request(input, rawParams);
    return rawCall(def.method, path, token(), body);
  };

  if (params.length)
    it('answers 400 invalid_path to malformed percent-encoding in a path parameter', async () => {
      for (const param of params) {
        for (const bad of ['%', '%E0%A4%A', '%zz', 'abc%', '%ED%A0%80', '%C0%AF']) {
          const res = await send(base, { [param]: bad });
          expect(res.status, `${param}=${bad}`).toBe(400);
          expect(['invalid_path', 'validation_failed'], `${param}=${bad}`).toContain(res.body.error.code);
          expectErrorShape(res.body);
        }
      }
    });

  it('answers 4xx, never 5xx, to malformed percent-encoding in the query and after the path', async () => {
    for (const query of ['?%E0%A4%A=1', '?x=%', '?q=%E0%A4%A&as=%ZZ']) {
      const res = await rawCall(def.method, request(base).path.split('?')[0] + query, token(), hasBody(name) ? rawJson(base) : undefined);
      expect(res.status, query).toBe(400);
      expectErrorShape(res.body);
    }
    const res = await rawCall(def.method, `${request(base).path.split('?')[0]}/%E0%A4%A`, token(), hasBody(name) ? '{}' : undefined);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectErrorShape(res.body);
  });

  it('answers tiny, huge, minus-zero and not-a-number numbers with 4xx or a result, never 5xx', async () => {
    // Routes without numeric fields get the numbers in every field instead.
    for (const { path, numeric: isNumeric } of numeric.length ? numeric : fields) {
      for (const value of EDGE_NUMBERS) {
        const res = await send(withValue(base, path, value));
        const what = `${name} with ${path}=${String(value)}`;
        expect(res.status, what).toBeLessThan(500);
        if (res.status >= 400) expectErrorShape(res.body);
        if (isNumeric && IMPOSSIBLE.has(value)) {
          expect(res.status, what).toBe(400);
          expect(res.body.error.code, what).toBe('validation_failed');
          // The field's own words, not zod's ('Too big: expected int to be <=9007199254740991').
          const message: string = res.body.error.fields[path];
          expect(message, what).toBeTypeOf('string');
          expect(message, what).not.toMatch(/expected|received|9007199254740991|Invalid input/);
        }
      }
    }
  });

  it('answers control characters and bidi overrides in any text with 4xx or a clean result, never 5xx', async () => {
    for (const { path } of strings.length ? strings : fields) {
      for (const text of NASTY_TEXT) {
        const res = await send(withValue(base, path, text));
        const what = `${name} with ${path}=${JSON.stringify(text)}`;
        expect(res.status, what).toBeLessThan(500);
        if (res.status >= 400) expectErrorShape(res.body);
        else expectNoForbiddenChars(res.body);
      }
    }
  });
});

it('answers 404 with the error shape for an unknown route', async () => {
  const res = await fetch(`${stack.apiUrl}/no/such/route`);
  expect(res.status).toBe(404);
  expectErrorShape(await res.json());
});
