/**
 * TOTP MFA of admin accounts against the local user pool and the API: the pool checks codes as Cognito
 * does (RFC 6238, one step of drift), challenges every password sign-in once TOTP is on, binds the
 * challenge's session to its user, checks access tokens; the API gives admin routes only to admin
 * accounts with TOTP on.
 */
import { createSign, generateKeyPairSync } from 'node:crypto';
import {
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminRespondToAuthChallengeCommand,
  AssociateSoftwareTokenCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { callRoute } from '../support/api.js';
import { totpCode } from '../support/totp.js';
import { answerTotpChallenge, cognitoClient, createConfirmedUser, passwordSignIn, signInTokens, TEST_PASSWORD } from '../support/users.js';

const stack = inject('stack');
const client = () => cognitoClient(stack);

/** The exception a pool call fails with (its name) and message. */
async function refusal(call: Promise<unknown>): Promise<{ name: string; message: string }> {
  try {
    await call;
  } catch (err) {
    return { name: (err as Error).name, message: (err as Error).message };
  }
  throw new Error('The call was not refused');
}

/** An admin whose password sign-in gave tokens (no TOTP yet), and those tokens. */
async function adminWithoutTotp() {
  const admin = await createConfirmedUser(stack, { admin: true, mfa: false, prefix: 'mfa' });
  const tokens = await signInTokens(stack, admin.email, TEST_PASSWORD, { mfa: false });
  return { admin, tokens };
}

const respond = (Session: string | undefined, USERNAME: string, code: string) =>
  client().send(
    new RespondToAuthChallengeCommand({
      ClientId: stack.userPoolClientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session,
      ChallengeResponses: { USERNAME, SOFTWARE_TOKEN_MFA_CODE: code },
    }),
  );

describe('an admin without TOTP', () => {
  it('signs in with the password alone, and the API refuses them every admin route', async () => {
    const { admin } = await adminWithoutTotp();
    expect(admin.idToken).toMatch(/^ey/);
    for (const name of ['listUsers', 'getSettings'] as const) {
      const res = await callRoute(stack.apiUrl, name, name === 'listUsers' ? { type: 'all' } : {}, admin.idToken);
      expect(res.status, name).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'mfa_required', message: expect.stringMatching(/two-factor authentication/) });
    }
    // Still the admin type (it follows the group), but not an admin for the API.
    expect((await callRoute(stack.apiUrl, 'getMe', {}, admin.idToken)).body).toMatchObject({ type: 'admin', isAdmin: false });
  });
});

