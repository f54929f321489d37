import { describe, expect, inject, it } from 'vitest';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserPasswordCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { postFrom, randomLoopback } from '../support/loopback.js';
import {
  callRoute,
  codeIn,
  cognitoClient,
  createConfirmedUser,
  linkIn,
  passwordSignIn,
  refreshSession,
  signIn,
  signUp,
  TEST_PASSWORD,
  uniqueEmail,
  waitForEmail,
} from '../support/stack-kit.js';
import { onboard, testAdmin } from '../support/flows.js';
import { EMAIL_LOOKUPS_PER_MINUTE } from '../../functions/people/users.js';

const stack = inject('stack');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** POST /users/email-exists from a given loopback address (test/support/loopback.ts). */
const emailExistsFrom = (localAddress: string, email: string) =>
  postFrom(stack.apiUrl, '/users/email-exists', JSON.stringify({ email }), localAddress);

describe('POST /users/email-exists', () => {
  it('finds a registered e-mail, in any case, and not an unknown one', async () => {
    expect((await callRoute(stack.apiUrl, 'emailExists', { email: 'pro@demo.test' })).body).toEqual({ exists: true });
    expect((await callRoute(stack.apiUrl, 'emailExists', { email: 'PRO@Demo.Test' })).body).toEqual({ exists: true });
    expect((await callRoute(stack.apiUrl, 'emailExists', { email: uniqueEmail() })).body).toEqual({ exists: false });
  });

  it('counts a signed-up but unconfirmed account as registered', async () => {
    const email = uniqueEmail('unconfirmed');
    await signUp(stack, { email });
    expect((await callRoute(stack.apiUrl, 'emailExists', { email })).body).toEqual({ exists: true });
  });

  it('refuses a malformed e-mail with the spec message', async () => {
    const res = await callRoute(stack.apiUrl, 'emailExists', { email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.email).toBe('Email is invalid');
    const empty = await callRoute(stack.apiUrl, 'emailExists', { email: '' });
    expect(empty.body.error.fields.email).toBe('Email is required');
  });
});

describe('POST /users/email-exists, per client address', () => {
  it(`answers ${EMAIL_LOOKUPS_PER_MINUTE} lookups a minute, then 429 rate_limited, without affecting other clients`, async () => {
    // The window is the clock's minute: a run that crosses into the next one proves nothing and is done again.
    let limited;
    for (let attempt = 1; ; attempt++) {
      const minute = new Date().toISOString().slice(0, 16);
      const client = randomLoopback();
      for (let i = 0; i < EMAIL_LOOKUPS_PER_MINUTE; i++) {
        const res = await emailExistsFrom(client, i % 2 ? 'pro@demo.test' : uniqueEmail('limit'));
        expect(res.status, `lookup ${i + 1}`).toBe(200);
        expect(res.body).toEqual({ exists: i % 2 === 1 });
      }
      limited = await emailExistsFrom(client, 'pro@demo.test');
      if (new Date().toISOString().slice(0, 16) === minute || attempt === 3) break;
    }
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/wait a minute/i) });
    expect(Object.keys(limited.body)).toEqual(['error']);
    // Another client is unaffected.
    expect((await emailExistsFrom(randomLoopback(), 'pro@demo.test')).body).toEqual({ exists: true });
  });

  it('counts only well-formed lookups, and answers nothing but exists, for admins too', async () => {
    const client = randomLoopback();
    for (let i = 0; i < EMAIL_LOOKUPS_PER_MINUTE + 5; i++) expect((await emailExistsFrom(client, 'not-an-email')).status).toBe(400);
    const admin = await emailExistsFrom(client, 'admin@demo.test');
    expect({ status: admin.status, body: admin.body }).toEqual({ status: 200, body: { exists: true } });
  });
});

describe('POST /users/username-exists', () => {
  it('finds a taken username and not a free one', async () => {
    expect((await callRoute(stack.apiUrl, 'usernameExists', { username: 'miamusician' })).body).toEqual({ exists: true });
    expect((await callRoute(stack.apiUrl, 'usernameExists', { username: 'MiaMusician' })).body).toEqual({ exists: true });
    expect((await callRoute(stack.apiUrl, 'usernameExists', { username: `free${Date.now()}` })).body).toEqual({ exists: false });
  });

  it('refuses a malformed username', async () => {
    const res = await callRoute(stack.apiUrl, 'usernameExists', { username: 'no spaces!' });
    expect(res.status).toBe(400);
  });
});

