/**
 * An account of one's own: /account, from the profile (and the sidebar's name; admins from their settings),
 * with a switch per kind of e-mail, the password change and 'Download my data'; and an e-mail's unsubscribe link, followed in a
 * browser that is not signed in, which stops that kind at once and can be undone. At desktop and phone
 * widths, axe-clean.
 */
import fs from 'node:fs';
import { UpdateUserAttributesCommand, VerifyUserAttributeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from '../support/browser.js';
import {
  callRoute,
  cognitoClient,
  createConfirmedUser,
  signInTokens,
  TEST_PASSWORD,
  type TestUser,
  uniqueEmail,
  waitForEmail,
} from '../support/stack-kit.js';
import { onboard, onboardedUser, requestFeedback, uploadTrack } from '../support/flows.js';
import { expectAccessible, expectFitsWidth, signInUi, toggleDigestsByKeyboard, waitForPath } from './helpers.js';
import { browserTests } from './fixtures.js';

const e2e = browserTests();
const { stack } = e2e;
const suffix = Math.floor(1000 + Math.random() * 9000);

let ana: TestUser;
/** The reader of an e-mail's unsubscribe link: not Ana, whose change of address (below) voids her links. */
let una: TestUser;
let unsubscribeUrl: string;

beforeAll(async () => {
  ana = await createConfirmedUser(stack, { fullName: `Ana Account${suffix}`, prefix: 'acct-a' });
  const anaId = await onboard(stack, ana, 'musician');
  una = await createConfirmedUser(stack, { fullName: `Una Unsubscribe${suffix}`, prefix: 'acct-u' });
  const unaId = await onboard(stack, una, 'musician');
  const asker = await createConfirmedUser(stack, { fullName: `Ike Asker${suffix}`, prefix: 'acct-i' });
  await onboard(stack, asker, 'musician');
  const track = await uploadTrack(stack, asker, `Unsubscribe ${suffix}`, { seconds: 2 });
  const since = Date.now();
  await requestFeedback(stack, asker, unaId, track.id, { feedbackNotes: 'Thoughts?', context: 'mix_check' });
  // Ana is asked too: her data's download lists it.
  await requestFeedback(stack, asker, anaId, track.id, { feedbackNotes: 'Thoughts?', context: 'mix_check' });
  const mail = await waitForEmail(stack.mailUrl, una.email, new RegExp(`Feedback requested: Unsubscribe ${suffix}`), { since });
  const href = [...(mail.body.html ?? '').matchAll(/href="([^"]+)"/g)]
    .map((m) => m[1].replaceAll('&amp;', '&'))
    .find((l) => l.includes('/unsubscribe?'));
  expect(href).toBeDefined();
  unsubscribeUrl = href!;
});

const preferencesOf = async (user: TestUser) => (await callRoute(stack.apiUrl, 'getMe', {}, user.idToken)).body.mailPreferences;
const preferences = () => preferencesOf(ana);

describe('the account page', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('opens from the profile, with a switch per kind of e-mail that saves at once (%s)', async (name, viewport) => {
    const page = await e2e.signedIn(ana, '/dashboard', viewport);
    await page.goto(`${stack.appUrl}/profile`);
    await page.getByTestId('profile-account-link').click();
    await waitForPath(page, '/account');
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
    // From the keyboard: the switch keeps the focus through its save (a disabled one would drop it).
    const on = await toggleDigestsByKeyboard(page);
    expect((await preferences()).digests).toBe(!on);
    await page.reload();
    expect(await page.getByRole('checkbox', { name: /Comment digests/ }).isChecked()).toBe(!on);
    await expectFitsWidth(page);
    await expectAccessible(page, `account page (${name})`);
    await screenshot(page, `account-${name}`);
  });

  it('changes the password with the current one, and the new one signs in', async () => {
    const page = await e2e.signedIn(ana, '/dashboard');
    await page.getByRole('link', { name: `Your account: ${ana.fullName}` }).click();
    await waitForPath(page, '/account');
    const form = page.getByTestId('change-password-form');
    const newPassword = `${ana.password}-new`;
    await form.getByLabel('Current password').fill('not-the-password');
    await form.getByLabel('New password', { exact: true }).fill(newPassword);
    await form.getByLabel('Confirm new password').fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Your current password is not right.').waitFor();

    // The directory dates changes to the second, and a change in the sign-in's own second is not told (it
    // could be the sign-up's confirmation): a quick run waits for the next second.
    const authTime = await page.evaluate(() => {
      const idToken = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
      return (
        JSON.parse(atob(localStorage.getItem(idToken!)!.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { auth_time: number }
      ).auth_time;
    });
    await new Promise((r) => setTimeout(r, Math.max(0, (authTime + 1) * 1000 + 50 - Date.now())));
    const since = Date.now();
    await form.getByLabel('Current password').fill(ana.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByTestId('password-changed').waitFor();
    ana = { ...ana, password: newPassword };
    // The account's address hears of it, in case the change was not the owner's.
    await waitForEmail(stack.mailUrl, ana.email, /^Your password was changed$/, { since });

    const fresh = await e2e.page();
    await signInUi(fresh, ana);
    await waitForPath(fresh, '/dashboard');
  });

  it("downloads the user's data as a JSON file", async () => {
    const page = await e2e.signedIn(ana, '/dashboard');
    await page.goto(`${stack.appUrl}/account`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^snip-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
    expect(data.account.email).toBe(ana.email);
    expect(data.requestsReceived.map((r: { trackTitle: string }) => r.trackTitle)).toEqual([`Unsubscribe ${suffix}`]);
    await page.getByText('Your data was downloaded.').waitFor();
  });

  it('changes the sign-in address with a code sent to the new one, and tells the old one', async () => {
    const page = await e2e.signedIn(ana, '/dashboard');
    await page.goto(`${stack.appUrl}/account`);
    const panel = page.getByTestId('account-email');
    const newEmail = `a-new-${suffix}-${Date.now() % 100000}@example.test`;
    const since = Date.now();
    await panel.getByLabel('New e-mail address').fill(newEmail);
    await panel.getByRole('button', { name: 'Send a code' }).click();
    await panel.getByText(`We sent a code to ${newEmail}.`).waitFor();
    const mail = await waitForEmail(stack.mailUrl, newEmail, /Confirm your new e-mail address/, { since });
    const code = (mail.body.html ?? '').match(/<strong[^>]*>(\d{4,8})<\/strong>/)?.[1];
    expect(code).toBeDefined();
    await panel.getByLabel('Code').fill(code!);
    await panel.getByRole('button', { name: 'Confirm new address' }).click();
    await panel.getByTestId('email-changed').getByText(`Your e-mail address is now ${newEmail}.`).waitFor();
    await waitForEmail(stack.mailUrl, ana.email, /Your e-mail address was changed/, { since });
    await expectAccessible(page, 'account page, address changed');
    ana = { ...ana, email: newEmail };
    const fresh = await e2e.page();
    await signInUi(fresh, ana);
    await waitForPath(fresh, '/dashboard');
  });

  it('takes an address confirmed while the page was closed at the next sign-in', async () => {
    const { user } = await onboardedUser(stack, 'musician', { fullName: `Cal Closed${suffix}` });
    // The app's Cognito calls, made as a closed tab would have made them, without the record's.
    const tokens = await signInTokens(stack, user.email, TEST_PASSWORD, { mfa: false });
    const newEmail = uniqueEmail('closed');
    const since = Date.now();
    await cognitoClient(stack).send(
      new UpdateUserAttributesCommand({ AccessToken: tokens.AccessToken, UserAttributes: [{ Name: 'email', Value: newEmail }] }),
    );
    const mail = await waitForEmail(stack.mailUrl, newEmail, /Confirm your new e-mail address/, { since });
    const code = (mail.body.html ?? '').match(/<strong[^>]*>(\d{4,8})<\/strong>/)?.[1];
    await cognitoClient(stack).send(
      new VerifyUserAttributeCommand({ AccessToken: tokens.AccessToken, AttributeName: 'email', Code: code }),
    );
    expect((await callRoute(stack.apiUrl, 'getMe', {}, user.idToken)).body.email).toBe(user.email);

    const page = await e2e.signedIn({ ...user, email: newEmail }, '/dashboard');
    await page.goto(`${stack.appUrl}/account`);
    await page.getByText(`Signed in as ${newEmail}`).waitFor();
    expect((await callRoute(stack.apiUrl, 'getMe', {}, user.idToken)).body.email).toBe(newEmail);
  });

  it('is open to admins, from their settings', async () => {
    const page = await e2e.signedIn('admin@demo.test', '/admin/users');
    await page.goto(`${stack.appUrl}/admin/settings`);
    await page.getByTestId('admin-account-link').click();
    await waitForPath(page, '/account');
    await page.getByRole('heading', { level: 2, name: 'E-mails' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Password' }).waitFor();
  });
});

describe("an e-mail's unsubscribe link", () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    'stops that kind of e-mail without signing in, and sends the reader to the account page to undo it (%s)',
    async (name, viewport) => {
      const page = await e2e.page(viewport);
      await page.goto(unsubscribeUrl);
      await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
      await page.getByText(/You will no longer get e-mails about feedback requests at a\*\*\*@example\.test\./).waitFor();
      expect((await preferencesOf(una)).requests).toBe(false);
      await expectFitsWidth(page);
      await expectAccessible(page, `unsubscribe page (${name})`);
      await screenshot(page, `unsubscribe-${name}`);
      // A link only stops e-mails: turning them back on is the signed-in account page's.
      expect(await page.getByRole('button').count()).toBe(0);
      await page.getByText('Changed your mind? Turn them back on, and choose every kind of e-mail, on').waitFor();
      expect(await page.getByRole('link', { name: 'your account page' }).count()).toBe(1);
      expect((await callRoute(stack.apiUrl, 'saveMailPreferences', { requests: true }, una.idToken)).status).toBe(200);
    },
  );

  it('says so when the link was altered, changing nothing', async () => {
    const page = await e2e.page();
    const altered = new URL(unsubscribeUrl);
    altered.searchParams.set('token', `${altered.searchParams.get('token')}x`);
    await page.goto(altered.toString());
    await page.getByRole('heading', { name: 'We could not change your e-mails' }).waitFor();
    await page.getByText(/This unsubscribe link is not valid/).waitFor();
    expect((await preferencesOf(una)).requests).toBe(true);
  });
});
