/**
 * Who is calling. In AWS, API Gateway's JWT authorizer has verified the token and hands over its claims.
 * In local mode the same token is verified here against cognito-local's JWKS.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { ADMIN_GROUP } from '../../shared/constants.js';
import { cognito } from './aws.js';
import { config } from './config.js';
import { ServiceUnavailable, Unauthorized } from './errors.js';

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

/**
 * Admin rights need TOTP MFA, and Cognito's tokens do not say whether their sign-in passed it (no amr
 * claim). So the account is asked instead: once TOTP is on for an account, Cognito challenges every
 * password sign-in of it for a code, so every session it starts from then on passed MFA. The sessions
 * that began before (the password-only sign-in that set TOTP up) are signed out globally when setup
 * ends (web/src/features/auth), which revokes their refresh tokens; an ID token of theirs lives an hour
 * at most. Only a yes is remembered, for a minute: an admin who has just turned TOTP on is never refused
 * for an old no, and one who turns it off loses admin rights within the minute.
 */
const TOTP_YES_TTL_MS = 60_000;
const totpSeen = new Map<string, number>();

export async function hasTotpMfa(identity: Identity): Promise<boolean> {
  const seen = totpSeen.get(identity.sub);
  if (seen && Date.now() - seen < TOTP_YES_TTL_MS) return true;
  let account;
  try {
    account = await cognito().send(new AdminGetUserCommand({ UserPoolId: config.userPoolId, Username: identity.cognitoUsername }));
  } catch (err) {
    if ((err as Error).name === 'UserNotFoundException') throw new Unauthorized('This account no longer exists. Sign in to continue.');
    throw new ServiceUnavailable('Your account could not be checked just now. Please try again.', 'unavailable', (err as Error).message);
  }
  const on = (account.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');
  if (on) totpSeen.set(identity.sub, Date.now());
  else totpSeen.delete(identity.sub);
  return on;
}
