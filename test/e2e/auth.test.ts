import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, screenshot } from '../support/browser.js';
import {
  codeIn,
  cognitoClient,
  createConfirmedUser,
  ensureTotp,
  flows,
  linkIn,
  listEmails,
  uniqueEmail,
  waitForEmail,
} from '../support/stack-kit.js';
import { browserTests } from './fixtures.js';
import { adminSignInWithCode, DEMO_PASSWORD, pathOf, signInUi, submitSignIn, submitSignUp, waitForPath } from './helpers.js';

const e2e = browserTests();
const { stack } = e2e;

/**
 * The page reaches /login; if it does not, the failure says where it is and which session keys it holds. It
 * may take a while on a busy machine: a session read that cannot load the sign-in code is tried again after 1,
 * 3 and 9 s (web/src/lib/auth.tsx) before the page counts as signed out.
 */
async function sentToLogin(page: Page) {
  try {
    await waitForPath(page, '/login', 30_000);
  } catch (err) {
    const stored = await page
      .evaluate(() =>
        Object.keys(localStorage).filter((k) => k.startsWith('CognitoIdentityServiceProvider.') || k.startsWith('snip-test.')),
      )
      .catch(() => ['(unreadable)']);
    throw new Error(`${(err as Error).message}\nThe page is at ${page.url()}, storing: ${stored.join(', ') || 'nothing'}`);
  }
}

describe('sign-up and e-mail confirmation', () => {
  it('signs up, confirms through the e-mailed link, picks a type and genres and reaches the musician dashboard', async () => {
    const page = await e2e.page();
    const email = uniqueEmail('signup');
    await page.goto(`${stack.appUrl}/signup`);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Full name is required').waitFor();
    expect(await page.getByText('Email is required').isVisible()).toBe(true);
    expect(await page.getByText('Password is required').isVisible()).toBe(true);
    await page.getByLabel('Full Name').fill('Nora Newcomer');
    expect(await page.getByText('Full name is required').count()).toBe(0);
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Password').fill('secret-pass');
    await screenshot(page, 'signup');
    const since = Date.now();
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    expect(await page.getByTestId('check-email-address').textContent()).toBe(email);
    expect(await page.getByText("Didn't receive the email? Check your spam folder or try resending.").isVisible()).toBe(true);
    await screenshot(page, 'check-email');

    const mail = await waitForEmail(stack.mailUrl, email, /Confirm your e-mail/, { since });
    const link = linkIn(mail, '/email-confirmation');
    const url = new URL(link);
    expect(url.searchParams.get('email')).toBe(email);
    expect(url.searchParams.get('name')).toBe('Nora Newcomer');
    expect(url.searchParams.get('code')).toMatch(/^\d+$/);

    await page.goto(link);
    await page.getByTestId('email-confirmed').waitFor();
    expect(await page.getByText('Welcome, Nora Newcomer!').isVisible()).toBe(true);
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await screenshot(page, 'email-confirmed');
    await page.getByLabel('Password').fill('secret-pass');
    await page.getByRole('button', { name: 'Sign In' }).click();

    await waitForPath(page, '/onboarding/type');
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    const cont = page.getByRole('button', { name: 'Continue' });
    expect(await cont.isDisabled()).toBe(true);
    await page.getByTestId('type-musician').click();
    await cont.click();

    await waitForPath(page, '/onboarding/musician');
    await page.getByRole('heading', { name: 'Select Your Genres' }).waitFor();
    expect(await page.getByText('Choose the genres you work with').isVisible()).toBe(true);
    const button = page.getByTestId('genres-continue');
    expect(await button.textContent()).toBe('Select at least one genre');
    expect(await button.isDisabled()).toBe(true);
    expect(await page.getByTestId('genres-selected').textContent()).toBe('0 genre(s) selected');
    await page.getByTestId('genre-group-electronic-dance').click();
    await page.getByTestId('genre-chip-deep-house').click();
    await page.getByTestId('genre-chip-techno').click();
    await page.getByTestId('genre-group-jazz-blues').click();
    await page.getByTestId('genre-chip-smooth-jazz').click();
    expect(await page.getByTestId('genre-chip-techno').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('genre-count-electronic-dance').textContent()).toBe('2');
    expect(await page.getByTestId('genre-count-jazz-blues').textContent()).toBe('1');
    expect(await page.getByTestId('genres-selected').textContent()).toBe('3 genre(s) selected');
    expect(await button.textContent()).toBe('Continue');
    await button.click();

    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'Musician Experience' }).waitFor();
    await page.getByRole('heading', { name: 'Your Journey to Pro' }).waitFor();
    // A new account is welcomed, not welcomed back.
    expect(await page.getByText('Welcome, Nora.').isVisible()).toBe(true);
  });

  it('refuses an e-mail that is already registered', async () => {
    const page = await e2e.page();
    await page.goto(`${stack.appUrl}/signup`);
    await submitSignUp(page, 'Mia Again', 'musician@demo.test', 'demo-pass');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('A user with this email address has already been registered');
  });

  it('confirms with the code typed into the check-your-email panel, on a phone', async () => {
    const page = await e2e.page(PHONE);
    const email = uniqueEmail('code');
    await page.goto(`${stack.appUrl}/signup`);
    const since = Date.now();
    await submitSignUp(page, 'Cody Typed', email, 'secret-pass');
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await screenshot(page, 'check-email');
    const code = codeIn(await waitForEmail(stack.mailUrl, email, /Confirm your e-mail/, { since }));
    await page.getByLabel('Confirmation code').fill(code);
    await page.getByRole('button', { name: 'Confirm Email' }).click();
    await waitForPath(page, '/onboarding/type');
    await page.getByRole('heading', { name: 'How will you use Snip?' }).waitFor();
  });

  it('resends the confirmation e-mail', async () => {
    const page = await e2e.page();
    const email = uniqueEmail('resend');
    await page.goto(`${stack.appUrl}/signup`);
    const since = Date.now();
    await submitSignUp(page, 'Rhea Resend', email, 'secret-pass');
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await waitForEmail(stack.mailUrl, email, /Confirm your e-mail/, { since });

    await page.getByRole('button', { name: 'Resend confirmation email' }).click();
    await page.locator('.check-email .alert').waitFor();
    expect(await page.locator('.check-email .alert').textContent()).toBe('Confirmation email resent successfully');
    const deadline = Date.now() + 10_000;
    let mails = await listEmails(stack.mailUrl, email);
    while (mails.length < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      mails = await listEmails(stack.mailUrl, email);
    }
    expect(mails.length).toBeGreaterThanOrEqual(2);
    await page.goto(linkIn(mails[mails.length - 1], '/email-confirmation'));
    await page.getByTestId('email-confirmed').waitFor();
  });

  it('shows the check-your-email panel when an unconfirmed user signs in', async () => {
    const page = await e2e.page();
    const email = uniqueEmail('unconfirmed');
    await page.goto(`${stack.appUrl}/signup`);
    await submitSignUp(page, 'Una Confirmed', email, 'secret-pass');
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await submitSignIn(page, email, 'secret-pass');
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    expect(await page.getByTestId('check-email-address').textContent()).toBe(email);
  });
});