describe('the user record', () => {
  it('is created on first call as a musician who has not chosen a type, with the requested username', async () => {
    const username = `newbie${Date.now() % 1_000_000}`;
    const user = await createConfirmedUser(stack, { fullName: 'Nina Newbie', username });
    const res = await callRoute(stack.apiUrl, 'getMe', {}, user.idToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: user.email,
      fullName: 'Nina Newbie',
      username,
      type: 'musician',
      typeChosen: false,
      isAdmin: false,
      genres: [],
      balanceCents: 0,
    });
    expect((await callRoute(stack.apiUrl, 'usernameExists', { username })).body).toEqual({ exists: true });
  });

  it('is made when the account is confirmed, before its first sign-in, with the chosen username reserved', async () => {
    const email = uniqueEmail('confirmed');
    const username = `early${Date.now() % 1_000_000}`;
    const since = Date.now();
    const client = cognitoClient(stack);
    await signUp(stack, { email, name: 'Erin Early', username });
    expect((await callRoute(stack.apiUrl, 'usernameExists', { username })).body).toEqual({ exists: false });
    const code = codeIn(await waitForEmail(stack.mailUrl, email, /confirm/i, { since }));
    await client.send(new ConfirmSignUpCommand({ ClientId: stack.userPoolClientId, Username: email, ConfirmationCode: code }));
    expect((await callRoute(stack.apiUrl, 'usernameExists', { username })).body).toEqual({ exists: true });
    const me = await callRoute(stack.apiUrl, 'getMe', {}, await signIn(stack, email, TEST_PASSWORD));
    expect(me.body).toMatchObject({ email, fullName: 'Erin Early', username, type: 'musician', typeChosen: false });
  });

  it('keeps usernames unique: a second account asking for a taken one gets a fresh suggestion', async () => {
    const username = `dupe${Date.now() % 1_000_000}`;
    const first = await createConfirmedUser(stack, { fullName: 'Dana Dupe', username });
    const second = await createConfirmedUser(stack, { fullName: 'Dana Dupe', username });
    const a = await callRoute(stack.apiUrl, 'getMe', {}, first.idToken);
    const b = await callRoute(stack.apiUrl, 'getMe', {}, second.idToken);
    expect(a.body.username).toBe(username);
    expect(b.body.username).not.toBe(username);
    expect(b.body.username).toMatch(/^danadupe\d{4}$/);
  });

  it('is created once when the first calls race', async () => {
    const user = await createConfirmedUser(stack, { fullName: 'Rae Race' });
    const results = await Promise.all(Array.from({ length: 5 }, () => callRoute(stack.apiUrl, 'getMe', {}, user.idToken)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.username)).size).toBe(1);
    expect(new Set(results.map((r) => r.body.createdAt)).size).toBe(1);
  });

  it('marks an admin as such and keeps them out of onboarding', async () => {
    const admin = await createConfirmedUser(stack, { admin: true });
    const res = await callRoute(stack.apiUrl, 'getMe', {}, admin.idToken);
    expect(res.body).toMatchObject({ isAdmin: true, type: 'admin', typeChosen: true });
    expect((await callRoute(stack.apiUrl, 'chooseType', { type: 'pro' }, admin.idToken)).status).toBe(403);
  });
});

describe('a deleted account', () => {
  it('is signed out (401), not an error, when its token arrives before its record was made', async () => {
    // Made by an operator, the account has no record until its first call (no confirmation trigger).
    const email = uniqueEmail('deleted');
    const client = cognitoClient(stack);
    const UserPoolId = stack.userPoolId;
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        TemporaryPassword: TEST_PASSWORD,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'name', Value: 'Gone Soon' },
        ],
      }),
    );
    await client.send(new AdminSetUserPasswordCommand({ UserPoolId, Username: email, Password: TEST_PASSWORD, Permanent: true }));
    const token = await signIn(stack, email, TEST_PASSWORD);
    await client.send(new AdminDeleteUserCommand({ UserPoolId, Username: email }));
    const res = await callRoute(stack.apiUrl, 'getMe', {}, token);
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/sign in to continue/i) });
  });

  it('is signed out when made through sign-up without a record (the trigger failed) and deleted before its first call', async () => {
    const user = await createConfirmedUser(stack, { prefix: 'deleted' });
    const sub = JSON.parse(Buffer.from(user.idToken.split('.')[1], 'base64url').toString()).sub as string;
    // The confirmation trigger tolerates failing to write the record; here it is as if it had.
    const db = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: stack.dynamoEndpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
    await db.send(new DeleteCommand({ TableName: stack.tableName, Key: { PK: `USER#${sub}`, SK: 'PROFILE' } }));
    await cognitoClient(stack).send(new AdminDeleteUserCommand({ UserPoolId: stack.userPoolId, Username: user.email }));
    for (const name of ['getMe', 'listTracks', 'listShares'] as const) {
      const res = await callRoute(stack.apiUrl, name, name === 'listShares' ? { as: 'author' } : {}, user.idToken);
      expect(res.status, name).toBe(401);
      expect(res.body.error.message).toMatch(/sign in to continue/i);
    }
  });
});

