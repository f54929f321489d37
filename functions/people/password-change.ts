/**
 * A changed password, told to the owner. The change goes from the browser straight to Cognito, which tells
 * nobody; then the app asks here, and the directory's own date of the account's last change decides: a
 * change after this session signed in, in the last few minutes, and not told of yet, is told once to the
 * account's address, so that a change made by someone else is seen by the owner.
 */
import { getAccountAttributes } from './data/identities.js';
import { claimPasswordNotice, releasePasswordNotice } from './data/users.js';
import { notWhileImpersonating, tryAgainSoon } from '../lib/errors.js';
import { enforceRateLimit, sendClaimedMail } from '../platform/index.js';
import type { Caller } from './caller.js';

/** How recent a change is told of: the app asks the moment Cognito answers; clocks may differ a little. */
export const PASSWORD_NOTICE_WINDOW_MS = 10 * 60_000;

export async function passwordChanged({ user, identity, actor }: Caller): Promise<{ notified: boolean }> {
  // The token is the admin's while they act as someone: the directory entry is not the user's.
  if (actor) throw notWhileImpersonating('Changing the password is not available while impersonating.');
  await enforceRateLimit('passwordNotice', user.id);
  const { modifiedAt } = await getAccountAttributes(identity.cognitoUsername);
  const at = modifiedAt ? Date.parse(modifiedAt) : NaN;
  // The password is changed within a session, so after its sign-in (refreshed tokens keep that time; the
  // directory dates to the second): signing up and confirming, which change the directory too, come before.
  const recent = Math.abs(Date.now() - at) <= PASSWORD_NOTICE_WINDOW_MS && Math.floor(at / 1000) > identity.authTime;
  if (!recent || !(await claimPasswordNotice(user.id, modifiedAt!))) return { notified: false };
  const sent = await sendClaimedMail(user, 'account', 'Your password was changed', [
    `Hi ${user.fullName},`,
    `The password of your Snip account (${user.email}) was changed.`,
    'If you did not make this change, reset your password at once with "Forgot password?" on the sign-in page, and write to us.',
  ]);
  if (!sent) {
    // Not told: the claim goes back, so that the app's next ask (it tries again) tells it.
    await releasePasswordNotice(user.id, modifiedAt!, user.passwordNoticeFor);
    throw tryAgainSoon('the password notice was not sent');
  }
  return { notified: true };
}