describe('sign-in', () => {
  it("checks the form and shows the service's message for a wrong password, in the form's words", async () => {
    const page = await e2e.page();
    await page.goto(`${stack.appUrl}/login`);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email is required').waitFor();
    expect(await page.getByText('Password is required').isVisible()).toBe(true);
    await submitSignIn(page, 'musician@demo.test', 'wrong');
    await page.getByText('Password must be at least 6 characters').waitFor();

    // What the user pool itself answers for this mistake:
    const serviceMessage = await cognitoClient(stack)
      .send(
        new InitiateAuthCommand({
          ClientId: stack.userPoolClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: 'musician@demo.test', PASSWORD: 'wrong-password' },
        }),
      )
      .then(
        () => 'signed in',
        (err: Error) => err.message,
      );
    // The pool speaks of a username; the form asked for an e-mail and says so.
    expect(serviceMessage).toBe('Incorrect username or password.');

    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Incorrect email or password.');
    expect(pathOf(page)).toBe('/login');
    await screenshot(page, 'login-error');
  });

  it('signed in by a stored session, as the browser tests are, stays signed out after Logout, in that tab and a new one', async () => {
    const page = await e2e.signedIn('pro@demo.test', '/dashboard');
    await page.getByRole('heading', { name: 'Pro Experience' }).waitFor();
    await page.getByTestId('sidebar').getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/');
    await page.goto(`${stack.appUrl}/dashboard`);
    await sentToLogin(page);
    const other = await page.context().newPage();
    await other.goto(`${stack.appUrl}/dashboard`);
    await sentToLogin(other);
  }, 90_000);

  it("returns a signed-out visitor who opens a request's link to it once signed in, on a phone", async () => {
    const { user: reviewer, id: reviewerId } = await flows.onboardedUser(stack, 'pro', { prefix: 'return-path' });
    const shareId = await flows.acceptedRequest(stack, reviewer, reviewerId);
    const page = await e2e.page(PHONE);
    await page.goto(`${stack.appUrl}/feedback/${shareId}`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/feedback/${shareId}`);
    await submitSignIn(page, reviewer.email, reviewer.password);
    await waitForPath(page, `/feedback/${shareId}`);
    await page.getByTestId('feedback-request').waitFor();
    await page.getByText('Thoughts?').first().waitFor();
  });

  it('signs in and out', async () => {
    const page = await e2e.page();
    await signInUi(page, 'pro@demo.test');
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'Pro Experience' }).waitFor();
    await page.getByTestId('sidebar').getByRole('button', { name: 'Logout' }).click();
    // The landing path: the front page.
    await waitForPath(page, '/');
    await page.getByRole('heading', { level: 1, name: 'Feedback on the exact second it is about.' }).waitFor();
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('CognitoIdentityServiceProvider')));
    expect(stored).toEqual([]);
    await page.goto(`${stack.appUrl}/dashboard`);
    await waitForPath(page, '/login');
  });
});

describe('forgot and reset password', () => {
  it('sends the reset e-mail, resets through its link and signs in with the new password', async () => {
    const user = await createConfirmedUser(stack, { fullName: 'Rita Reset', prefix: 'reset' });
    const page = await e2e.page();
    await page.goto(`${stack.appUrl}/login`);
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await waitForPath(page, '/forgot-password');
    await page.getByText('Remember your password? Sign in').waitFor();
    await page.getByLabel('Email').fill(user.email);
    const since = Date.now();
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByText(/password reset instructions/).waitFor();

    const mail = await waitForEmail(stack.mailUrl, user.email, /Reset your password/, { since });
    await page.goto(linkIn(mail, '/reset-password'));
    expect(await page.getByLabel('Reset Code').count()).toBe(0);
    await page.getByLabel('New Password', { exact: true }).fill('brand-new-pass');
    await page.getByLabel('Confirm New Password').fill('brand-new-typo');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm New Password').fill('brand-new-pass');
    expect(await page.getByText('Passwords do not match').count()).toBe(0);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password Updated').waitFor();
    expect(await page.getByText('Your password has been successfully reset. Redirecting to login...').isVisible()).toBe(true);
    const shownAt = Date.now();
    await waitForPath(page, '/login', 10_000);
    expect(Date.now() - shownAt).toBeGreaterThan(2000);

    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel('Password').fill('brand-new-pass');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await waitForPath(page, '/onboarding/type');
  });

  it('resets with the code typed by hand', async () => {
    const user = await createConfirmedUser(stack, { fullName: 'Carl Code', prefix: 'resetcode' });
    const page = await e2e.page(PHONE);
    await page.goto(`${stack.appUrl}/forgot-password`);
    await page.getByLabel('Email').fill(user.email);
    const since = Date.now();
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('button', { name: 'Enter reset code' }).click();
    await waitForPath(page, '/reset-password');
    const code = codeIn(await waitForEmail(stack.mailUrl, user.email, /Reset your password/, { since }));
    await page.getByLabel('Reset Code').fill(code);
    await page.getByLabel('New Password', { exact: true }).fill('typed-new-pass');
    await page.getByLabel('Confirm New Password').fill('typed-new-pass');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password Updated').waitFor();
    await waitForPath(page, '/login', 10_000);
    expect(await page.getByLabel('Email').inputValue()).toBe(user.email);
    await page.getByLabel('Password').fill('typed-new-pass');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await waitForPath(page, '/onboarding/type');
  });
});

describe('admin login', () => {
  it('lets a member of the admin group in, with the code of their authenticator app', async () => {
    const secret = await ensureTotp(stack, 'admin@demo.test', DEMO_PASSWORD);
    const page = await e2e.page();
    await page.goto(`${stack.appUrl}/admin/login`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to regular login' }).getAttribute('href')).toBe('/login');
    await adminSignInWithCode(page, secret);
  });

  it('refuses everyone else and signs them out', async () => {
    const page = await e2e.page();
    await page.goto(`${stack.appUrl}/admin/login`);
    await submitSignIn(page, 'musician@demo.test', DEMO_PASSWORD);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Access denied. Admin privileges required.');
    expect(pathOf(page)).toBe('/admin/login');
    await screenshot(page, 'admin-login-denied');
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('.accessToken')));
    expect(stored).toEqual([]);
    await page.goto(`${stack.appUrl}/dashboard`);
    await waitForPath(page, '/login');
  });
});
