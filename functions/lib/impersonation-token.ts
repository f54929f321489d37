/**
 * Impersonation tokens: `imp1.<payload>.<signature>`, the payload naming the admin, the user and the
 * expiry, signed with HMAC-SHA256 under a key from Secrets Manager. A token proves only that an admin
 * started acting as this user: every call still needs that admin's own verified Cognito token, and the
 * admin must still be in the admin group (functions/people/impersonation.ts).
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { impersonationKey } from './secrets.js';

export const IMPERSONATION_TTL_SECONDS = 60 * 60;
const PREFIX = 'imp1';

export interface ImpersonationClaims {
  /** The admin's id (Cognito sub). */
  adm: string;
  /** The user acted as. */
  sub: string;
  /** Expiry, epoch seconds. */
  exp: number;
  jti: string;
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(`${PREFIX}.${payload}`).digest('base64url');

export async function issueImpersonationToken(
  adminId: string,
  userId: string,
  now = Date.now(),
): Promise<{ token: string; claims: ImpersonationClaims }> {
  const claims: ImpersonationClaims = {
    adm: adminId,
    sub: userId,
    exp: Math.floor(now / 1000) + IMPERSONATION_TTL_SECONDS,
    jti: randomUUID(),
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return { token: `${PREFIX}.${payload}.${sign(await impersonationKey(), payload)}`, claims };
}

/** The claims of a token this service signed, still valid and bound to this admin; null otherwise. */
export async function readImpersonationToken(token: string, adminId: string, now = Date.now()): Promise<ImpersonationClaims | null> {
  const [prefix, payload, signature, ...rest] = token.split('.');
  if (prefix !== PREFIX || !payload || !signature || rest.length) return null;
  const expected = Buffer.from(sign(await impersonationKey(), payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let claims: ImpersonationClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as ImpersonationClaims;
  } catch {
    return null;
  }
  if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number' || claims.adm !== adminId) return null;
  // Also refuses a lifetime longer than ours, whatever signed it.
  if (claims.exp * 1000 <= now || claims.exp * 1000 > now + IMPERSONATION_TTL_SECONDS * 1000 + 60_000) return null;
  return claims;
}
