/**
 * Small steps the browser tests share: signing up and in through the UI, waiting for a path, onboarding's
 * first step, the cards and rows the screens list, a session looked at in a second window, the
 * accessibility checks.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { DESKTOP, launchBrowser, newContext, type Viewport } from '../support/browser.js';
import type { WebKitBrowser } from '../support/webkit-page.js';
import { totpCode } from '../support/totp.js';
import { ensureTotp, signInTokens, totpSecretOf } from '../support/users.js';
import { DEMO_PASSWORD } from '../../scripts/seed/demo-users.js';

export { DEMO_PASSWORD };
export { expectAccessible, expectVisibleFocus } from '../support/a11y.js';
export { launchBrowser };

/** Who signs in: a demo account by its e-mail (with the demo password), or a user with their own password. */
export type Account = string | { email: string; password: string };

const credentials = (who: Account) => (typeof who === 'string' ? { email: who, password: DEMO_PASSWORD } : who);

/** The screens of someone not signed in, each in its own card. */
export const SIGNED_OUT_SCREENS = ['/login', '/signup', '/forgot-password', '/reset-password', '/admin/login', '/email-confirmation'];

export async function waitForPath(page: Page, pathname: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout });
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * The account page's 'Comment digests' switch pressed from the keyboard: saved (the status says so) with the
 * focus still on it (a disabled switch would drop it). Whether it was on before.
 */
export async function toggleDigestsByKeyboard(page: Page): Promise<boolean> {
  const digests = page.getByRole('checkbox', { name: /Comment digests/ });
  const on = await digests.evaluate((el: HTMLInputElement) => el.checked);
  await digests.focus();
  await page.keyboard.press('Space');
  await page
    .getByTestId('mail-pref-status')
    .getByText(`Saved: Comment digests ${on ? 'off' : 'on'}.`)
    .waitFor();
  expect(await digests.evaluate((el: HTMLElement) => el === document.activeElement)).toBe(true);
  return on;
}

/**
 * Puts `value` in a form field, as typing it would. Firefox driven over WebDriver BiDi sets a filled value
 * without the input event React reads (the field shows it, the form's state stays empty), so there it is
 * typed key by key, as a user types it.
 */
export async function fillField(field: Locator, value: string): Promise<void> {
  if (field.page().context().browser()?.browserType().name() !== 'firefox') return field.fill(value);
  await field.fill('');
  await field.pressSequentially(value);
}

/** Types the authenticator's current code into the two-factor step and verifies it. */
export async function enterTotpCode(page: Page, secret: string): Promise<void> {
  await fillField(page.getByLabel('6-digit code'), totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/**
 * On /admin/login: signs in as the demo admin with the authenticator's code (`secret`, from ensureTotp) and
 * lands on the user list.
 */
export async function adminSignInWithCode(page: Page, secret: string): Promise<void> {
  await submitSignIn(page, 'admin@demo.test', DEMO_PASSWORD);
  await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
  await enterTotpCode(page, secret);
  await waitForPath(page, '/admin/users');
  await page.getByRole('heading', { name: 'Users' }).waitFor();
}

/** The status of the latest payout on the pro's profile, once PayPal has settled it (the page reloaded until then). */
export async function expectLatestPayout(page: Page, status: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByTestId('payouts-card').getByTestId('payout-status').first().textContent();
      },
      { timeout: 20_000, interval: 1_000 },
    )
    .toBe(status);
}

/** Fills the sign-in form in front of the page (/login or /admin/login) and sends it. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await fillField(page.getByLabel('Email'), email);
  await fillField(page.getByLabel('Password'), password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Fills the sign-up form in front of the page and sends it. */