describe('the admin group', () => {
  const client = () => cognitoClient(stack);
  const group = (command: 'add' | 'remove', email: string) =>
    client().send(
      command === 'add'
        ? new AdminAddUserToGroupCommand({ UserPoolId: stack.userPoolId, Username: email, GroupName: 'admin' })
        : new AdminRemoveUserFromGroupCommand({ UserPoolId: stack.userPoolId, Username: email, GroupName: 'admin' }),
    );
  const me = async (token: string) => (await callRoute(stack.apiUrl, 'getMe', {}, token)).body;

  it('sets the type: joining makes an admin, leaving gives back the type chosen before', async () => {
    const user = await createConfirmedUser(stack, { prefix: 'promoted' });
    await onboard(stack, user, 'pro');
    expect(await me(user.idToken)).toMatchObject({ type: 'pro', isAdmin: false });

    await group('add', user.email);
    const adminToken = await signIn(stack, user.email, TEST_PASSWORD);
    expect(await me(adminToken)).toMatchObject({ type: 'admin', isAdmin: true, typeChosen: true });

    await group('remove', user.email);
    // Tokens carry their groups as of when they were issued, to the second.
    await sleep(1100);
    const formerToken = await signIn(stack, user.email, TEST_PASSWORD);
    expect(await me(formerToken)).toMatchObject({ type: 'pro', isAdmin: false, typeChosen: true, costRange: { min: 0, max: 50 } });
    expect(
      (await callRoute(stack.apiUrl, 'saveProProfile', { genres: ['House'], costRange: { min: 1, max: 2 }, experience: 2 }, formerToken))
        .status,
    ).toBe(200);

    // The admin token from before is still valid for a while, but it does not make them an admin again.
    expect(await me(adminToken)).toMatchObject({ type: 'pro', isAdmin: false });
    expect(await me(formerToken)).toMatchObject({ type: 'pro', isAdmin: false });
  });

  it('makes an admin who never chose a type a musician who chooses again', async () => {
    const admin = await createConfirmedUser(stack, { prefix: 'demoted', admin: true });
    expect(await me(admin.idToken)).toMatchObject({ type: 'admin', isAdmin: true });
    await group('remove', admin.email);
    const token = await signIn(stack, admin.email, TEST_PASSWORD);
    expect(await me(token)).toMatchObject({ type: 'musician', typeChosen: false, isAdmin: false });
    // Onboarding sees the corrected record: the type is theirs to choose again.
    expect((await callRoute(stack.apiUrl, 'chooseType', { type: 'pro' }, token)).body).toMatchObject({
      type: 'musician',
      typeChosen: true,
      proApplication: 'draft',
    });
  });

  it('corrects the record once when concurrent requests see the change', async () => {
    const user = await createConfirmedUser(stack, { prefix: 'racing' });
    expect(await me(user.idToken)).toMatchObject({ type: 'musician' });
    await group('add', user.email);
    const token = await signIn(stack, user.email, TEST_PASSWORD);
    const results = await Promise.all(Array.from({ length: 5 }, () => callRoute(stack.apiUrl, 'getMe', {}, token)));
    expect(results.map((r) => [r.status, r.body.type])).toEqual(Array(5).fill([200, 'admin']));
  });
});

