import { describe, expect, inject, it } from 'vitest';
import {
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { callRoute } from '../support/api.js';
import { codeIn, linkIn, waitForEmail } from '../support/mail.js';
import { cognitoClient, createConfirmedUser, signIn, signUp, TEST_PASSWORD, uniqueEmail } from '../support/users.js';

const stack = inject('stack');

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

  it('refuses no genres, unknown genres and genres from a pro on the musician route', async () => {
    const user = await createConfirmedUser(stack);
    await callRoute(stack.apiUrl, 'chooseType', { type: 'musician' }, user.idToken);
    const none = await callRoute(stack.apiUrl, 'saveGenres', { genres: [] }, user.idToken);
    expect(none.status).toBe(400);
    expect(none.body.error.fields.genres).toBe('Please select at least one genre');
    expect((await callRoute(stack.apiUrl, 'saveGenres', { genres: ['Polka Fusion 3000'] }, user.idToken)).status).toBe(400);
    const pro = await createConfirmedUser(stack);
    await callRoute(stack.apiUrl, 'chooseType', { type: 'pro' }, pro.idToken);
    expect((await callRoute(stack.apiUrl, 'saveGenres', { genres: ['House'] }, pro.idToken)).status).toBe(403);
  });

  it('lets a musician-to-be change their mind before onboarding is complete', async () => {
    const user = await createConfirmedUser(stack);
    await callRoute(stack.apiUrl, 'chooseType', { type: 'musician' }, user.idToken);
    expect((await callRoute(stack.apiUrl, 'chooseType', { type: 'pro' }, user.idToken)).body.type).toBe('pro');
  });

  it('takes a pro through genres, cost range and experience, within the sliders\' bounds', async () => {
    const user = await createConfirmedUser(stack);
    await callRoute(stack.apiUrl, 'chooseType', { type: 'pro' }, user.idToken);
    const bad = [
      { genres: ['House'], costRange: { min: 160, max: 20 }, experience: 3 },
      { genres: ['House'], costRange: { min: 0, max: 201 }, experience: 3 },
      { genres: ['House'], costRange: { min: 0, max: 100 }, experience: 31 },
      { genres: ['House'], costRange: { min: 0, max: 100 }, experience: 0 },
    ];
    for (const input of bad) expect((await callRoute(stack.apiUrl, 'saveProProfile', input, user.idToken)).status).toBe(400);
    const ok = await callRoute(
      stack.apiUrl,
      'saveProProfile',
      { genres: ['Deep House'], costRange: { min: 50, max: 150 }, experience: 1 },
      user.idToken,
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ type: 'pro', genres: ['Deep House'], costRange: { min: 50, max: 150 }, experience: 1 });
  });
});

describe('the password policy', () => {
  it('refuses a sign-up password shorter than 6 characters, as Cognito does', async () => {
    const short = uniqueEmail('short');
    await expect(signUp(stack, { email: short, password: '12345' })).rejects.toMatchObject({ name: 'InvalidPasswordException', message: 'Password did not conform with policy: Password not long enough' });
    expect((await callRoute(stack.apiUrl, 'emailExists', { email: short })).body).toEqual({ exists: false });
    await expect(signUp(stack, { email: uniqueEmail('six'), password: '123456' })).resolves.toMatchObject({ UserConfirmed: false });
  });
});

describe('sign-in errors', () => {
  const attempt = (email: string, password: string) =>
    cognitoClient(stack)
      .send(new InitiateAuthCommand({ ClientId: stack.userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }))
      .then(() => 'signed in', (err: Error) => ({ name: err.name, message: err.message }));

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
  it('confirms a sign-up with the code in the e-mail\'s link', async () => {
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
    await client.send(new ConfirmSignUpCommand({ ClientId: stack.userPoolClientId, Username: email, ConfirmationCode: link.searchParams.get('code')! }));
    expect(await signIn(stack, email, TEST_PASSWORD)).toMatch(/^ey/);
  });

  it('resets a password with the code in the e-mail\'s link', async () => {
    const user = await createConfirmedUser(stack, { fullName: 'Fred Forgetful' });
    const since = Date.now();
    const client = cognitoClient(stack);
    await client.send(new ForgotPasswordCommand({ ClientId: stack.userPoolClientId, Username: user.email }));
    const mail = await waitForEmail(stack.mailUrl, user.email, /reset/i, { since });
    const link = new URL(linkIn(mail, '/reset-password'));
    expect(link.searchParams.get('email')).toBe(user.email);
    const reset = (Password: string) =>
      client.send(new ConfirmForgotPasswordCommand({ ClientId: stack.userPoolClientId, Username: user.email, ConfirmationCode: link.searchParams.get('code')!, Password }));
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
    const client = cognitoClient(stack);
    const first = await client.send(
      new InitiateAuthCommand({
        ClientId: stack.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
      }),
    );
    const refreshed = await client.send(
      new InitiateAuthCommand({
        ClientId: stack.userPoolClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: first.AuthenticationResult!.RefreshToken! },
      }),
    );
    const idToken = refreshed.AuthenticationResult!.IdToken!;
    expect(idToken).not.toBe(first.AuthenticationResult!.IdToken);
    expect((await callRoute(stack.apiUrl, 'getMe', {}, idToken)).status).toBe(200);
  });
});
