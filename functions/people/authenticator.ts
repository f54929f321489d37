/**
 * An admin's authenticator (TOTP MFA), set up, replaced and removed through the API, so that the API knows
 * when it happened (why that matters, and what admin rights then need: people/admin-mfa.ts).
 *
 * - Setting up or replacing one needs a sign-in less than 5 minutes old. The server makes the account's
 *   own Cognito calls (AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference) with the
 *   session's access token, records the time on the admin's record once TOTP is on, with its audit entry
 *   in the same write, signs the account out everywhere and e-mails the admin.
 * - Removing one needs a current code: a sign-in less than 2 minutes old that came after the set-up, so
 *   one Cognito challenged for a code (the server never holds the key; Cognito checks the codes).
 * A browser may still make those Cognito calls past the API; what it sets up so gives no admin rights.
 */
import type { AuthenticatorView } from '../../shared/schemas/authenticator.js';
import { paths } from '../../shared/paths.js';
import { auditPut } from './data/audit.js';
import { associateTotp, signOutEverywhere, turnTotpOff, verifyTotp } from './data/identities.js';
import { setTotpEnrolledAt } from './data/users.js';
import { forgetPoolStatus } from './admin-mfa.js';
import type { Caller } from './caller.js';
import { BadRequest, Conflict, Forbidden, ServiceUnavailable, Unauthorized } from '../lib/errors.js';
import { verifyAccessToken } from '../lib/identity.js';
import { sendClaimedMail, enforceRateLimit } from '../platform/index.js';

/** How recent a sign-in must be to set up or replace an authenticator. */
export const SETUP_SIGN_IN_SECONDS = 5 * 60;
/** How recent the sign-in (and so its code) must be to remove one. */
export const REMOVAL_SIGN_IN_SECONDS = 2 * 60;
/** The name authenticator apps and the account show for the key. */
const DEVICE_NAME = 'Snip admin';

export const NEW_AUTHENTICATOR_SUBJECT = 'A new authenticator was set up for your admin account';
export const AUTHENTICATOR_REMOVED_SUBJECT = 'The authenticator of your admin account was removed';

/** Only an admin-group account, as itself (never while impersonating), has an authenticator to manage. */
function adminAccount(caller: Caller) {
  if (caller.actor || caller.user.type !== 'admin' || !caller.pool?.inAdminGroup) {
    throw new Forbidden('Only admin accounts set up an authenticator', 'forbidden');
  }
  return caller.user;
}

function assertSignedInWithin(caller: Caller, seconds: number, what: string) {
  const age = Date.now() / 1000 - caller.identity.authTime;
  if (!caller.identity.authTime || age > seconds) {
    throw new Forbidden(
      `${what} needs a sign-in less than ${seconds / 60} minutes old. Sign in again and retry.`,
      'recent_sign_in_required',
    );
  }
}

/** The session's access token, checked to be this caller's and as recent as their sign-in must be. */
async function ownAccessToken(caller: Caller, token: string) {
  const { sub, authTime } = await verifyAccessToken(token);
  if (sub !== caller.identity.sub) throw new BadRequest("accessToken is not this session's", undefined, 'invalid_access_token');
  assertSignedInWithin({ ...caller, identity: { ...caller.identity, authTime } }, SETUP_SIGN_IN_SECONDS, 'Setting up an authenticator');
  return token;
}

/** Cognito's refusals, in the API's words. */
function cognitoRefusal(err: unknown): never {
  const name = (err as Error).name;
  if (name === 'EnableSoftwareTokenMFAException' || name === 'CodeMismatchException')
    throw new BadRequest('Invalid code. Please try again.', { code: 'Invalid code. Please try again.' }, 'invalid_code');
  if (name === 'InvalidParameterException' && /not associated/i.test((err as Error).message)) {
    throw new Conflict('Start the set-up again: no new key is waiting for its first code.', 'setup_not_started');
  }
  if (name === 'NotAuthorizedException') throw new Unauthorized('Your session has ended. Please sign in again.');
  throw new ServiceUnavailable('Your authenticator could not be set up just now. Please try again.', 'unavailable', (err as Error).message);
}

export function authenticatorOf(caller: Caller): AuthenticatorView {
  const user = adminAccount(caller);
  return { totpOn: Boolean(caller.pool?.totpOn), enrolledAt: user.totpEnrolledAt ?? null };
}

