/**
 * TOTP MFA of admin accounts against the local user pool and the API: the pool checks codes as Cognito
 * does (RFC 6238, one step of drift), challenges every password sign-in once TOTP is on, binds the
 * challenge's session to its user, checks access tokens, keeps a sign-in's auth_time across refreshes;
 * the API gives admin routes only to sessions signed in after an authenticator set up through it, which
 * needs a recent sign-in, is audited and e-mailed; removing one needs a sign-in with a current code.
 */
import { createSign, generateKeyPairSync } from 'node:crypto';
import {
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminRespondToAuthChallengeCommand,
  AssociateSoftwareTokenCommand,
  ChangePasswordCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { RATE_LIMITS } from '../../functions/platform/rate-limits.js';
import {
  answerTotpChallenge,
  callRoute,
  cognitoClient,
  createConfirmedUser,
  passwordSignIn,
  refreshSession,
  setUpTotp,
  signInTokens,
  startOfAWindow,
  TEST_PASSWORD,
  waitForEmail,
  withAuthTime,
} from '../support/stack-kit.js';
import { totpCode } from '../support/totp.js';

const stack = inject('stack');
const client = () => cognitoClient(stack);
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
const nowSeconds = () => Math.floor(Date.now() / 1000);

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
    expect(
      await refusal(client().send(new VerifySoftwareTokenCommand({ AccessToken: tokens.AccessToken, UserCode: wrong }))),
    ).toMatchObject({
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
    expect(await refusal(respond(challenge.Session, username, bad))).toEqual({
      name: 'CodeMismatchException',
      message: 'Invalid code received for user',
    });
    expect(await refusal(respond(challenge.Session, username, '12345'))).toMatchObject({ name: 'CodeMismatchException' });
    const signedIn = await respond(challenge.Session, username, totpCode(secret!));
    expect(signedIn.AuthenticationResult?.IdToken).toMatch(/^ey/);
    // The session is spent.
    expect(await refusal(respond(challenge.Session, username, totpCode(secret!)))).toMatchObject({ name: 'NotAuthorizedException' });

    // TOTP set up past the API (straight with the pool, as any session's access token can): the API has no
    // record of it, so even an MFA sign-in gets no admin rights (admin-mfa.ts says why).
    const users = await callRoute(stack.apiUrl, 'listUsers', { type: 'all' }, signedIn.AuthenticationResult!.IdToken!);
    expect(users).toMatchObject({ status: 403, body: { error: { code: 'mfa_required' } } });
    expect((await callRoute(stack.apiUrl, 'getMe', {}, signedIn.AuthenticationResult!.IdToken!)).body).toMatchObject({ isAdmin: false });
    // The tokens refresh (the refresh token of a challenge's sign-in is kept), keeping their sign-in's time.
    const refreshed = await refreshSession(stack, signedIn.AuthenticationResult!.RefreshToken!);
    expect(refreshed.AuthenticationResult?.IdToken).toMatch(/^ey/);
    for (const kind of ['IdToken', 'AccessToken'] as const) {
      expect(claimsOf(refreshed.AuthenticationResult![kind]!).auth_time, kind).toBe(
        claimsOf(signedIn.AuthenticationResult![kind]!).auth_time,
      );
    }

    // Set up again through the API, from this fresh MFA sign-in (a replacement): a sign-in after it is an admin.
    await setUpTotp(stack, admin.email, signedIn.AuthenticationResult!);
    const again = await signInTokens(stack, admin.email, TEST_PASSWORD);
    expect((await callRoute(stack.apiUrl, 'listUsers', { type: 'all' }, again.IdToken!)).status).toBe(200);
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
      expect(await refusal(respond(challenge.Session, admin.email, totpCode(admin.totpSecret!, Date.now(), { stepOffset })))).toMatchObject(
        {
          name: 'CodeMismatchException',
        },
      );
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
    expect(await refusal(answer('000000' === totpCode(admin.totpSecret!) ? '111111' : '000000'))).toMatchObject({
      name: 'CodeMismatchException',
    });
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
    if (oldCode !== totpCode(next!))
      expect(await refusal(respond(challenge.Session, admin.email, oldCode))).toMatchObject({ name: 'CodeMismatchException' });
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
      expect(await refusal(client().send(new AssociateSoftwareTokenCommand({ AccessToken: token })))).toMatchObject({
        name: 'NotAuthorizedException',
      });
      expect(
        await refusal(client().send(new SetUserMFAPreferenceCommand({ AccessToken: token, SoftwareTokenMfaSettings: { Enabled: false } }))),
      ).toMatchObject({ name: 'NotAuthorizedException' });
    }

    // A second session of the same account, then a global sign-out from the first: both end.
    const second = await signInTokens(stack, admin.email, TEST_PASSWORD, { mfa: false });
    await new Promise((r) => setTimeout(r, 1100)); // tokens carry their issue time to the second
    await client().send(new GlobalSignOutCommand({ AccessToken: tokens.AccessToken }));
    expect(await refusal(client().send(new GetUserCommand({ AccessToken: second.AccessToken })))).toMatchObject({
      name: 'NotAuthorizedException',
    });
    expect(await refusal(refreshSession(stack, second.RefreshToken!))).toMatchObject({ name: 'NotAuthorizedException' });
  });

  it("changes a password as Cognito does: a valid token, the right previous password, the pool's policy", async () => {
    const user = await createConfirmedUser(stack);
    const tokens = await signInTokens(stack, user.email, TEST_PASSWORD, { mfa: false });
    const change = (AccessToken: string, PreviousPassword: string, ProposedPassword: string) =>
      client().send(new ChangePasswordCommand({ AccessToken, PreviousPassword, ProposedPassword }));
    const [header, payload] = tokens.AccessToken!.split('.');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = `${header}.${payload}.${createSign('RSA-SHA256').update(`${header}.${payload}`).sign(privateKey).toString('base64url')}`;
    expect(await refusal(change(forged, TEST_PASSWORD, 'another-pass-1'))).toMatchObject({ name: 'NotAuthorizedException' });
    expect(await refusal(change(tokens.AccessToken!, 'not-the-password', 'another-pass-1'))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(await refusal(change(tokens.AccessToken!, TEST_PASSWORD, 'short'))).toMatchObject({ name: 'InvalidPasswordException' });
    await change(tokens.AccessToken!, TEST_PASSWORD, 'another-pass-1');
    expect(await refusal(passwordSignIn(stack, user.email, TEST_PASSWORD))).toMatchObject({ name: 'NotAuthorizedException' });
    expect((await passwordSignIn(stack, user.email, 'another-pass-1')).AuthenticationResult?.AccessToken).toBeTruthy();
  });
});

