/**
 * A new sign-in address. The user asks Cognito for it and confirms the code Cognito sends to it (the pool
 * keeps the old address until then: infra/constructs/auth.ts); then the app asks here, and the record takes
 * the address the directory now has, never one the caller names. The old address is told, so that a change
 * made by someone else is seen by the owner.
 */
import { getAccountAttributes } from './data/identities.js';
import { newMailKey, updateUser } from './data/users.js';
import { PAYOUT_ADDRESS_PAUSE_HOURS } from '../../shared/money.js';
import { notWhileImpersonating } from '../lib/errors.js';
import { deliverTo } from '../platform/index.js';
import type { Caller } from './caller.js';
import { toUserView } from './users.js';

export async function takeConfirmedEmail({ user, identity, isAdmin, actor }: Caller) {
  // The token is the admin's while they act as someone: its directory entry is not the user's.
  if (actor) throw notWhileImpersonating('Changing the e-mail address is not available while impersonating.');
  const email = (await getAccountAttributes(identity.cognitoUsername)).email.toLowerCase();
  if (!email || email === user.email) return toUserView(user, isAdmin);
  // Whoever changed it may not be the owner (a session taken over): a pro's payouts wait, as after a
  // change of the payout address, while the old address hears of it.
  const paused = user.payoutEmail ? new Date(Date.now() + PAYOUT_ADDRESS_PAUSE_HOURS * 3600_000).toISOString() : undefined;
  // Unsubscribe links sent to the old address stop working: their key is new.
  const updated = await updateUser(user, { email, mailKey: newMailKey(), ...(paused ? { payoutPausedUntil: paused } : {}) });
  await deliverTo(user, 'account', 'Your e-mail address was changed', [
    `Hi ${user.fullName},`,
    `The address you sign in to Snip with was changed from ${user.email} to ${email}. E-mails now go there.`,
    ...(paused ? [`Your payouts wait ${PAYOUT_ADDRESS_PAUSE_HOURS} hours after the change.`] : []),
    'If you did not make this change, reset your password at once and write to us.',
  ]).catch(() => {});
  return toUserView(updated, isAdmin);
}