describe('TOTP setup and sign-in in the local pool', () => {
  it('refuses a wrong first code, turns TOTP on with the right one, then challenges every sign-in', async () => {
    const { admin, tokens } = await adminWithoutTotp();
    const { SecretCode: secret } = await client().send(new AssociateSoftwareTokenCommand({ AccessToken: tokens.AccessToken }));
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // Only associated: nothing changes for the sign-in yet.
    expect((await passwordSignIn(stack, admin.email, TEST_PASSWORD)).AuthenticationResult?.IdToken).toMatch(/^ey/);

    const wrong = String((Number(totpCode(secret!)) + 1) % 1_000_000).padStart(6, '0');
    expect(await refusal(client().send(new VerifySoftwareTokenCommand({ AccessToken: tokens.AccessToken, UserCode: wrong })))).toMatchObject({
      name: 'EnableSoftwareTokenMFAException',
    });
    const verified = await client().send(new VerifySoftwareTokenCommand({ AccessToken: tokens.AccessToken, UserCode: totpCode(secret!) }));
    expect(verified.Status).toBe('SUCCESS');
    await client().send(
      new SetUserMFAPreferenceCommand({ AccessToken: tokens.AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }),
    );
    const account = await client().send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: admin.email }));
    expect(account).toMatchObject({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' });

    // The password alone no longer gives tokens: a challenge with a session, and nothing else.
    const challenge = await passwordSignIn(stack, admin.email, TEST_PASSWORD);
    expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(challenge.AuthenticationResult).toBeUndefined();
    expect(challenge.Session!.length).toBeGreaterThan(100);
    const username = challenge.ChallengeParameters!.USER_ID_FOR_SRP;

    // A wrong code is refused with Cognito's error and the same session takes the right one after it.
    const bad = String((Number(totpCode(secret!)) + 1) % 1_000_000).padStart(6, '0');
    expect(await refusal(respond(challenge.Session, username, bad))).toEqual({ name: 'CodeMismatchException', message: 'Invalid code received for user' });
    expect(await refusal(respond(challenge.Session, username, '12345'))).toMatchObject({ name: 'CodeMismatchException' });
    const signedIn = await respond(challenge.Session, username, totpCode(secret!));
    expect(signedIn.AuthenticationResult?.IdToken).toMatch(/^ey/);
    // The session is spent.
    expect(await refusal(respond(challenge.Session, username, totpCode(secret!)))).toMatchObject({ name: 'NotAuthorizedException' });

    // Tokens from the MFA sign-in open the admin routes.
    const users = await callRoute(stack.apiUrl, 'listUsers', { type: 'all' }, signedIn.AuthenticationResult!.IdToken!);
    expect(users.status).toBe(200);
    expect((await callRoute(stack.apiUrl, 'getMe', {}, signedIn.AuthenticationResult!.IdToken!)).body).toMatchObject({ isAdmin: true });
    // And they refresh (the refresh token of a challenge's sign-in is kept).
    const refreshed = await client().send(
      new InitiateAuthCommand({
        ClientId: stack.userPoolClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: signedIn.AuthenticationResult!.RefreshToken! },
      }),
    );
    expect(refreshed.AuthenticationResult?.IdToken).toMatch(/^ey/);
  });

  it('accepts the code of the step before or after (clock drift), not two steps away', async () => {
    const admin = await createConfirmedUser(stack, { admin: true, prefix: 'drift' });
    for (const stepOffset of [-1, 1]) {
      const challenge = await passwordSignIn(stack, admin.email, TEST_PASSWORD);
      const res = await respond(challenge.Session, admin.email, totpCode(admin.totpSecret!, Date.now(), { stepOffset }));
      expect(res.AuthenticationResult?.IdToken, `step ${stepOffset}`).toMatch(/^ey/);
    }
    const challenge = await passwordSignIn(stack, admin.email, TEST_PASSWORD);
    for (const stepOffset of [-3, 3]) {
      expect(await refusal(respond(challenge.Session, admin.email, totpCode(admin.totpSecret!, Date.now(), { stepOffset })))).toMatchObject({
        name: 'CodeMismatchException',
      });
    }
  });

  it('binds the session to its user: no code alone, and no other account, gets in', async () => {
    const [a, b] = await Promise.all([
      createConfirmedUser(stack, { admin: true, prefix: 'bound-a' }),
      createConfirmedUser(stack, { admin: true, prefix: 'bound-b' }),
    ]);
    // Without a password there is no session: a made-up one is refused, whatever the code.
    expect(await refusal(respond('x'.repeat(120), b.email, totpCode(b.totpSecret!)))).toMatchObject({ name: 'NotAuthorizedException' });
    // A's session (A's password) with B's name and B's code: refused.
    const challenge = await passwordSignIn(stack, a.email, TEST_PASSWORD);
    expect(await refusal(respond(challenge.Session, b.email, totpCode(b.totpSecret!)))).toMatchObject({ name: 'NotAuthorizedException' });
    // The session is still A's, and A's own code opens it (by e-mail or by Cognito user name).
    expect((await respond(challenge.Session, a.email, totpCode(a.totpSecret!))).AuthenticationResult?.IdToken).toMatch(/^ey/);
  });

  it('challenges an operator sign-in (AdminInitiateAuth) too', async () => {
    const admin = await createConfirmedUser(stack, { admin: true, prefix: 'operator' });
    const challenge = await client().send(
      new AdminInitiateAuthCommand({
        UserPoolId: stack.userPoolId,
        ClientId: stack.userPoolClientId,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: admin.email, PASSWORD: TEST_PASSWORD },
      }),
    );
    expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(challenge.AuthenticationResult).toBeUndefined();
    const answer = (code: string) =>
      client().send(
        new AdminRespondToAuthChallengeCommand({
          UserPoolId: stack.userPoolId,
          ClientId: stack.userPoolClientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: challenge.Session,
          ChallengeResponses: { USERNAME: admin.email, SOFTWARE_TOKEN_MFA_CODE: code },
        }),
      );
    expect(await refusal(answer('000000' === totpCode(admin.totpSecret!) ? '111111' : '000000'))).toMatchObject({ name: 'CodeMismatchException' });
    expect((await answer(totpCode(admin.totpSecret!))).AuthenticationResult?.IdToken).toMatch(/^ey/);
  });

  it('keeps the verified key in force until a new one is verified', async () => {
    const admin = await createConfirmedUser(stack, { admin: true, prefix: 'rekey' });
    const tokens = await signInTokens(stack, admin.email, TEST_PASSWORD);
    const { SecretCode: next } = await client().send(new AssociateSoftwareTokenCommand({ AccessToken: tokens.AccessToken }));
    expect(next).not.toBe(admin.totpSecret);
    // Only associated: the old key still signs in.
    let challenge = await passwordSignIn(stack, admin.email, TEST_PASSWORD);
    expect((await answerTotpChallenge(stack, challenge, admin.email, admin.totpSecret!)).IdToken).toMatch(/^ey/);
    // Verified: the new key replaces it.
    await client().send(new VerifySoftwareTokenCommand({ AccessToken: tokens.AccessToken, UserCode: totpCode(next!) }));
    challenge = await passwordSignIn(stack, admin.email, TEST_PASSWORD);
    const oldCode = totpCode(admin.totpSecret!);
    if (oldCode !== totpCode(next!)) expect(await refusal(respond(challenge.Session, admin.email, oldCode))).toMatchObject({ name: 'CodeMismatchException' });
    expect((await respond(challenge.Session, admin.email, totpCode(next!))).AuthenticationResult?.IdToken).toMatch(/^ey/);
  });
});

