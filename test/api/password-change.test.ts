/**
 * A changed password is told to the account's address: the browser changes it with Cognito, then asks
 * POST /users/me/password-changed, and the directory's record of its last change decides. Told once however
 * often or however many tabs ask; never when nothing changed since the session signed in; refused to an
 * admin acting as the user.
 */
import { ChangePasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { callRoute, cognitoClient, listEmails, passwordSignIn, signInTokens, TEST_PASSWORD } from '../support/stack-kit.js';
import { asImpersonatingAdmin, onboardedUser } from '../support/flows.js';
import { RATE_LIMITS } from '../../functions/platform/rate-limits.js';

const stack = inject('stack');
const SUBJECT = 'Your password was changed';

const notices = async (email: string, since: number) =>
  (await listEmails(stack.mailUrl, email, since)).filter((e) => e.subject === SUBJECT);

describe('a changed password', () => {
  it('is told once to the account, however many tabs ask at once, and the new password signs in', async () => {
    const { user } = await onboardedUser(stack, 'musician', { fullName: 'Pat Changer' });
    const since = Date.now();
    // Nothing changed since the session signed in (signing up and confirming came before): nothing is told.
    expect((await callRoute(stack.apiUrl, 'passwordChanged', {}, user.idToken)).body).toEqual({ notified: false });
    // The directory dates changes to the second: the change comes in a second after the sign-in's.
    await new Promise((r) => setTimeout(r, 1100));

    const tokens = await signInTokens(stack, user.email, TEST_PASSWORD, { mfa: false });
    const changed = `${TEST_PASSWORD}-changed`;
    await cognitoClient(stack).send(
      new ChangePasswordCommand({ AccessToken: tokens.AccessToken, PreviousPassword: TEST_PASSWORD, ProposedPassword: changed }),
    );
    const asked = await Promise.all([1, 2, 3].map(() => callRoute(stack.apiUrl, 'passwordChanged', {}, user.idToken)));
    expect(asked.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(asked.filter((r) => r.body.notified)).toHaveLength(1);
    expect((await callRoute(stack.apiUrl, 'passwordChanged', {}, user.idToken)).body).toEqual({ notified: false });

    const mail = await notices(user.email, since);
    expect(mail).toHaveLength(1);
    expect(mail[0].body.text).toContain(`The password of your Snip account (${user.email}) was changed.`);
    expect(mail[0].body.text).toContain('If you did not make this change');
    expect((await passwordSignIn(stack, user.email, changed)).AuthenticationResult).toBeDefined();

    // A second change is a change of its own, told again (the directory dates changes to the second).
    await new Promise((r) => setTimeout(r, 1100));
    const again = await signInTokens(stack, user.email, changed, { mfa: false });
    await cognitoClient(stack).send(
      new ChangePasswordCommand({ AccessToken: again.AccessToken, PreviousPassword: changed, ProposedPassword: `${changed}-again` }),
    );
    expect((await callRoute(stack.apiUrl, 'passwordChanged', {}, user.idToken)).body).toEqual({ notified: true });
    expect(await notices(user.email, since)).toHaveLength(2);
  });

  it(`is asked at most ${RATE_LIMITS.passwordNotice.limit} times an hour by one account (each ask reads the directory)`, async () => {
    const { user } = await onboardedUser(stack, 'musician');
    const asks = await Promise.all(
      Array.from({ length: RATE_LIMITS.passwordNotice.limit + 1 }, () => callRoute(stack.apiUrl, 'passwordChanged', {}, user.idToken)),
    );
    expect(asks.filter((r) => r.status === 200)).toHaveLength(RATE_LIMITS.passwordNotice.limit);
    expect(asks.find((r) => r.status === 429)?.body.error.code).toBe('rate_limited');
  });

  it('is not told for a user by an admin acting as them', async () => {
    const { id } = await onboardedUser(stack, 'musician');
    const res = await asImpersonatingAdmin(stack, id, 'passwordChanged');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('not_while_impersonating');
  });
});