describe('onboarding', () => {
  it('takes a musician through type and genres', async () => {
    const user = await createConfirmedUser(stack);
    const typed = await callRoute(stack.apiUrl, 'chooseType', { type: 'musician' }, user.idToken);
    expect(typed.body).toMatchObject({ type: 'musician', typeChosen: true });
    const saved = await callRoute(stack.apiUrl, 'saveGenres', { genres: ['House', 'Techno', 'House'] }, user.idToken);
    expect(saved.status).toBe(200);
    expect(saved.body.genres).toEqual(['House', 'Techno']);
    // Once onboarded the type is settled; only an admin changes it.
    expect((await callRoute(stack.apiUrl, 'chooseType', { type: 'pro' }, user.idToken)).status).toBe(409);
  });

  it('refuses no genres, unknown genres, and genres for an admin', async () => {
    const user = await createConfirmedUser(stack);
    await callRoute(stack.apiUrl, 'chooseType', { type: 'musician' }, user.idToken);
    const none = await callRoute(stack.apiUrl, 'saveGenres', { genres: [] }, user.idToken);
    expect(none.status).toBe(400);
    expect(none.body.error.fields.genres).toBe('Please select at least one genre');
    expect((await callRoute(stack.apiUrl, 'saveGenres', { genres: ['Polka Fusion 3000'] }, user.idToken)).status).toBe(400);
    // The profile page's flat list is accepted beside the onboarding's sub-genres.
    expect((await callRoute(stack.apiUrl, 'saveGenres', { genres: ['Hip Hop', 'Deep House'] }, user.idToken)).body.genres).toEqual([
      'Hip Hop',
      'Deep House',
    ]);
    const admin = await testAdmin(stack);
    expect((await callRoute(stack.apiUrl, 'saveGenres', { genres: ['House'] }, admin.idToken)).status).toBe(403);
  });

  it('lets a musician-to-be change their mind before onboarding is complete', async () => {
    const user = await createConfirmedUser(stack);
    await callRoute(stack.apiUrl, 'chooseType', { type: 'musician' }, user.idToken);
    expect((await callRoute(stack.apiUrl, 'chooseType', { type: 'pro' }, user.idToken)).body).toMatchObject({
      type: 'musician',
      proApplication: 'draft',
    });
    expect((await callRoute(stack.apiUrl, 'chooseType', { type: 'musician' }, user.idToken)).body).toMatchObject({
      type: 'musician',
      proApplication: null,
    });
  });

  it('makes nobody a pro by their own request: choosing pro files an application an admin decides', async () => {
    const user = await createConfirmedUser(stack, { fullName: 'Andie Applicant' });
    const chosen = await callRoute(stack.apiUrl, 'chooseType', { type: 'pro' }, user.idToken);
    expect(chosen.body).toMatchObject({ type: 'musician', typeChosen: true, proApplication: 'draft' });
    // Pro-only routes stay closed to an applicant.
    expect(
      (await callRoute(stack.apiUrl, 'saveProProfile', { genres: ['House'], costRange: { min: 1, max: 2 }, experience: 2 }, user.idToken))
        .status,
    ).toBe(403);
    expect((await callRoute(stack.apiUrl, 'setOwnPrice', { price: 15 }, user.idToken)).status).toBe(403);
    const bad = [
      { genres: ['House'], costRange: { min: 160, max: 20 }, experience: 3 },
      { genres: ['House'], costRange: { min: 0, max: 201 }, experience: 3 },
      { genres: ['House'], costRange: { min: 0, max: 100 }, experience: 31 },
      { genres: ['House'], costRange: { min: 0, max: 100 }, experience: 0 },
      { genres: [], costRange: { min: 0, max: 100 }, experience: 2 },
      { genres: ['House'], costRange: { min: 0, max: 100 }, experience: 2, featuredTrack: 'javascript:alert(1)' },
    ];
    for (const input of bad) expect((await callRoute(stack.apiUrl, 'applyForPro', input, user.idToken)).status).toBe(400);
    const input = {
      genres: ['Deep House'],
      costRange: { min: 50, max: 150 },
      experience: 6,
      credits: 'Mixed two EPs',
      featuredTrack: 'https://soundcloud.com/andie/one',
    };
    const applied = await callRoute(stack.apiUrl, 'applyForPro', input, user.idToken);
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ ...input, status: 'pending', fullName: 'Andie Applicant', reason: null });
    expect((await callRoute(stack.apiUrl, 'getMe', {}, user.idToken)).body).toMatchObject({
      type: 'musician',
      proApplication: 'pending',
      genres: ['Deep House'],
    });
    // One pending application at a time.
    expect((await callRoute(stack.apiUrl, 'applyForPro', input, user.idToken)).body.error.code).toBe('application_pending');
    expect((await callRoute(stack.apiUrl, 'getMyApplication', {}, user.idToken)).body.application).toMatchObject({ status: 'pending' });

    const admin = await testAdmin(stack);
    const pending = await callRoute(stack.apiUrl, 'listApplications', { status: 'pending' }, admin.idToken);
    expect(pending.body.applications.map((a: { userId: string }) => a.userId)).toContain(applied.body.userId);
    // Concurrent decisions: exactly one applies.
    const decisions = await Promise.all([
      callRoute(stack.apiUrl, 'decideApplication', { id: applied.body.userId, decision: 'approve' }, admin.idToken),
      callRoute(
        stack.apiUrl,
        'decideApplication',
        { id: applied.body.userId, decision: 'decline', reason: 'Not this time' },
        admin.idToken,
      ),
    ]);
    expect(decisions.map((d) => d.status).sort()).toEqual([200, 409]);
    const won = decisions.find((d) => d.status === 200)!.body.status as string;
    const me = (await callRoute(stack.apiUrl, 'getMe', {}, user.idToken)).body;
    expect(me).toMatchObject(
      won === 'approved' ? { type: 'pro', proApplication: 'approved' } : { type: 'musician', proApplication: 'declined' },
    );
    const mail = await waitForEmail(stack.mailUrl, user.email, /pro/i);
    expect(mail.body.text).toContain(won === 'approved' ? 'approved' : 'Not this time');
  });

  it('closes the application of someone an admin made a pro with the type toggle meanwhile', async () => {
    const user = await createConfirmedUser(stack, { fullName: 'Tia Toggled' });
    await callRoute(stack.apiUrl, 'chooseType', { type: 'pro' }, user.idToken);
    const { body } = await callRoute(
      stack.apiUrl,
      'applyForPro',
      { genres: ['Techno'], costRange: { min: 10, max: 20 }, experience: 1 },
      user.idToken,
    );
    const admin = await testAdmin(stack);
    expect((await callRoute(stack.apiUrl, 'setUserType', { id: body.userId, type: 'pro' }, admin.idToken)).status).toBe(200);
    expect(
      (await callRoute(stack.apiUrl, 'decideApplication', { id: body.userId, decision: 'decline', reason: 'No thanks' }, admin.idToken))
        .body.error.code,
    ).toBe('already_pro');
    expect((await callRoute(stack.apiUrl, 'decideApplication', { id: body.userId, decision: 'approve' }, admin.idToken)).body.status).toBe(
      'approved',
    );
    expect((await callRoute(stack.apiUrl, 'getMe', {}, user.idToken)).body).toMatchObject({ type: 'pro', proApplication: 'approved' });
    const pending = await callRoute(stack.apiUrl, 'listApplications', { status: 'pending' }, admin.idToken);
    expect(pending.body.applications.map((a: { userId: string }) => a.userId)).not.toContain(body.userId);
  });

  it('e-mails a declined applicant the reason and lets them apply again', async () => {
    const user = await createConfirmedUser(stack, { fullName: 'Dana Declined' });
    await callRoute(stack.apiUrl, 'chooseType', { type: 'pro' }, user.idToken);
    const input = { genres: ['Techno'], costRange: { min: 10, max: 20 }, experience: 1 };
    const { body } = await callRoute(stack.apiUrl, 'applyForPro', input, user.idToken);
    const admin = await testAdmin(stack);
    const noReason = await callRoute(
      stack.apiUrl,
      'decideApplication',
      { id: body.userId, decision: 'decline', reason: ' ' },
      admin.idToken,
    );
    expect(noReason.status).toBe(400);
    const declined = await callRoute(
      stack.apiUrl,
      'decideApplication',
      { id: body.userId, decision: 'decline', reason: 'Add a featured track we can hear.' },
      admin.idToken,
    );
    expect(declined.body).toMatchObject({ status: 'declined', reason: 'Add a featured track we can hear.' });
    const mail = await waitForEmail(stack.mailUrl, user.email, /^Your application to become a pro$/);
    expect(mail.body.text).toContain('Add a featured track we can hear.');
    expect((await callRoute(stack.apiUrl, 'getMe', {}, user.idToken)).body).toMatchObject({ type: 'musician', proApplication: 'declined' });
    expect((await callRoute(stack.apiUrl, 'applyForPro', { ...input, experience: 2 }, user.idToken)).body).toMatchObject({
      status: 'pending',
      experience: 2,
    });
    // Non-admins cannot decide, not even their own.
    expect((await callRoute(stack.apiUrl, 'decideApplication', { id: body.userId, decision: 'approve' }, user.idToken)).status).toBe(403);
    expect((await callRoute(stack.apiUrl, 'decideApplication', { id: 'no-such-user', decision: 'approve' }, admin.idToken)).status).toBe(
      404,
    );
  });
});

