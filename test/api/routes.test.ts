/**
 * Walks every route of the table: no token gives 401, a role below the access level 403, malformed
 * or oversized input 400 with a clear message, and nothing answers 5xx to bad input.
 * It grows by itself as routes are added.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { routes, routeNames, type RouteName } from '../../functions/routes.js';
import type { Access } from '../../functions/lib/route.js';
import { MAX_BODY_BYTES } from '../../functions/lib/area-handler.js';
import { callRoute } from '../support/api.js';
import { createConfirmedUser } from '../support/users.js';

const stack = inject('stack');
const tokens: Record<'musician' | 'pro' | 'admin', string> = { musician: '', pro: '', admin: '' };

/** A caller whose role is below each access level. */
const below: Partial<Record<Access, keyof typeof tokens>> = { musician: 'pro', pro: 'musician', admin: 'musician' };
/** A caller who meets each access level. */
const meets: Record<Access, keyof typeof tokens | null> = { public: null, user: 'musician', musician: 'musician', pro: 'pro', admin: 'admin' };

const hasBody = (name: RouteName) => !['GET', 'DELETE'].includes(routes[name].method);

/** Path parameters filled with a well-formed id, so every request reaches the route it means. */
const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';
const pathParams = (name: RouteName) =>
  Object.fromEntries([...routes[name].path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], PLACEHOLDER_ID]));

function expectErrorShape(body: any) {
  expect(body).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  expect(body.error.message.length).toBeGreaterThan(3);
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
  expect((await callRoute(stack.apiUrl, 'chooseType', { type: 'musician' }, tokens.musician)).status).toBe(200);
  expect((await callRoute(stack.apiUrl, 'chooseType', { type: 'pro' }, tokens.pro)).status).toBe(200);
});

describe.each(routeNames)('route %s', (name) => {
  // Only the checks that apply to this route are registered: nothing is skipped.
  const def = routes[name];

  if (def.access !== 'public') it('answers 401 without a token', async () => {
    const res = await callRoute(stack.apiUrl, name, pathParams(name));
    expect(res.status).toBe(401);
    expectErrorShape(res.body);
  });

  if (def.access !== 'public') it('answers 401 with a forged token', async () => {
    const [h, p] = tokens.musician.split('.');
    const res = await callRoute(stack.apiUrl, name, pathParams(name), `${h}.${p}.bm90LWEtc2lnbmF0dXJl`);
    expect(res.status).toBe(401);
  });

  if (below[def.access]) it('answers 403 to a role below its access level', async () => {
    const res = await callRoute(stack.apiUrl, name, pathParams(name), tokens[below[def.access]!]);
    expect(res.status).toBe(403);
    expectErrorShape(res.body);
  });

  if (hasBody(name)) it('answers 400 to a body that is not JSON', async () => {
    const token = meets[def.access] ? tokens[meets[def.access]!] : undefined;
    const res = await callRoute(stack.apiUrl, name, pathParams(name), token, '{"not json');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_json');
  });

  if (hasBody(name)) it('answers 400 to an oversized body', async () => {
    const token = meets[def.access] ? tokens[meets[def.access]!] : undefined;
    const res = await callRoute(stack.apiUrl, name, pathParams(name), token, JSON.stringify({ pad: 'x'.repeat(MAX_BODY_BYTES + 10) }));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  const queryFields = hasBody(name) ? [] : Object.keys((def.input as unknown as { shape: Record<string, unknown> }).shape);
  if (queryFields.length) it('answers 400 to oversized query and path values', async () => {
    const token = meets[def.access] ? tokens[meets[def.access]!] : undefined;
    for (const field of queryFields) {
      const res = await callRoute(stack.apiUrl, name, { ...pathParams(name), [field]: 'x'.repeat(3000) }, token);
      expect(res.status, `${name} with an oversized ${field}`).toBe(400);
      expectErrorShape(res.body);
    }
  });

  it('answers 400 with field messages to input that breaks its schema', async () => {
    const token = meets[def.access] ? tokens[meets[def.access]!] : undefined;
    // Unknown fields are refused by every (strict) input schema.
    const res = await callRoute(stack.apiUrl, name, { ...pathParams(name), unexpectedField: 'x'.repeat(10) }, token);
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
      const res = await callRoute(stack.apiUrl, name, hasBody(name) ? pathParams(name) : { ...pathParams(name), q: '\u0000', page: '-1' }, token, hasBody(name) ? body : undefined);
      expect(res.status, `${name} with ${JSON.stringify(body)}`).toBeLessThan(500);
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
  });
});

it('answers 404 with the error shape for an unknown route', async () => {
  const res = await fetch(`${stack.apiUrl}/no/such/route`);
  expect(res.status).toBe(404);
  expectErrorShape(await res.json());
});