/** A new key for the account (its current one, if any, stays in force until the new one is verified). */
export async function startSetup(caller: Caller, accessToken: string): Promise<{ secret: string }> {
  adminAccount(caller);
  assertSignedInWithin(caller, SETUP_SIGN_IN_SECONDS, 'Setting up an authenticator');
  const [token] = await Promise.all([ownAccessToken(caller, accessToken), enforceRateLimit('authenticatorSetup', caller.user.id)]);
  return { secret: await associateTotp(token).catch(cognitoRefusal) };
}

/**
 * The new key's first code: it becomes the account's, TOTP is on, and the set-up is recorded (then, and
 * only then, after Cognito turned TOTP on) with its audit entry. Every session is then signed out: admin
 * routes open again to a sign-in with the new key, from the next whole second after `enrolledAt`.
 */
export async function confirmSetup(caller: Caller, input: { accessToken: string; code: string }): Promise<AuthenticatorView> {
  const user = adminAccount(caller);
  assertSignedInWithin(caller, SETUP_SIGN_IN_SECONDS, 'Setting up an authenticator');
  const token = await ownAccessToken(caller, input.accessToken);
  await verifyTotp(token, input.code, DEVICE_NAME).catch(cognitoRefusal);
  const at = new Date().toISOString();
  const replaced = user.totpEnrolledAt ?? null;
  await setTotpEnrolledAt(user.id, at, [
    auditPut({
      adminId: user.id,
      adminEmail: user.email,
      targetId: user.id,
      targetEmail: user.email,
      action: replaced ? 'replaceAuthenticator' : 'setUpAuthenticator',
      method: 'PUT',
      path: '/users/me/authenticator',
      status: 200,
      from: replaced,
      to: at,
    }),
  ]);
  forgetPoolStatus(caller.identity.sub);
  await signOutEverywhere(caller.identity.cognitoUsername);
  await sendClaimedMail(
    user,
    'account',
    NEW_AUTHENTICATOR_SUBJECT,
    [
      `Hi ${user.fullName},`,
      `A new authenticator app was set up for two-factor sign-in to your Snip admin account (${at.replace('T', ' ').slice(0, 16)} UTC). Every session of the account was signed out; signing in now needs a code from that app.`,
      'If this was not you, your password is known to someone else: ask the operators to reset your two-factor authentication at once, then change your password.',
    ],
    paths.adminLogin,
  );
  return { totpOn: true, enrolledAt: at };
}

/** Removes the account's authenticator, for a session whose sign-in gave a code in the last 2 minutes. */
export async function removeAuthenticator(caller: Caller): Promise<AuthenticatorView> {
  const user = adminAccount(caller);
  const enrolledAt = user.totpEnrolledAt;
  // Signed in after the set-up, with TOTP on: Cognito asked that sign-in for a code.
  if (!enrolledAt || !caller.pool?.totpOn || caller.identity.authTime * 1000 < Date.parse(enrolledAt)) {
    throw new Forbidden(
      'Removing your authenticator needs a sign-in with a code from it. Sign in again and retry.',
      'recent_sign_in_required',
    );
  }
  assertSignedInWithin(caller, REMOVAL_SIGN_IN_SECONDS, 'Removing your authenticator');
  await turnTotpOff(caller.identity.cognitoUsername).catch(cognitoRefusal);
  await setTotpEnrolledAt(user.id, null, [
    auditPut({
      adminId: user.id,
      adminEmail: user.email,
      targetId: user.id,
      targetEmail: user.email,
      action: 'removeAuthenticator',
      method: 'DELETE',
      path: '/users/me/authenticator',
      status: 200,
      from: enrolledAt,
      to: null,
    }),
  ]);
  forgetPoolStatus(caller.identity.sub);
  await sendClaimedMail(
    user,
    'account',
    AUTHENTICATOR_REMOVED_SUBJECT,
    [
      `Hi ${user.fullName},`,
      'The authenticator app of your Snip admin account was removed. Admin access needs one: set a new one up at your next sign-in at the admin login.',
      'If this was not you, ask the operators to lock your account at once, then change your password.',
    ],
    paths.adminLogin,
  );
  return { totpOn: false, enrolledAt: null };
}