describe('the password policy', () => {
  it('refuses a sign-up password shorter than 6 characters, as Cognito does', async () => {
    const short = uniqueEmail('short');
    await expect(signUp(stack, { email: short, password: '12345' })).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password not long enough',
    });
    expect((await callRoute(stack.apiUrl, 'emailExists', { email: short })).body).toEqual({ exists: false });
    await expect(signUp(stack, { email: uniqueEmail('six'), password: '123456' })).resolves.toMatchObject({ UserConfirmed: false });
  });
});

describe('sign-in errors', () => {
  const attempt = (email: string, password: string) =>
    passwordSignIn(stack, email, password).then(
      () => 'signed in',
      (err: Error) => ({ name: err.name, message: err.message }),
    );

  it('answer an unknown e-mail and a wrong password alike, as the pool (no user existence errors) does in AWS', async () => {
    const incorrect = { name: 'NotAuthorizedException', message: 'Incorrect username or password.' };
    expect(await attempt('musician@demo.test', 'wrong-password')).toEqual(incorrect);
    expect(await attempt(uniqueEmail('nobody'), 'wrong-password')).toEqual(incorrect);
  });

  it('still tell an unconfirmed account with the right password to confirm its e-mail', async () => {
    const email = uniqueEmail('unconfirmed');
    await signUp(stack, { email });
    expect(await attempt(email, TEST_PASSWORD)).toMatchObject({ name: 'UserNotConfirmedException' });
  });
});

