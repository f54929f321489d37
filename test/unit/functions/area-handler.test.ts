/** The middleware's answers to malformed requests, without a stack: caller and record are stubbed. */
import { describe, expect, it, vi } from 'vitest';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';

vi.mock('../../../functions/lib/identity.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  identify: async () => ({
    sub: 'u-1',
    cognitoUsername: 'u-1',
    email: 'u@example.test',
    fullName: 'U',
    preferredUsername: null,
    groups: [],
    issuedAt: 0,
    authTime: 0,
  }),
}));
vi.mock('../../../functions/people/users.js', () => ({
  ensureUser: async () => ({ id: 'u-1', type: 'musician', typeChosen: true }),
}));

const { areaHandler, MAX_BODY_BYTES } = await import('../../../functions/http/area-handler.js');
const { sharesSchemas } = await import('../../../shared/api/route-schemas/shares.js');
const { tracksSchemas } = await import('../../../shared/api/route-schemas/tracks.js');

const seen: unknown[] = [];
const record = async (req: { input: unknown }) => {
  seen.push(req.input);
  return { ok: true };
};
// Only the routes used below are reached; the others are never called.
const shares = areaHandler('shares', sharesSchemas, new Proxy({}, { get: () => record }) as never);
const tracks = areaHandler('tracks', tracksSchemas, new Proxy({}, { get: () => record }) as never);

function event(routeKey: string, opts: { path?: Record<string, string>; body?: string } = {}): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey,
    rawPath: '/',
    rawQueryString: '',
    headers: { authorization: 'Bearer x' },
    pathParameters: opts.path,
    body: opts.body,
    isBase64Encoded: false,
    requestContext: { http: { method: routeKey.split(' ')[0], sourceIp: '127.0.0.1' } },
  } as unknown as APIGatewayProxyEventV2;
}

