/** What a call without a signed-in user is told: the spec's words where it gives them (section 8), else a generic 401. */
import { describe, expect, it, vi } from 'vitest';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';

vi.mock('../../../functions/lib/identity.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  identify: async () => null,
}));

const { areaHandler } = await import('../../../functions/http/area-handler.js');
const { paymentsSchemas } = await import('../../../shared/api/route-schemas/payments.js');
const { sharesSchemas } = await import('../../../shared/api/route-schemas/shares.js');
const { routes } = await import('../../../shared/api/routes.js');

const never = new Proxy({}, { get: () => async () => ({ ok: true }) }) as never;
const handlers = { payments: areaHandler('payments', paymentsSchemas, never), shares: areaHandler('shares', sharesSchemas, never) };
const ID = '00000000-0000-4000-8000-000000000000';

async function call(area: keyof typeof handlers, name: keyof typeof routes) {
  const { method, path } = routes[name];
  const res = (await handlers[area](
    {
      version: '2.0',
      routeKey: `${method} ${path}`,
      rawPath: path.replace(/\{[^}]+\}/g, ID),
      rawQueryString: '',
      headers: {},
      pathParameters: Object.fromEntries([...path.matchAll(/\{([^}]+)\}/g)].map((m) => [m[1], ID])),
      body: '{}',
      isBase64Encoded: false,
      requestContext: { http: { method, sourceIp: '127.0.0.1' } },
    } as unknown as APIGatewayProxyEventV2,
    {} as Context,
  )) as { statusCode: number; body: string };
  return { status: res.statusCode, error: JSON.parse(res.body).error };
}

describe('a call without a signed-in user', () => {
  it("paying: 401 'User not authenticated'", async () => {
    for (const name of ['createOrder', 'captureOrder'] as const) {
      expect(await call('payments', name), name).toEqual({
        status: 401,
        error: { code: 'unauthorized', message: 'User not authenticated' },
      });
    }
  });

  it("adding feedback (the review, or a comment): 401 'User not found'", async () => {
    for (const name of ['submitFeedback', 'addComment'] as const) {
      expect(await call('shares', name), name).toEqual({ status: 401, error: { code: 'unauthorized', message: 'User not found' } });
    }
  });

  it('anything else: the generic 401', async () => {
    expect(await call('shares', 'listShares')).toEqual({ status: 401, error: { code: 'unauthorized', message: 'Sign in to continue' } });
  });
});
