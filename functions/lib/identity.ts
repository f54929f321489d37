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
let verifier: Verifier | undefined;
/** cognito-local's issuer is plain http; in AWS the user pool's own verifier applies. */
function getVerifier(): Verifier {
  if (!verifier) {
    if (config.isLocal) {
      const issuer = `${config.endpoint('cognitoEndpoint')}/${config.userPoolId}`;
      verifier = JwtRsaVerifier.create(
        { issuer, audience: config.userPoolClientId, jwksUri: `${issuer}/.well-known/jwks.json` },
        { jwksCache: new SimpleJwksCache({ fetcher: httpFetcher }) },
      ) as unknown as Verifier;
    } else {
      verifier = CognitoJwtVerifier.create({
        userPoolId: config.userPoolId,
        clientId: config.userPoolClientId,
        tokenUse: 'id',
      }) as unknown as Verifier;
    }
  }
  return verifier;
}

/** Verifies a raw ID token (where no API Gateway authorizer did, e.g. a WebSocket connect). */
export async function verifyIdToken(token: string): Promise<Identity> {
  try {
    return toIdentity(await getVerifier().verify(token));
  } catch (err) {
    if (err instanceof Unauthorized) throw err;
    throw new Unauthorized('Your session is invalid or has expired. Please sign in again.');
  }
}

/** API Gateway flattens array claims to strings such as "[admin pro]". */
export function parseGroups(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value === '') return [];
  return value.replace(/^\[|\]$/g, '').split(/[\s,]+/).filter(Boolean);
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