async function call(handler: typeof shares, ev: APIGatewayProxyEventV2) {
  const res = (await handler(ev, {} as Context)) as { statusCode: number; body: string };
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

const ID = '00000000-0000-4000-8000-000000000000';

describe('the middleware', () => {
  it('refuses a raw path parameter with malformed percent-encoding (as API Gateway may pass it) with 400', async () => {
    for (const id of ['%', '%E0%A4%A', 'abc%zz']) {
      const res = await call(shares, event('GET /shares/{id}', { path: { id } }));
      expect(res.status, id).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_path', message: expect.stringContaining('%') });
    }
  });

  it('decodes a raw path parameter that is still encoded', async () => {
    seen.length = 0;
    const encoded = ID.replace(/-/g, '%2D');
    const res = await call(shares, event('DELETE /shares/{id}/comments/{commentId}', { path: { id: encoded, commentId: encoded } }));
    expect(res.status).toBe(200);
    expect(seen).toEqual([{ id: ID, commentId: ID }]);
  });

  it('answers 413 payload_too_large to a body over the limit', async () => {
    const res = await call(
      shares,
      event('POST /shares/{id}/comments', { path: { id: ID }, body: JSON.stringify({ text: 'x'.repeat(MAX_BODY_BYTES) }) }),
    );
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  it('refuses half a surrogate pair anywhere in the input', async () => {
    for (const body of ['{"text":"\\ud800","timestamp":1}', '{"\\udc00":1}', '{"text":"ok","tags":["\\ud83d"]}']) {
      const res = await call(shares, event('POST /shares/{id}/comments', { path: { id: ID }, body }));
      expect(res.status, body).toBe(400);
      expect(res.body.error.code).toBe('invalid_text');
    }
  });

  it('survives a deeply nested body', async () => {
    const res = await call(shares, event('POST /shares/{id}/comments', { path: { id: ID }, body: '['.repeat(20000) + ']'.repeat(20000) }));
    expect(res.status).toBe(400);
  });

  it('answers limits with the human message, naming the field once', async () => {
    const rating = await call(shares, event('POST /shares/{id}/ranking', { path: { id: ID }, body: '{"rating":1e308}' }));
    expect(rating.status).toBe(400);
    expect(rating.body.error.message).toBe('Rating must be a whole number from 1 to 5');
    const infinite = await call(shares, event('POST /shares/{id}/comments', { path: { id: ID }, body: '{"text":"x","timestamp":1e999}' }));
    expect(infinite.body.error.message).toBe('The timestamp must be a number of seconds');
    const size = await call(
      tracks,
      event('POST /tracks/upload-url', { body: '{"filename":"a.mp3","contentType":"audio/mpeg","size":1e308}' }),
    );
    expect(size.body.error.message).toBe('size: The file is larger than 200 MB');
  });

  it("words zod's default issues so that they name the field", async () => {
    const extra = await call(
      shares,
      event('POST /shares/{id}/comments', { path: { id: ID }, body: '{"text":"x","timestamp":1,"admin":true}' }),
    );
    expect(extra.body.error).toMatchObject({ code: 'validation_failed', message: 'Unknown field: admin' });
    const wrongType = await call(
      shares,
      event('POST /shares/{id}/comments', { path: { id: ID }, body: '{"text":"x","timestamp":1,"tags":"#Mixing"}' }),
    );
    expect(wrongType.body.error.message).toBe('tags must be an array');
    const many = await call(
      shares,
      event('POST /shares/{id}/comments', {
        path: { id: ID },
        body: JSON.stringify({ text: 'x', timestamp: 1, tags: Array(11).fill('#Mixing') }),
      }),
    );
    expect(many.body.error.message).toBe('tags must have at most 10 items');
    for (const res of [extra, wrongType, many]) expect(res.body.error.message).not.toMatch(/9007199254740991|expected|received/);
  });
});

describe("a service's passing trouble", () => {
  const failing = (err: unknown) =>
    areaHandler(
      'shares',
      sharesSchemas,
      new Proxy(
        {},
        {
          get: () => async () => {
            throw err;
          },
        },
      ) as never,
    );
  const get = (handler: typeof shares) => call(handler, event('GET /shares/{id}', { path: { id: ID } }));

  it('is a 503 that says to try again: DynamoDB throttling or down, a connection cut, a call timed out', async () => {
    const troubles = [
      Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException', $metadata: { httpStatusCode: 400 } }),
      Object.assign(new Error('Internal server error'), { name: 'InternalServerError', $metadata: { httpStatusCode: 500 } }),
      Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
      Object.assign(new Error('Connection timed out after 1500 ms'), { name: 'TimeoutError' }),
    ];
    for (const err of troubles) {
      const res = await get(failing(err));
      expect(res, (err as Error).name).toEqual({
        status: 503,
        body: { error: { code: 'try_again', message: 'We could not finish this just now. Please try again in a moment.' } },
      });
    }
  });

  it('is not our own fault, which stays a 500', async () => {
    const res = await get(failing(new TypeError("Cannot read properties of undefined (reading 'id')")));
    expect(res).toMatchObject({ status: 500, body: { error: { code: 'internal' } } });
    const refused = Object.assign(new Error('The conditional request failed'), {
      name: 'ConditionalCheckFailedException',
      $metadata: { httpStatusCode: 400 },
    });
    expect((await get(failing(refused))).status).toBe(500);
  });
});

describe('tracing', () => {
  const DELETE_COMMENT = 'DELETE /shares/{id}/comments/{commentId}';

  it('is left out of the chain outside Lambda', async () => {
    const { tracer } = await import('../../../functions/lib/observability.js');
    expect(tracer()).toBeUndefined();
    expect((await call(shares, event(DELETE_COMMENT, { path: { id: ID, commentId: ID } }))).status).toBe(200);
  });

  it("in Lambda opens the invocation's X-Ray subsegment and annotates it with the request's correlation id", async () => {
    vi.stubEnv('AWS_EXECUTION_ENV', 'AWS_Lambda_nodejs22.x');
    vi.resetModules();
    try {
      const { tracer } = await import('../../../functions/lib/observability.js');
      const annotate = vi.spyOn(tracer()!, 'putAnnotation').mockImplementation(() => {});
      const opened = vi.spyOn(tracer()!, 'getSegment');
      const { areaHandler: inLambda } = await import('../../../functions/http/area-handler.js');
      const handler = inLambda('shares', sharesSchemas, new Proxy({}, { get: () => record }) as never);
      const ev = event(DELETE_COMMENT, { path: { id: ID, commentId: ID } });
      ev.headers['x-correlation-id'] = 'trace-me-0001';
      expect((await call(handler, ev)).status).toBe(200);
      expect(opened).toHaveBeenCalled();
      expect(annotate).toHaveBeenCalledWith('correlationId', 'trace-me-0001');
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });
});