describe('an authenticator set up through the API', () => {
  /** Admin routes, as an admin's session sees them. */
  const listUsers = (idToken: string) => callRoute(stack.apiUrl, 'listUsers', { type: 'all' }, idToken);

  it('shuts admin routes to every session signed in before it, refreshed or not', async () => {
    // Password-only sessions of an admin without TOTP: one left open, one that sets TOTP up.
    const { admin, tokens: before } = await adminWithoutTotp();
    await new Promise((r) => setTimeout(r, 1100)); // the pool revokes tokens by their issue time, to the second
    const setter = await signInTokens(stack, admin.email, TEST_PASSWORD, { mfa: false });
    const since = Date.now();
    const secret = await setUpTotp(stack, admin.email, setter);
    expect(
      (await client().send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: admin.email }))).UserMFASettingList,
    ).toEqual(['SOFTWARE_TOKEN_MFA']);

    // The account has TOTP on now, but neither session passed it: both are refused, with what to do.
    for (const session of [before, setter]) {
      const res = await listUsers(session.IdToken!);
      expect(res).toMatchObject({
        status: 403,
        body: { error: { code: 'mfa_required', message: expect.stringMatching(/began before your authenticator was set up/) } },
      });
      expect((await callRoute(stack.apiUrl, 'getMe', {}, session.IdToken!)).body).toMatchObject({ type: 'admin', isAdmin: false });
    }
    // Signed out everywhere: the old session cannot be refreshed into a new token, nor call the pool.
    expect(await refusal(refreshSession(stack, before.RefreshToken!))).toMatchObject({ name: 'NotAuthorizedException' });
    expect(await refusal(client().send(new AssociateSoftwareTokenCommand({ AccessToken: before.AccessToken })))).toMatchObject({
      name: 'NotAuthorizedException',
    });

    // A sign-in with the code opens them; the admin was told, and the audit has it.
    const after = await signInTokens(stack, admin.email, TEST_PASSWORD);
    expect((await listUsers(after.IdToken!)).status).toBe(200);
    const mail = await waitForEmail(stack.mailUrl, admin.email, /^A new authenticator was set up for your admin account$/, { since });
    expect(mail.body.text).toMatch(/If this was not you/);
    const adminId = (await callRoute(stack.apiUrl, 'getMe', {}, after.IdToken!)).body.id;
    const { enrolledAt } = (await callRoute(stack.apiUrl, 'getAuthenticator', {}, after.IdToken!)).body;
    const audit = (await callRoute(stack.apiUrl, 'listAudit', {}, after.IdToken!)).body.entries;
    expect(audit.find((e: { targetId: string }) => e.targetId === adminId)).toMatchObject({
      action: 'setUpAuthenticator',
      adminId,
      adminEmail: admin.email,
      targetEmail: admin.email,
      method: 'PUT',
      path: '/users/me/authenticator',
      status: 200,
      from: null,
      to: enrolledAt,
    });
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('lets nobody win by enrolling first past the API: TOTP on without the API record opens nothing', async () => {
    // A stale password-only session sets its own key up straight with the pool.
    const { admin, tokens: stale } = await adminWithoutTotp();
    const { SecretCode: theirs } = await client().send(new AssociateSoftwareTokenCommand({ AccessToken: stale.AccessToken }));
    await client().send(new VerifySoftwareTokenCommand({ AccessToken: stale.AccessToken, UserCode: totpCode(theirs!) }));
    await client().send(
      new SetUserMFAPreferenceCommand({ AccessToken: stale.AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }),
    );
    // Even a sign-in with that key's code is no admin; nor is the stale session.
    const challenge = await passwordSignIn(stack, admin.email, TEST_PASSWORD);
    const withTheirKey = await answerTotpChallenge(stack, challenge, admin.email, theirs!);
    for (const token of [withTheirKey.IdToken!, stale.IdToken!]) expect((await listUsers(token)).body.error.code).toBe('mfa_required');
    expect((await callRoute(stack.apiUrl, 'getAuthenticator', {}, withTheirKey.IdToken!)).body).toEqual({ totpOn: true, enrolledAt: null });
    // The stale session cannot record it through the API either (below: its sign-in is too old).
    const old = withAuthTime(stale.IdToken!, nowSeconds() - 6 * 60);
    const oldAccess = withAuthTime(stale.AccessToken!, nowSeconds() - 6 * 60);
    expect((await callRoute(stack.apiUrl, 'startAuthenticatorSetup', { accessToken: oldAccess }, old)).body.error.code).toBe(
      'recent_sign_in_required',
    );
  });

  it('needs a sign-in less than 5 minutes old to set one up or replace it', async () => {
    const { admin, tokens } = await adminWithoutTotp();
    const aged = (seconds: number) => ({
      IdToken: withAuthTime(tokens.IdToken!, nowSeconds() - seconds),
      AccessToken: withAuthTime(tokens.AccessToken!, nowSeconds() - seconds),
    });
    const start = (t: { IdToken: string; AccessToken: string }) =>
      callRoute(stack.apiUrl, 'startAuthenticatorSetup', { accessToken: t.AccessToken }, t.IdToken);

    const stale = aged(5 * 60 + 5);
    for (const res of [
      await start(stale),
      await callRoute(stack.apiUrl, 'confirmAuthenticator', { accessToken: stale.AccessToken, code: '123456' }, stale.IdToken),
    ]) {
      expect(res).toMatchObject({
        status: 403,
        body: { error: { code: 'recent_sign_in_required', message: expect.stringMatching(/less than 5 minutes old/) } },
      });
    }
    // A fresh ID token does not carry a stale access token through, nor another account's.
    expect((await start({ IdToken: tokens.IdToken!, AccessToken: stale.AccessToken })).body.error.code).toBe('recent_sign_in_required');
    const other = await adminWithoutTotp();
    expect((await start({ IdToken: tokens.IdToken!, AccessToken: other.tokens.AccessToken! })).body.error.code).toBe(
      'invalid_access_token',
    );
    // Not an admin: nothing to set up.
    const musician = await signInTokens(stack, (await createConfirmedUser(stack, { prefix: 'not-admin' })).email, TEST_PASSWORD);
    expect((await start({ IdToken: musician.IdToken!, AccessToken: musician.AccessToken! })).status).toBe(403);

    // Four minutes old is recent enough; a wrong first code is refused and changes nothing.
    const recent = aged(4 * 60);
    const started = await start(recent);
    expect(started.status).toBe(200);
    const wrong = String((Number(totpCode(started.body.secret)) + 1) % 1_000_000).padStart(6, '0');
    expect(
      (await callRoute(stack.apiUrl, 'confirmAuthenticator', { accessToken: recent.AccessToken, code: wrong }, recent.IdToken)).body.error
        .code,
    ).toBe('invalid_code');
    expect(
      (await client().send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: admin.email }))).UserMFASettingList ?? [],
    ).toEqual([]);
  });

  it(`starts ${RATE_LIMITS.authenticatorSetup.limit} set-ups an hour per admin, then 429 with Retry-After`, async () => {
    const { tokens } = await adminWithoutTotp();
    const start = () => callRoute(stack.apiUrl, 'startAuthenticatorSetup', { accessToken: tokens.AccessToken! }, tokens.IdToken!);
    const { limit } = RATE_LIMITS.authenticatorSetup;
    await startOfAWindow(30_000, 3600_000);
    for (let i = 0; i < limit; i++) expect((await start()).status).toBe(200);
    const refused = await start();
    expect(refused).toMatchObject({ status: 429, body: { error: { code: 'rate_limited' } } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('e-mails and audits a replacement, after which only the new key signs in as an admin', async () => {
    const admin = await createConfirmedUser(stack, { admin: true, prefix: 'replace' });
    const first = await signInTokens(stack, admin.email, TEST_PASSWORD);
    const firstAt = (await callRoute(stack.apiUrl, 'getAuthenticator', {}, first.IdToken!)).body.enrolledAt;
    const since = Date.now();
    const next = await setUpTotp(stack, admin.email, first);
    expect(next).not.toBe(admin.totpSecret);
    expect((await listUsers(first.IdToken!)).body.error.code).toBe('mfa_required');
    const second = await signInTokens(stack, admin.email, TEST_PASSWORD);
    expect((await listUsers(second.IdToken!)).status).toBe(200);
    await waitForEmail(stack.mailUrl, admin.email, /^A new authenticator was set up for your admin account$/, { since });
    const me = (await callRoute(stack.apiUrl, 'getMe', {}, second.IdToken!)).body.id;
    const entries = (await callRoute(stack.apiUrl, 'listAudit', {}, second.IdToken!)).body.entries.filter(
      (e: { targetId: string }) => e.targetId === me,
    );
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['replaceAuthenticator', 'setUpAuthenticator']);
    expect(entries[0]).toMatchObject({ from: firstAt });
  });

  it('removes one only for a sign-in with a current code', async () => {
    const admin = await createConfirmedUser(stack, { admin: true, prefix: 'remove' });
    const remove = (idToken: string) => callRoute(stack.apiUrl, 'removeAuthenticator', {}, idToken);
    const session = await signInTokens(stack, admin.email, TEST_PASSWORD);
    const { enrolledAt } = (await callRoute(stack.apiUrl, 'getAuthenticator', {}, session.IdToken!)).body;
    const enrolled = Math.ceil(Date.parse(enrolledAt) / 1000);

    // A sign-in from before the set-up gave no code of this key; one 3 minutes ago gave a code no longer current.
    const { useStackEnvironment } = await import('../support/in-process.js');
    useStackEnvironment(stack);
    const { setTotpEnrolledAt } = await import('../../functions/people/data/users.js');
    const me = (await callRoute(stack.apiUrl, 'getMe', {}, session.IdToken!)).body.id;
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    await setTotpEnrolledAt(me, tenMinutesAgo, []);
    for (const authTime of [Math.floor(Date.parse(tenMinutesAgo) / 1000) - 1, nowSeconds() - 3 * 60]) {
      const res = await remove(withAuthTime(session.IdToken!, authTime));
      expect(res, String(authTime - enrolled)).toMatchObject({ status: 403, body: { error: { code: 'recent_sign_in_required' } } });
    }
    expect(
      (await client().send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: admin.email }))).UserMFASettingList,
    ).toEqual(['SOFTWARE_TOKEN_MFA']);

    // Just signed in with a code: removed, audited, and admin routes need a new one.
    const since = Date.now();
    expect(await remove(session.IdToken!)).toMatchObject({ status: 200, body: { totpOn: false, enrolledAt: null } });
    expect(
      (await client().send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: admin.email }))).UserMFASettingList ?? [],
    ).toEqual([]);
    expect((await listUsers(session.IdToken!)).body.error.code).toBe('mfa_required');
    expect((await passwordSignIn(stack, admin.email, TEST_PASSWORD)).AuthenticationResult?.IdToken).toMatch(/^ey/);
    await waitForEmail(stack.mailUrl, admin.email, /^The authenticator of your admin account was removed$/, { since });
    const { pageAudit } = await import('../../functions/people/data/audit.js');
    expect((await pageAudit({ limit: 50 })).entries.find((e) => e.targetId === me && e.action === 'removeAuthenticator')).toMatchObject({
      adminId: me,
      method: 'DELETE',
      from: tenMinutesAgo,
      to: null,
    });
  });
});