export async function submitSignUp(page: Page, fullName: string, email: string, password: string): Promise<void> {
  await page.getByLabel('Full Name').fill(fullName);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

/**
 * Signs in on /login (or the given login page) as a user would. An account with an authenticator key
 * known to the tests (admins: the demo admin's fixed one, those test support set up) has TOTP on
 * beforehand, and the code step is answered.
 */
export async function signInUi(page: Page, who: Account, loginPath = '/login'): Promise<void> {
  const stack = inject('stack');
  const { email, password } = credentials(who);
  const secret = totpSecretOf(email) && (await ensureTotp(stack, email, password));
  await page.goto(`${stack.appUrl}${loginPath}`);
  await submitSignIn(page, email, password);
  if (secret) {
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    await enterTotpCode(page, secret);
  }
}

/**
 * Where Amplify keeps a signed-in session (the browser's localStorage): the account's tokens as its sign-in
 * stores them, for the app's origin.
 */
async function storedSession(who: Account) {
  const stack = inject('stack');
  const { email, password } = credentials(who);
  if (totpSecretOf(email)) await ensureTotp(stack, email, password);
  const tokens = await signInTokens(stack, email, password);
  const claims = JSON.parse(Buffer.from(tokens.AccessToken!.split('.')[1], 'base64url').toString()) as { username?: string; sub: string };
  const username = claims.username ?? claims.sub;
  const key = `CognitoIdentityServiceProvider.${stack.userPoolClientId}`;
  return {
    [`${key}.LastAuthUser`]: username,
    [`${key}.${username}.accessToken`]: tokens.AccessToken!,
    [`${key}.${username}.idToken`]: tokens.IdToken!,
    [`${key}.${username}.refreshToken`]: tokens.RefreshToken!,
    [`${key}.${username}.clockDrift`]: '0',
    [`${key}.${username}.signInDetails`]: JSON.stringify({ loginId: email, authFlowType: 'USER_PASSWORD_AUTH' }),
  };
}

/** The key that says a context's session was stored: once, so a sign-out in it stays signed out, in every tab. */
const SESSION_STORED = 'snip-test.session-stored';

/**
 * A new browser context signed in as the account, opened at `landing`: the session is stored as the app's
 * sign-in stores it, and the page opens as it does for someone who signed in earlier. Drawing the sign-in
 * form for every test cost a page load and a sign-in each; the sign-in screens have tests of their own
 * (auth, mfa, accessibility) through signInUi. The session goes in before the app's first script runs, in
 * the context's first document of the app's origin: Playwright's own storageState opens, loads and closes
 * a page of its own for it, a sixth of a signed-in page's cost in the browser (measured: 1.28 core-s a
 * dashboard opened, 1.09 this way).
 */
export async function signedInPage(browser: Browser, who: Account, landing: string, viewport: Viewport = DESKTOP) {
  const appUrl = inject('stack').appUrl;
  const [context, session] = await Promise.all([newContext(browser, { viewport }), storedSession(who)]);
  await context.addInitScript(
    ({ origin, items, marker }) => {
      if (location.origin !== origin || localStorage.getItem(marker)) return;
      for (const [name, value] of Object.entries(items)) localStorage.setItem(name, value);
      localStorage.setItem(marker, '1');
    },
    { origin: new URL(appUrl).origin, items: session, marker: SESSION_STORED },
  );
  const page = await context.newPage();
  await page.goto(`${appUrl}${landing}`);
  await waitForPath(page, landing);
  return { context, page };
}

/**
 * The same in WebKitGTK, whose WebDriver runs no script before a page's own: the session is stored from a
 * page of the app's origin that runs none (its runtime configuration), and then the landing page opens.
 */
export async function signedInWebKitPage(browser: WebKitBrowser, who: Account, landing: string, viewport: Viewport = DESKTOP) {
  const appUrl = inject('stack').appUrl;
  const [opened, session] = await Promise.all([browser.newPage(viewport), storedSession(who)]);
  const { page } = opened;
  await page.goto(`${appUrl}/config.json`);
  await page.evaluate((items) => {
    for (const [name, value] of Object.entries(items)) localStorage.setItem(name, value);
  }, session);
  await page.goto(`${appUrl}${landing}`);
  await waitForPath(page, landing);
  return opened;
}

const TYPE_STEPS = { musician: 'Select Your Genres', pro: 'Complete Your Profile' } as const;

/** On onboarding's first step: picks the type and continues to that type's own step, until its heading shows. */
export async function chooseType(page: Page, type: keyof typeof TYPE_STEPS): Promise<void> {
  await page.getByTestId(`type-${type}`).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await waitForPath(page, `/onboarding/${type}`);
  await page.getByRole('heading', { name: TYPE_STEPS[type] }).waitFor();
}

/** Nothing on the page is wider than its window: no sideways scrolling. A failure names what sticks out. */
export async function expectFitsWidth(page: Page, message?: string): Promise<void> {
  const { scrollWidth, over } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > width + 0.5)
      // What an ancestor clips does not widen the page.
      .filter((e) => {
        for (let a = e.parentElement; a && a !== document.body; a = a.parentElement)
          if (getComputedStyle(a).overflowX !== 'visible') return false;
        return true;
      })
      .slice(-3)
      .map((e) => {
        const name = `${e.tagName.toLowerCase()}${typeof e.className === 'string' && e.className ? `.${e.className.trim().split(/\s+/).join('.')}` : ''}`;
        const within = e.parentElement?.closest('[data-testid]')?.getAttribute('data-testid');
        return within ? `${name} in ${within}` : name;
      });
    // Else what overflows its own box without a box of its own (text, a pseudo-element): the innermost such.
    if (!out.length) {
      const wide = [...document.querySelectorAll('body *')].filter(
        (e) => e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0 && getComputedStyle(e).overflowX === 'visible',
      );
      const inner = wide.filter((e) => !wide.some((o) => o !== e && e.contains(o))).slice(-3);
      out.push(...inner.map((e) => `${e.tagName.toLowerCase()}.${String(e.className)} (${e.textContent?.slice(0, 40)})`));
    }
    return { scrollWidth: document.documentElement.scrollWidth, over: out };
  });
  expect(scrollWidth, `${message ?? 'the page'} sticks out: ${over.join(', ')}`).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/**
 * The page's session in a second window of `viewport`, opened at `path`: once `ready` it must fit the
 * window's width; then `steps` run in it, and the window is closed.
 */
