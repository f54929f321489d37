/**
 * GET /health: public, and 200 only while the table and both buckets answer. A failing store makes it 503
 * with a message that names nothing; which store failed goes to the log. The local stack's start asks it
 * too (scripts/dev/stack/stack.ts), so every test run begins with a healthy check.
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { ENV } from '../../functions/lib/config.js';
import { callRoute, useStackEnvironment } from '../support/stack-kit.js';

const stack = inject('stack');

beforeAll(() => useStackEnvironment(stack));
afterEach(() => vi.restoreAllMocks());

/** The health function itself, in this process, against the stack's emulators. */
async function checkInProcess(): Promise<{ statusCode: number; body: unknown; logged: string }> {
  const { handler } = await import('../../functions/http/health.js');
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  const event = {
    routeKey: 'GET /health',
    rawPath: '/health',
    headers: {},
    requestContext: { http: { method: 'GET' } },
  } as unknown as APIGatewayProxyEventV2;
  const res = (await handler(event, {} as Context)) as { statusCode: number; body: string };
  return { statusCode: res.statusCode, body: JSON.parse(res.body), logged: errors.mock.calls.flat().join(' ') };
}

async function withEnv<T>(name: string, value: string, run: () => Promise<T>): Promise<T> {
  const before = process.env[name];
  process.env[name] = value;
  try {
    return await run();
  } finally {
    process.env[name] = before;
  }
}

describe('GET /health', () => {
  it('answers ok to anyone, without a token', async () => {
    const res = await callRoute(stack.apiUrl, 'health', {});
    expect(res).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('is ok in process as through the gateway', async () => {
    expect(await checkInProcess()).toMatchObject({ statusCode: 200, body: { status: 'ok' } });
  });

  it('reuses a good answer for a few seconds, so polling it costs the stores little', async () => {
    const { checkHealth, HEALTHY_REUSE_MS } = await import('../../functions/platform/health.js');
    const { dynamo } = await import('../../functions/lib/aws/dynamo.js');
    const reads = vi.spyOn(dynamo(), 'send');
    const t0 = Date.now() + 60 * HEALTHY_REUSE_MS; // past any answer kept by the tests before
    await checkHealth(t0);
    expect(reads).toHaveBeenCalledTimes(1);
    await checkHealth(t0 + HEALTHY_REUSE_MS - 1);
    expect(reads).toHaveBeenCalledTimes(1);
    await checkHealth(t0 + HEALTHY_REUSE_MS);
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['the table', ENV.tableName, 'no-such-table', 'table'],
    ['the media bucket', ENV.mediaBucket, 'no-such-media-bucket', 'media bucket'],
    ['the images bucket', ENV.imagesBucket, 'no-such-images-bucket', 'images bucket'],
  ])('is 503 when %s does not answer, naming it in the log only', async (_what, env, value, named) => {
    const res = await withEnv(env, value, checkInProcess);
    expect(res.statusCode).toBe(503);
    expect(res.body).toEqual({ error: { code: 'unavailable', message: 'The service is not available right now.' } });
    expect(JSON.stringify(res.body)).not.toContain(value);
    expect(res.logged).toContain(named);
  });
});

describe("the local stack's servers", () => {
  // A client keeps an idle connection 4 s (Node's fetch): a server that closed it at 5 s could lose a
  // request sent on it just then (a broken pipe on a busy machine), as an upload to the local S3 once did.
  it.each([
    ['the API', () => `${stack.apiUrl}/health`],
    ['S3', () => `${stack.s3Endpoint}/${stack.mediaBucket}`],
    ['the PayPal stand-in', () => `${stack.paypalUrl}/v1/oauth2/token`],
    ['the Stripe stand-in', () => `${stack.stripeUrl}/v1/products`],
    ['the log collector', () => `${stack.logsUrl}/logs?level=NONE`],
  ])('keep an idle connection longer than a client does: %s', async (_what, url) => {
    const res = await fetch(url());
    await res.arrayBuffer();
    const idle = /timeout=(\d+)/.exec(res.headers.get('keep-alive') ?? '')?.[1];
    expect(Number(idle), `keep-alive: ${res.headers.get('keep-alive')}`).toBeGreaterThanOrEqual(60);
  });
});
