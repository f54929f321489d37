import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, parseErrorResponse, prepareRequest } from '../../../web/src/lib/api-client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('prepareRequest', () => {
  it('substitutes path parameters and sends the rest as a JSON body', () => {
    const req = prepareRequest({ method: 'PUT', path: '/users/{id}/type' }, { id: 'a b/c', type: 'pro' });
    expect(req).toEqual({ method: 'PUT', url: '/users/a%20b%2Fc/type', body: JSON.stringify({ type: 'pro' }) });
  });
  it('puts the rest of a GET input in the query string', () => {
    const req = prepareRequest(
      { method: 'GET', path: '/tracks/{trackId}/signed-url' },
      { trackId: 't1', q: 'deep house', excludeIds: ['a', 'b'], empty: undefined, n: 2 },
    );
    expect(req.method).toBe('GET');
    expect(req.body).toBeUndefined();
    expect(req.url).toBe('/tracks/t1/signed-url?q=deep+house&excludeIds=a&excludeIds=b&n=2');
  });
  it('uses the query string for DELETE and nothing for an empty input', () => {
    expect(prepareRequest({ method: 'DELETE', path: '/tracks' }, { ids: ['1'] }).url).toBe('/tracks?ids=1');
    expect(prepareRequest({ method: 'GET', path: '/users/me' }, undefined)).toEqual({ method: 'GET', url: '/users/me' });
  });
  it('refuses a missing path parameter', () => {
    expect(() => prepareRequest({ method: 'GET', path: '/users/{id}' }, {})).toThrow(/Missing path parameter "id"/);
  });
});

describe('parseErrorResponse', () => {
  it('reads the API error body', async () => {
    const err = await parseErrorResponse(
      json(400, { error: { code: 'validation', message: 'Invalid input', fields: { email: 'Email is invalid' } } }),
    );
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'validation', message: 'Invalid input', fields: { email: 'Email is invalid' } });
  });
  it('copes with a gateway message and with no body', async () => {
    expect(await parseErrorResponse(json(401, { message: 'Unauthorized' }))).toMatchObject({
      status: 401,
      code: 'unauthorized',
      message: 'Unauthorized',
    });
    expect(await parseErrorResponse(new Response('oops', { status: 502 }))).toMatchObject({
      status: 502,
      code: 'http_error',
      message: 'Request failed with status 502',
    });
  });
});

describe('createApiClient', () => {
  it('calls the route with the ID token and returns the JSON', async () => {
    const fetchMock = vi.fn(async () => json(200, { exists: true }));
    const api = createApiClient({ baseUrl: () => 'http://api.test/', getToken: async () => 'id-token', fetch: fetchMock });
    await expect(api('emailExists', { email: 'a@b.co' })).resolves.toEqual({ exists: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://api.test/users/email-exists');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ email: 'a@b.co' }));
    expect(init.headers).toMatchObject({ authorization: 'Bearer id-token', 'content-type': 'application/json' });
  });
  it('asks the browser to let a request outlive its page only on a client made for leaving', async () => {
    const fetchMock = vi.fn(async () => json(200, { savedAt: 'now' }));
    const options = { baseUrl: () => 'http://api.test', getToken: async () => 'id-token', fetch: fetchMock };
    await createApiClient(options)('getMe');
    await createApiClient({ ...options, keepalive: true })('saveDraft', { id: 's1', criteria: {}, comment: '', note: '' });
    const inits = fetchMock.mock.calls.map((c) => (c as unknown as [string, RequestInit])[1]);
    expect(inits.map((i) => i.keepalive)).toEqual([undefined, true]);
  });
  it('sends no authorization header when signed out, and no body for GET', async () => {
    const fetchMock = vi.fn(async () => json(200, { id: 'u1' }));
    const api = createApiClient({ baseUrl: () => 'http://api.test', getToken: async () => undefined, fetch: fetchMock });
    await api('getMe');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://api.test/users/me');
    expect(init.body).toBeUndefined();
    expect(init.headers).not.toHaveProperty('authorization');
  });
  it('throws an ApiError for error answers', async () => {
    const api = createApiClient({
      baseUrl: () => 'http://api.test',
      getToken: async () => 't',
      fetch: async () => json(403, { error: { code: 'forbidden', message: 'Forbidden' } }),
    });
    await expect(api('saveGenres', { genres: ['House'] })).rejects.toMatchObject({ status: 403, code: 'forbidden', message: 'Forbidden' });
  });
  it('gives up after the timeout', async () => {
    const neverAnswers = (_url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const api = createApiClient({ baseUrl: () => 'http://api.test', getToken: async () => undefined, fetch: neverAnswers, timeoutMs: 20 });
    await expect(api('getMe')).rejects.toMatchObject({ status: 0, code: 'timeout' });
  });
  it('reports network failures as status 0', async () => {
    const api = createApiClient({
      baseUrl: () => 'http://api.test',
      getToken: async () => undefined,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(api('getMe')).rejects.toMatchObject({ status: 0, code: 'network', message: 'Failed to fetch' });
  });
  it('defaults to a 60 s timeout', async () => {
    vi.useFakeTimers();
    try {
      let signal: AbortSignal | undefined;
      const api = createApiClient({
        baseUrl: () => 'http://api.test',
        getToken: async () => undefined,
        fetch: (_u, init) =>
          new Promise<Response>((_r, reject) => {
            signal = init?.signal ?? undefined;
            signal?.addEventListener('abort', () => reject(new Error('aborted')));
          }),
      });
      const p = api('getMe').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(59_999);
      expect(signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(signal?.aborted).toBe(true);
      expect(await p).toMatchObject({ code: 'timeout' });
    } finally {
      vi.useRealTimers();
    }
  });
});