export async function inSecondWindow(
  page: Page,
  viewport: Viewport,
  path: string,
  ready: (p: Page) => Promise<unknown>,
  steps: (p: Page) => Promise<unknown> = async () => {},
): Promise<void> {
  const second = await newContext(page.context().browser()!, { viewport, storageState: await page.context().storageState() });
  try {
    const p = await second.newPage();
    await p.goto(`${inject('stack').appUrl}${path}`);
    await ready(p);
    await expectFitsWidth(p);
    await steps(p);
  } finally {
    await second.close();
  }
}

/** The visible text of the first element matching a test id. */
export async function textOf(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).first().textContent())?.trim() ?? '';
}

/** A row of the track list, by the track's title. */
export const trackRow = (page: Page, title: string): Locator =>
  page.getByTestId('track-row').filter({ has: page.getByTestId('track-title').getByText(title, { exact: true }) });

/** A request in the Feedback Hub, by its track's title. */
export const hubItemTitled = (page: Page, title: string): Locator =>
  page
    .getByTestId('feedback-hub')
    .getByTestId('share-item')
    .filter({ has: page.getByTestId('share-title').getByText(title, { exact: true }) });

/** Sends the review written in `within` (its form, or its request in the hub), confirming when asked. */
export async function submitReview(page: Page, within: Locator): Promise<void> {
  await within.getByTestId('feedback-submit').click();
  await page.getByRole('alertdialog', { name: 'Submit your feedback?' }).getByTestId('confirm-button').click();
}

/** A row of the admin's user list, by the user's e-mail. */
export const adminUserRow = (page: Page, email: string): Locator => page.locator(`[data-testid="admin-user"][data-user-email="${email}"]`);

/** A pro's card on Choose Your Pro, by the pro's name. */
export const proCardNamed = (page: Page, name: string): Locator =>
  page.getByTestId('pro-card').filter({ has: page.getByTestId('pro-name').getByText(name, { exact: true }) });

/** A card on Choose Your Pro, clicking 'Load more pros' until its page is shown. */
export async function showProCard(page: Page, card: Locator): Promise<Locator> {
  await page.getByTestId('pro-card').first().waitFor();
  for (let shown = 0; ;) {
    if ((await card.count()) > 0) return card;
    const more = page.getByTestId('pros-load-more');
    if (!(await more.isVisible())) throw new Error('The pro card is on no page of Choose Your Pro');
    shown = await page.getByTestId('pro-card').count();
    await more.click();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="pro-card"]').length > n, shown);
  }
}
