/**
 * Whether a caller holds admin rights now. Apart from identity.ts so that what only verifies tokens (the
 * WebSocket connect) does not carry the Cognito client.
 *
 * Admin rights need TOTP MFA, and Cognito's tokens do not say whether their sign-in passed it (no amr
 * claim). They do carry auth_time, the time of the sign-in, which refreshes keep: once TOTP is on for an
 * account, Cognito challenges every password sign-in of it, so a session signed in after that passed MFA,
 * and one signed in before did not, however often it was refreshed (refresh tokens live 30 days).
 *
 * The account's TOTP switch alone cannot tell when TOTP came on: a browser turns it on by itself, with
 * its own access token (AssociateSoftwareToken, VerifySoftwareToken), from any session, stale or not. So
 * the time that counts is the API's own record of the set-up (`totpEnrolledAt` on the user's record),
 * written only by the API's set-up route (people/authenticator.ts), which:
 * - makes those Cognito calls itself, with the session's access token, only for a sign-in less than
 *   5 minutes old (a stale password-only session cannot set up or replace an authenticator through it);
 * - records the time once Cognito has turned TOTP on, audits it and e-mails the admin;
 * - signs the account out everywhere (AdminUserGlobalSignOut), so no session from before can call the
 *   pool again, and only a sign-in with the new code opens admin routes.
 * Admin rights are then: in the `admin` group (asked of the pool, not the token's claim, which is as of
 * the token's issue), TOTP on in the pool, the API's record present, and the token's sign-in not before
 * the record. A TOTP switched on past the API (no record: e.g. by a stale session racing to enrol first)
 * gives no admin rights, nor does any session opened before the record. An operator resets an account
 * whose authenticator nobody legitimate holds (docs/deploy.md).
 *
 * The pool is asked on every call of an admin-group token (AdminListGroupsForUser and AdminGetUser, at
 * once and beside the caller's DynamoDB read); a yes to both is remembered for at most a minute, a no
 * never: leaving the group or turning TOTP off takes away admin rights within the minute, and an admin
 * who has just set TOTP up is not refused for an old no.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP } from '../../shared/constants.js';
import type { UserRecord } from './data/users.js';
import { isInGroup } from './data/identities.js';
import { cognito } from '../lib/aws/cognito.js';
import { config } from '../lib/config.js';
import { ServiceUnavailable, Unauthorized } from '../lib/errors.js';
import type { Identity } from '../lib/identity.js';

/** What the user pool says of an account now. */
export interface PoolStatus {
  inAdminGroup: boolean;
  totpOn: boolean;
}

/** At most a minute; ADMIN_STATUS_CACHE_SECONDS shortens it (the tests see a removal sooner). */
export function poolStatusTtlMs(): number {
  const seconds = Number(process.env.ADMIN_STATUS_CACHE_SECONDS);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 60) * 1000 : 60_000;
}

const confirmed = new Map<string, number>();

/** Forgets a remembered yes (the account's authenticator changed in this process). */
export const forgetPoolStatus = (sub: string) => confirmed.delete(sub);

function unavailable(err: unknown): never {
  if ((err as Error).name === 'UserNotFoundException') throw new Unauthorized('This account no longer exists. Sign in to continue.');
  throw new ServiceUnavailable('Your account could not be checked just now. Please try again.', 'unavailable', (err as Error).message);
}

/** The account's admin group membership and TOTP switch, asked together (one round trip of the pool). */
export async function poolStatus(identity: Identity): Promise<PoolStatus> {
  const seen = confirmed.get(identity.sub);
  if (seen !== undefined && Date.now() - seen < poolStatusTtlMs()) return { inAdminGroup: true, totpOn: true };
  const [inAdminGroup, account] = await Promise.all([
    isInGroup(identity.cognitoUsername, ADMIN_GROUP),
    cognito().send(new AdminGetUserCommand({ UserPoolId: config.userPoolId, Username: identity.cognitoUsername })),
  ]).catch(unavailable);
  const status = { inAdminGroup, totpOn: (account.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA') };
  if (status.inAdminGroup && status.totpOn) confirmed.set(identity.sub, Date.now());
  else confirmed.delete(identity.sub);
  return status;
}

export const MFA_SETUP_NEEDED = 'Admin access needs two-factor authentication: sign in at the admin login to set it up.';
export const MFA_SIGN_IN_NEEDED = 'This session began before your authenticator was set up. Sign in again at the admin login.';

/**
 * Why an admin-group account in this session has no admin rights yet, or null when it has them: TOTP is
 * off, or on without the API's record of its set-up, or the session signed in before that set-up.
 */
export function mfaShortfall(
  user: Pick<UserRecord, 'totpEnrolledAt'>,
  identity: Pick<Identity, 'authTime'>,
  status: PoolStatus,
): string | null {
  if (!status.totpOn || !user.totpEnrolledAt) return MFA_SETUP_NEEDED;
  // auth_time is in whole seconds: a sign-in in the second of the set-up may have come before it, so it
  // counts only from the next whole second on (the set-up's answer says when; the login waits for it).
  if (identity.authTime * 1000 < Date.parse(user.totpEnrolledAt)) return MFA_SIGN_IN_NEEDED;
  return null;
}
