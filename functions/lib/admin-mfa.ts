/**
 * Whether an admin account has TOTP MFA on, asked of the user pool. Apart from identity.ts so that what
 * only verifies tokens (the WebSocket connect) does not carry the Cognito client.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from './aws/cognito.js';
import { config } from './config.js';
import { ServiceUnavailable, Unauthorized } from './errors.js';
import type { Identity } from './identity.js';

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
