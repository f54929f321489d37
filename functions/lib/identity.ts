/**
 * Who is calling. In AWS, API Gateway's JWT authorizer has verified the token and hands over its claims.
 * In local mode the same token is verified here against cognito-local's JWKS.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { ADMIN_GROUP } from '../../shared/constants.js';
import { config } from './config.js';
import { Unauthorized } from './errors.js';

export interface Identity {
  sub: string;
  /** Cognito's own user name (not the product's username); addresses the account in admin calls. */
  cognitoUsername: string;
  email: string;
  fullName: string;
  preferredUsername: string | null;
  groups: string[];
  /** When the token was issued (epoch seconds; 0 if unknown): its groups are as of then. */
  issuedAt: number;
  /**
   * When the session's sign-in happened (epoch seconds; 0 if unknown). Refreshed tokens keep it, so it
   * tells a session opened before an authenticator was set up from one opened after (admin-mfa.ts).
   */
  authTime: number;
}

type Claims = Record<string, unknown>;

/** The default fetcher refuses plain http, which is all cognito-local speaks. */
const httpFetcher = {
  async fetch(uri: string) {
    const res = await fetch(uri);
    if (!res.ok) throw new Error(`JWKS fetch failed: ${res.status}`);
    return res.arrayBuffer();
  },
};

type Verifier = { verify(token: string): Promise<Claims> };
type TokenUse = 'id' | 'access';
const verifiers = new Map<TokenUse, Verifier>();
/**
 * The pool's verifier of one kind of token. cognito-local's issuer is plain http; in AWS the user pool's
 * own verifier applies. Access tokens name their app client in client_id, not aud.
 */
function getVerifier(tokenUse: TokenUse): Verifier {
  let verifier = verifiers.get(tokenUse);
  if (!verifier) {
    if (config.isLocal) {
      const issuer = `${config.endpoint('cognitoEndpoint')}/${config.userPoolId}`;
      const jwksCache = new SimpleJwksCache({ fetcher: httpFetcher });
      const rsa = JwtRsaVerifier.create(
        { issuer, audience: tokenUse === 'id' ? config.userPoolClientId : null, jwksUri: `${issuer}/.well-known/jwks.json` },
        { jwksCache },
      ) as unknown as Verifier;
      verifier =
        tokenUse === 'id'
          ? rsa
          : {
              async verify(token) {
                const claims = await rsa.verify(token);
                if (claims.token_use !== 'access' || claims.client_id !== config.userPoolClientId)
                  throw new Error('Not an access token of this app');
                return claims;
              },
            };
    } else {
      verifier = CognitoJwtVerifier.create({
        userPoolId: config.userPoolId,
        clientId: config.userPoolClientId,
        tokenUse,
      }) as unknown as Verifier;
    }
    verifiers.set(tokenUse, verifier);
  }
  return verifier;
}

/** Verifies a raw ID token (where no API Gateway authorizer did, e.g. a WebSocket connect). */
export async function verifyIdToken(token: string): Promise<Identity> {
  try {
    return toIdentity(await getVerifier('id').verify(token));
  } catch (err) {
    if (err instanceof Unauthorized) throw err;
    throw new Unauthorized('Your session is invalid or has expired. Please sign in again.');
  }
}

/**
 * The subject and sign-in time of an access token of this app (one the browser hands over so that the
 * server makes a Cognito account call, such as an authenticator's set-up, on the user's behalf).
 */
export async function verifyAccessToken(token: string): Promise<{ sub: string; authTime: number }> {
  try {
    const claims = await getVerifier('access').verify(token);
    return { sub: String(claims.sub ?? ''), authTime: Number(claims.auth_time) || 0 };
  } catch {
    throw new Unauthorized('Your session is invalid or has expired. Please sign in again.');
  }
}

/** API Gateway flattens array claims to strings such as "[admin pro]". */
export function parseGroups(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value === '') return [];
  return value
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}

function toIdentity(claims: Claims): Identity {
  if (claims.token_use && claims.token_use !== 'id') throw new Unauthorized('An ID token is required');
  const sub = String(claims.sub ?? '');
  if (!sub) throw new Unauthorized();
  return {
    sub,
    cognitoUsername: String(claims['cognito:username'] ?? sub),
    email: String(claims.email ?? ''),
    fullName: String(claims.name ?? ''),
    preferredUsername: claims.preferred_username ? String(claims.preferred_username) : null,
    groups: parseGroups(claims['cognito:groups']),
    issuedAt: Number(claims.iat) || 0,
    authTime: Number(claims.auth_time) || 0,
  };
}

function bearer(event: APIGatewayProxyEventV2): string | null {
  const header = event.headers?.authorization ?? event.headers?.Authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match ? match[1] : null;
}

/** Returns the caller's identity, or null when the request carries no credentials. */
export async function identify(event: APIGatewayProxyEventV2): Promise<Identity | null> {
  const authorizer = (event.requestContext as { authorizer?: { jwt?: { claims?: Claims } } }).authorizer;
  if (!config.isLocal) {
    const claims = authorizer?.jwt?.claims;
    return claims ? toIdentity(claims) : null;
  }
  const token = bearer(event);
  return token ? verifyIdToken(token) : null;
}

export const isAdminIdentity = (identity: Identity) => identity.groups.includes(ADMIN_GROUP);
