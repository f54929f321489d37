/**
 * A new sign-in address: the code goes to the new address and the old one stays until it is confirmed (as
 * Cognito does for a pool that keeps the original); an address another account has is refused; then
 * POST /users/me/email makes the record take the address the directory has (never one the caller names),
 * and the old address is told. Refused to an admin acting as the user.
 */
import { UpdateUserAttributesCommand, VerifyUserAttributeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import {
  callRoute,
  cognitoClient,
  passwordSignIn,
  signInTokens,
  TEST_PASSWORD,
  uniqueEmail,
  useStackEnvironment,
  waitForEmail,
} from '../support/stack-kit.js';
import { asImpersonatingAdmin, onboardedUser } from '../support/flows.js';

const stack = inject('stack');

async function refusal(call: Promise<unknown>): Promise<{ name: string; message: string }> {
  try {
    await call;
  } catch (err) {
    return err as { name: string; message: string };
  }
  throw new Error('expected a refusal');
}

/** Asks Cognito for a new sign-in address, as the account page does; the code it sends there. */
async function askFor(accessToken: string, newEmail: string): Promise<string> {
  const since = Date.now();
  const asked = await cognitoClient(stack).send(
    new UpdateUserAttributesCommand({ AccessToken: accessToken, UserAttributes: [{ Name: 'email', Value: newEmail }] }),
  );
  expect(asked.CodeDeliveryDetailsList?.[0]?.Destination).toBe(newEmail);
  const mail = await waitForEmail(stack.mailUrl, newEmail, /Confirm your new e-mail address/, { since });
  const code = (mail.body.html ?? '').match(/<strong[^>]*>(\d{4,8})<\/strong>/)?.[1];
  expect(code).toBeDefined();
  return code!;
}

describe('a new sign-in address', () => {
  it('is confirmed by a code sent to it, then taken by the record; the old address is told', async () => {
    const { user } = await onboardedUser(stack, 'musician', { fullName: 'Eve Mover' });
    const tokens = await signInTokens(stack, user.email, TEST_PASSWORD, { mfa: false });
    const newEmail = uniqueEmail('moved');
    const since = Date.now();
    const code = await askFor(tokens.AccessToken!, newEmail);

    // Until the code is confirmed, nothing changes: the old address signs in, the record keeps it.
    expect((await passwordSignIn(stack, user.email, TEST_PASSWORD)).AuthenticationResult).toBeDefined();
    expect((await callRoute(stack.apiUrl, 'takeConfirmedEmail', {}, user.idToken)).body.email).toBe(user.email);

    const wrong = await refusal(
      cognitoClient(stack).send(
        new VerifyUserAttributeCommand({ AccessToken: tokens.AccessToken, AttributeName: 'email', Code: '000000' }),
      ),
    );
    expect(wrong.name).toBe('CodeMismatchException');
    await cognitoClient(stack).send(
      new VerifyUserAttributeCommand({ AccessToken: tokens.AccessToken, AttributeName: 'email', Code: code }),
    );
    const taken = await callRoute(stack.apiUrl, 'takeConfirmedEmail', {}, user.idToken);
    expect(taken.status).toBe(200);
    expect(taken.body.email).toBe(newEmail);
    expect((await callRoute(stack.apiUrl, 'getMe', {}, user.idToken)).body.email).toBe(newEmail);
    const told = await waitForEmail(stack.mailUrl, user.email, /Your e-mail address was changed/, { since });
    expect(told.body.text).toContain(newEmail);
    expect((await passwordSignIn(stack, newEmail, TEST_PASSWORD)).AuthenticationResult).toBeDefined();
    expect(await refusal(passwordSignIn(stack, user.email, TEST_PASSWORD))).toMatchObject({ name: 'NotAuthorizedException' });
  });

  it("holds a pro's payouts for a day, as a changed payout address does, says so to the old address, and voids its unsubscribe links", async () => {
    const { user, id } = await onboardedUser(stack, 'pro', { fullName: 'Pia Paid' });
    useStackEnvironment(stack);
    const { getUser } = await import('../../functions/people/data/users.js');
    const { unsubscribeLinks } = await import('../../functions/platform/mail-links.js');
    const tokenOf = async () => new URL(unsubscribeLinks((await getUser(id))!, 'marketing')!.link).searchParams.get('token')!;
    const old = await tokenOf();
    expect((await callRoute(stack.apiUrl, 'setPayoutAccount', { email: uniqueEmail('paypal') }, user.idToken)).body.pausedUntil).toBeNull();
    const tokens = await signInTokens(stack, user.email, TEST_PASSWORD, { mfa: false });
    const newEmail = uniqueEmail('taken-over');
    const since = Date.now();
    const code = await askFor(tokens.AccessToken!, newEmail);
    await cognitoClient(stack).send(
      new VerifyUserAttributeCommand({ AccessToken: tokens.AccessToken, AttributeName: 'email', Code: code }),
    );
    expect((await callRoute(stack.apiUrl, 'takeConfirmedEmail', {}, user.idToken)).body.email).toBe(newEmail);
    const account = (await callRoute(stack.apiUrl, 'getPayoutAccount', {}, user.idToken)).body;
    expect(Date.parse(account.pausedUntil) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    const told = await waitForEmail(stack.mailUrl, user.email, /Your e-mail address was changed/, { since });
    expect(told.body.text).toContain('Your payouts wait 24 hours after the change.');
    // A link in an e-mail to the old address no longer works; the new address's links do.
    expect((await callRoute(stack.apiUrl, 'unsubscribe', { token: old, kind: 'marketing' })).status).toBe(404);
    expect((await callRoute(stack.apiUrl, 'unsubscribe', { token: await tokenOf(), kind: 'marketing' })).status).toBe(200);
  });

  it("refuses another account's address, and a forged token", async () => {
    const { user } = await onboardedUser(stack, 'musician');
    const { user: other } = await onboardedUser(stack, 'musician');
    const tokens = await signInTokens(stack, user.email, TEST_PASSWORD, { mfa: false });
    const taken = await refusal(
      cognitoClient(stack).send(
        new UpdateUserAttributesCommand({ AccessToken: tokens.AccessToken, UserAttributes: [{ Name: 'email', Value: other.email }] }),
      ),
    );
    expect(taken.name).toBe('AliasExistsException');
    const [header, payload] = tokens.AccessToken!.split('.');
    const forged = await refusal(
      cognitoClient(stack).send(
        new UpdateUserAttributesCommand({
          AccessToken: `${header}.${payload}.x`,
          UserAttributes: [{ Name: 'email', Value: uniqueEmail('x') }],
        }),
      ),
    );
    expect(forged.name).toBe('NotAuthorizedException');
  });

  it('is not taken for a user by an admin acting as them', async () => {
    const { user, id } = await onboardedUser(stack, 'musician');
    const res = await asImpersonatingAdmin(stack, id, 'takeConfirmedEmail');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('not_while_impersonating');
    expect((await callRoute(stack.apiUrl, 'getMe', {}, user.idToken)).body.email).toBe(user.email);
  });
});
