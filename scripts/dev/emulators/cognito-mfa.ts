/**
 * TOTP multi-factor authentication in the local user pool, enforced as Cognito enforces it.
 *
 * cognito-local 5.3 has the targets (AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference,
 * the SOFTWARE_TOKEN_MFA challenge of InitiateAuth, RespondToAuthChallenge), but:
 * - it only decodes the access token of the account calls, so a forged token could set up or turn off
 *   anyone's MFA; here the token's signature, expiry, use, issuer and revocation are checked;
 * - the challenge's Session is a random string it never looks at again: RespondToAuthChallenge finds the
 *   user by the USERNAME it is sent, so a TOTP code alone, without the password, got tokens. Here a
 *   session is bound to the user, app client and challenge it was issued for, lasts 3 minutes (Cognito's
 *   default), survives a wrong code (the user types again) and is spent by the right one;
 * - the refresh token issued after a challenge was not stored, so such a session could not be refreshed;
 * - associating a new authenticator dropped the verified one at once; Cognito keeps it until the new one
 *   is verified;
 * - AdminInitiateAuth gave tokens without the challenge, and AdminRespondToAuthChallenge,
 *   GlobalSignOut, AdminUserGlobalSignOut and AdminSetUserMFAPreference were missing;
 * - a refresh stamped its tokens' auth_time with its own time; Cognito keeps the sign-in's, which is what
 *   the API compares with an authenticator's set-up (functions/people/admin-mfa.ts);
 * - ChangePassword, an account call too, only decoded its token, and answered a wrong previous password
 *   with another error than Cognito's; UpdateUserAttributes and VerifyUserAttribute only decoded theirs,
 *   and a new e-mail address's code went to the old address.
 * Codes are checked with RFC 6238 (HMAC-SHA1, 30 s steps, 6 digits, one step either side for clock
 * drift), with Cognito's errors: CodeMismatchException at sign-in, EnableSoftwareTokenMFAException at
 * setup.
 *
 * This module puts the targets together: sign-in and its challenges are in cognito-sign-in.ts, an
 * authenticator's set-up in cognito-authenticator.ts, the token checks and account calls in
 * cognito-accounts.ts, the codes in cognito-totp.ts.
 */
import { accountTargets, type Wrapper } from './cognito-accounts.js';
import { authenticatorTargets } from './cognito-authenticator.js';
import { ChallengeSessions, signInTargets } from './cognito-sign-in.js';

export { totpEnabled, type Route, type Target, type Wrapper } from './cognito-accounts.js';
export { base32Decode, base32Encode, hotp, newTotpSecret, TOTP_DIGITS, TOTP_STEP_SECONDS, totp, verifyTotp } from './cognito-totp.js';

export interface LocalMfaOptions {
  /** Accounts (by e-mail) whose authenticator key is fixed rather than random: the demo admin's. */
  fixedSecrets?: Record<string, string>;
  /** How long a challenge's session lasts (Cognito's default: 3 minutes). */
  sessionTtlMs?: number;
  now?: () => number;
}

/**
 * The local pool's TOTP targets, each over cognito-local's own (or standing alone where it has none).
 * One instance per running pool: it holds the challenge sessions.
 */
export function localMfa(opts: LocalMfaOptions = {}): Record<string, Wrapper> {
  const now = opts.now ?? Date.now;
  const ttl = opts.sessionTtlMs ?? 3 * 60_000;
  const fixed = new Map(Object.entries(opts.fixedSecrets ?? {}).map(([email, secret]) => [email.toLowerCase(), secret]));
  return {
    ...signInTargets(new ChallengeSessions(now, ttl), now),
    ...authenticatorTargets(fixed, now),
    ...accountTargets(now),
  };
}
