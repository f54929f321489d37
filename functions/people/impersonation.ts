/**
 * Impersonation: an admin acts as a user to see and fix their data. The admin's own Cognito token is
 * verified on every call (API Gateway's authorizer, or identify() locally) and their admin group is
 * checked live, so leaving the group ends it at once; the token names both people and lasts at most an
 * hour. Nothing that moves money runs while impersonating, and every write is audited with the real admin
 * before it runs (no audit entry, no write).
 */
import type { ImpersonationView } from '../../shared/schemas/admin.js';
import { ADMIN_GROUP } from '../../shared/constants.js';
import { AUDIT_PARTITION, pageAudit, recordAudit, settleAudit, type AuditEntry } from './data/audit.js';
import { isInGroup } from './data/identities.js';
import { getUser, type UserRecord } from './data/users.js';
import { decodeCursor, encodeCursor } from '../lib/cursor.js';
import { Forbidden, NotFound, Unauthorized, notWhileImpersonating } from '../lib/errors.js';
import type { Identity } from '../lib/identity.js';
import { issueImpersonationToken, readImpersonationToken } from '../lib/impersonation-token.js';
import { log } from '../lib/observability.js';

/** A report or a published review speaks in the user's own name: an admin acting as them may not give it. */
export const ownWordRefused = () =>
  notWhileImpersonating('Reports and public links speak for the user: they are not available while impersonating.');

export async function startImpersonation(admin: UserRecord, identity: Identity, userId: string): Promise<ImpersonationView> {
  const target = await getUser(userId);
  if (!target) throw new NotFound('User not found');
  if (target.type === 'admin') throw new Forbidden('Admins cannot be impersonated', 'impersonation_forbidden');
  if (!(await isInGroup(identity.cognitoUsername, ADMIN_GROUP))) throw new Forbidden();
  const { token, claims } = await issueImpersonationToken(admin.id, target.id);
  await recordAudit({
    adminId: admin.id,
    adminEmail: admin.email,
    targetId: target.id,
    targetEmail: target.email,
    action: 'impersonate',
    method: 'POST',
    path: '/users/impersonate',
    status: 200,
  });
  return {
    token,
    expiresAt: new Date(claims.exp * 1000).toISOString(),
    user: { id: target.id, fullName: target.fullName, email: target.email, type: target.type as 'musician' | 'pro' },
  };
}

const ENDED = 'Your impersonation has ended. Stop impersonating and start again from the user list.';

/** What an impersonation token leads to, looked up beside the caller's own record (no read waits on the other). */
export interface ImpersonationLookup {
  claims: Awaited<ReturnType<typeof readImpersonationToken>>;
  inGroup: boolean;
  target: UserRecord | null;
}

/** The token's claims (bound to the caller's id), the caller's admin group asked live, and the user it names. */
export async function lookUpImpersonation(token: string, identity: Identity): Promise<ImpersonationLookup> {
  const claims = await readImpersonationToken(token, identity.sub);
  if (!claims) return { claims, inGroup: false, target: null };
  const [inGroup, target] = await Promise.all([isInGroup(identity.cognitoUsername, ADMIN_GROUP), getUser(claims.sub)]);
  return { claims, inGroup, target };
}

/**
 * The user an admin acts as, for a request carrying an impersonation token. The caller must be an admin
 * now (token and record, and the group asked live), the token theirs and current, the user not an admin.
 */
export function impersonated({ claims, inGroup, target }: ImpersonationLookup, isAdmin: boolean): UserRecord {
  if (!isAdmin) throw new Forbidden('Only admins impersonate', 'impersonation_forbidden');
  if (!claims) throw new Unauthorized(ENDED, 'impersonation_ended');
  if (!inGroup) throw new Forbidden('Only admins impersonate', 'impersonation_forbidden');
  if (!target || target.type === 'admin') throw new Unauthorized(ENDED, 'impersonation_ended');
  return target;
}

/** Records a write about to be made as the user; settle() adds the answer's status once it is known. */
export async function auditWrite(admin: UserRecord, target: UserRecord, action: string, method: string, path: string) {
  const entry: AuditEntry = await recordAudit({
    adminId: admin.id,
    adminEmail: admin.email,
    targetId: target.id,
    targetEmail: target.email,
    action,
    method,
    path,
    status: null,
  });
  return {
    settle: (status: number) => settleAudit(entry, status).catch((err) => log.error('Audit entry not settled', err, { auditId: entry.id })),
  };
}

export async function listAudit(input: { cursor?: string }) {
  const { entries, next } = await pageAudit({ limit: 50, start: decodeCursor(input.cursor, AUDIT_PARTITION) });
  return { entries, next: encodeCursor(next) };
}
