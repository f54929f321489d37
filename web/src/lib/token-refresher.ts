import { decodeJWT } from 'aws-amplify/auth';
import type { TokenOrchestrator } from 'aws-amplify/auth/cognito';

/** Amplify's token refresher and stored tokens (the types are not exported by name). */
export type TokenRefresher = Parameters<TokenOrchestrator['setTokenRefresher']>[0];
export type CognitoAuthTokens = Awaited<ReturnType<TokenRefresher>>;

/** An error named after the Cognito exception, so that Amplify can tell auth failures from transient ones. */
export function cognitoError(type: string | undefined, message: string | undefined): Error {
  const name = (type ?? '').split('#').pop() || 'UnknownException';
  return Object.assign(new Error(message || name), { name });
}

interface InitiateAuthResult {
  AuthenticationResult?: { AccessToken?: string; IdToken?: string; RefreshToken?: string };
}

/** Maps Cognito's REFRESH_TOKEN_AUTH answer to Amplify's stored tokens. */
export function mapRefreshResult(
  result: InitiateAuthResult,
  previous: { refreshToken?: string; username: string },
  now: number = Date.now(),
): CognitoAuthTokens {
  const auth = result.AuthenticationResult;
  if (!auth?.AccessToken) throw cognitoError('NotAuthorizedException', 'No tokens returned by refresh');
  const accessToken = decodeJWT(auth.AccessToken);
  const idToken = auth.IdToken ? decodeJWT(auth.IdToken) : undefined;
  const iat = accessToken.payload.iat;
  if (!iat) throw cognitoError('iatNotFoundException', 'iat not found in access token');
  return {
    accessToken,
    idToken,
    clockDrift: iat * 1000 - now,
    refreshToken: auth.RefreshToken ?? previous.refreshToken,
    username: previous.username,
  };
}

/**
 * A token refresher for a user pool that lacks GetTokensFromRefreshToken (cognito-local): it calls
 * InitiateAuth with REFRESH_TOKEN_AUTH, as Amplify v5 did.
 */
export function createLocalTokenRefresher(options: {
  endpoint: string;
  clientId: string;
  fetch?: typeof fetch;
  now?: () => number;
}): TokenRefresher {
  return async ({ tokens, username }) => {
    if (!tokens.refreshToken) throw cognitoError('NotAuthorizedException', 'No refresh token');
    const res = await (options.fetch ?? fetch)(options.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: options.clientId,
        AuthParameters: { REFRESH_TOKEN: tokens.refreshToken },
      }),
    });
    let body: Record<string, unknown> = {};
    try {
      body = (await res.json()) as Record<string, unknown>;
    } catch {
      body = {};
    }
    if (!res.ok) {
      const type = (body.__type as string | undefined) ?? res.headers.get('x-amzn-errortype') ?? undefined;
      throw cognitoError(type ?? (res.status >= 500 ? 'ServiceUnavailableException' : undefined), body.message as string);
    }
    return mapRefreshResult(body as InitiateAuthResult, { refreshToken: tokens.refreshToken, username }, (options.now ?? Date.now)());
  };
}
