import { describe, expect, it, vi } from 'vitest';
import { cognitoError, createLocalTokenRefresher, mapRefreshResult } from '../../../web/src/lib/token-refresher';

function jwt(payload: Record<string, unknown>): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(payload)}.sig`;
}

const accessToken = jwt({ sub: 'u1', iat: 1_700_000_000, exp: 1_700_003_600, token_use: 'access' });
const idToken = jwt({ sub: 'u1', iat: 1_700_000_000, exp: 1_700_003_600, 'cognito:groups': ['admin'] });

describe('mapRefreshResult', () => {
  it('maps the tokens, keeps the refresh token and computes the clock drift', () => {
    const tokens = mapRefreshResult(
      { AuthenticationResult: { AccessToken: accessToken, IdToken: idToken } },
      { refreshToken: 'r1', username: 'mia' },
      1_700_000_000_000 + 5000,
    );
    expect(tokens.accessToken.payload.sub).toBe('u1');
    expect(tokens.accessToken.toString()).toBe(accessToken);
    expect(tokens.idToken?.payload['cognito:groups']).toEqual(['admin']);
    expect(tokens.refreshToken).toBe('r1');
    expect(tokens.username).toBe('mia');
    expect(tokens.clockDrift).toBe(-5000);
  });
  it('takes a new refresh token when one is returned', () => {
    const tokens = mapRefreshResult(
      { AuthenticationResult: { AccessToken: accessToken, RefreshToken: 'r2' } },
      { refreshToken: 'r1', username: 'mia' },
    );
    expect(tokens.refreshToken).toBe('r2');
    expect(tokens.idToken).toBeUndefined();
  });
  it('treats an answer without tokens as a lost session', () => {
    expect(() => mapRefreshResult({}, { username: 'mia' })).toThrow(expect.objectContaining({ name: 'NotAuthorizedException' }));
  });
});

describe('createLocalTokenRefresher', () => {
  const previous = {
    tokens: {
      accessToken: { payload: {}, toString: () => 'old' },
      refreshToken: 'refresh-1',
      clockDrift: 0,
      username: 'mia',
    },
    username: 'mia',
  };

  it('calls InitiateAuth with REFRESH_TOKEN_AUTH', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ AuthenticationResult: { AccessToken: accessToken, IdToken: idToken } }), { status: 200 }),
    );
    const refresh = createLocalTokenRefresher({
      endpoint: 'http://localhost:9229',
      clientId: 'client-1',
      fetch: fetchMock,
      now: () => 1_700_000_000_000,
    });
    const tokens = await refresh(previous as never);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://localhost:9229');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    });
    expect(JSON.parse(String(init.body))).toEqual({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: 'client-1',
      AuthParameters: { REFRESH_TOKEN: 'refresh-1' },
    });
    expect(tokens.accessToken.toString()).toBe(accessToken);
    expect(tokens.refreshToken).toBe('refresh-1');
    expect(tokens.clockDrift).toBe(0);
  });

  it('names errors after the Cognito exception so Amplify can clear a dead session', async () => {
    const refresh = createLocalTokenRefresher({
      endpoint: 'http://localhost:9229',
      clientId: 'c',
      fetch: async () =>
        new Response(JSON.stringify({ __type: 'NotAuthorizedException', message: 'Refresh Token has expired' }), { status: 400 }),
    });
    await expect(refresh(previous as never)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Refresh Token has expired',
    });
  });

  it('fails without a refresh token', async () => {
    const refresh = createLocalTokenRefresher({ endpoint: 'http://x', clientId: 'c', fetch: vi.fn() });
    await expect(refresh({ ...previous, tokens: { ...previous.tokens, refreshToken: undefined } } as never)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });

  it('reports server failures as retryable errors', async () => {
    const refresh = createLocalTokenRefresher({
      endpoint: 'http://x',
      clientId: 'c',
      fetch: async () => new Response('down', { status: 503 }),
    });
    await expect(refresh(previous as never)).rejects.toMatchObject({ name: 'ServiceUnavailableException' });
  });
});

describe('cognitoError', () => {
  it('strips a namespace from the error type', () => {
    expect(cognitoError('com.amazonaws#NotAuthorizedException', 'x').name).toBe('NotAuthorizedException');
  });
});