describe('access tokens of the account calls', () => {
  it('refuses a forged token, an ID token, and tokens revoked by a global sign-out', async () => {
    const { admin, tokens } = await adminWithoutTotp();
    const [header, payload] = tokens.AccessToken!.split('.');
    // The same claims signed with another key.
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = `${header}.${payload}.${createSign('RSA-SHA256').update(`${header}.${payload}`).sign(privateKey).toString('base64url')}`;
    for (const token of [forged, tokens.IdToken!]) {
      expect(await refusal(client().send(new AssociateSoftwareTokenCommand({ AccessToken: token })))).toMatchObject({ name: 'NotAuthorizedException' });
      expect(
        await refusal(client().send(new SetUserMFAPreferenceCommand({ AccessToken: token, SoftwareTokenMfaSettings: { Enabled: false } }))),
      ).toMatchObject({ name: 'NotAuthorizedException' });
    }

    // A second session of the same account, then a global sign-out from the first: both end.
    const second = await signInTokens(stack, admin.email, TEST_PASSWORD, { mfa: false });
    await new Promise((r) => setTimeout(r, 1100)); // tokens carry their issue time to the second
    await client().send(new GlobalSignOutCommand({ AccessToken: tokens.AccessToken }));
    expect(await refusal(client().send(new GetUserCommand({ AccessToken: second.AccessToken })))).toMatchObject({ name: 'NotAuthorizedException' });
    expect(
      await refusal(
        client().send(new InitiateAuthCommand({ ClientId: stack.userPoolClientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: second.RefreshToken! } })),
      ),
    ).toMatchObject({ name: 'NotAuthorizedException' });
  });
});