describe('account e-mails go through the local mail store', () => {
  it("confirms a sign-up with the code in the e-mail's link", async () => {
    const email = uniqueEmail('confirm');
    const since = Date.now();
    const client = cognitoClient(stack);
    await signUp(stack, { email, name: 'Cora Confirm' });
    const mail = await waitForEmail(stack.mailUrl, email, /confirm/i, { since });
    const link = new URL(linkIn(mail, '/email-confirmation'));
    expect(link.origin).toBe(stack.appUrl);
    expect(link.searchParams.get('email')).toBe(email);
    expect(link.searchParams.get('name')).toBe('Cora Confirm');
    expect(link.searchParams.get('code')).toBe(codeIn(mail));
    await expect(signIn(stack, email, TEST_PASSWORD)).rejects.toThrow(/not confirmed/i);
    await client.send(
      new ConfirmSignUpCommand({ ClientId: stack.userPoolClientId, Username: email, ConfirmationCode: link.searchParams.get('code')! }),
    );
    expect(await signIn(stack, email, TEST_PASSWORD)).toMatch(/^ey/);
  });

  it("resets a password with the code in the e-mail's link", async () => {
    const user = await createConfirmedUser(stack, { fullName: 'Fred Forgetful' });
    const since = Date.now();
    const client = cognitoClient(stack);
    await client.send(new ForgotPasswordCommand({ ClientId: stack.userPoolClientId, Username: user.email }));
    const mail = await waitForEmail(stack.mailUrl, user.email, /reset/i, { since });
    const link = new URL(linkIn(mail, '/reset-password'));
    expect(link.searchParams.get('email')).toBe(user.email);
    const reset = (Password: string) =>
      client.send(
        new ConfirmForgotPasswordCommand({
          ClientId: stack.userPoolClientId,
          Username: user.email,
          ConfirmationCode: link.searchParams.get('code')!,
          Password,
        }),
      );
    // The pool's minimum length holds here as in AWS.
    await expect(reset('short')).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    await reset('brand-new-pass');
    expect(await signIn(stack, user.email, 'brand-new-pass')).toMatch(/^ey/);
    await expect(signIn(stack, user.email, user.password)).rejects.toThrow();
  });
});

describe('sessions', () => {
  it('refresh with REFRESH_TOKEN_AUTH on the local pool, and the new ID token is accepted', async () => {
    const user = await createConfirmedUser(stack);
    const first = await passwordSignIn(stack, user.email, user.password);
    const refreshed = await refreshSession(stack, first.AuthenticationResult!.RefreshToken!);
    const idToken = refreshed.AuthenticationResult!.IdToken!;
    expect(idToken).not.toBe(first.AuthenticationResult!.IdToken);
    expect((await callRoute(stack.apiUrl, 'getMe', {}, idToken)).status).toBe(200);
  });
});
