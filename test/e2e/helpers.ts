/** Small steps the browser tests share: signing in through the UI, waiting for a path, the accessibility checks. */
import type { Browser, Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { DESKTOP, launchBrowser, newPage } from '../support/browser.js';
import { totpCode } from '../support/totp.js';
import { ensureTotp, totpSecretOf } from '../support/users.js';

export { DEMO_PASSWORD } from '../../scripts/seed/demo-users.js';
export { expectAccessible, expectVisibleFocus } from '../support/a11y.js';
export { launchBrowser };

export async function waitForPath(page: Page, pathname: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout });
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Types the authenticator's current code into the two-factor step and verifies it. */
export async function enterTotpCode(page: Page, secret: string): Promise<void> {
  await page.getByLabel('6-digit code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/**
 * Signs in on /login (or the given login page) as a user would. An account with an authenticator key
 * known to the tests (admins: the demo admin's fixed one, those test support set up) has TOTP on
 * beforehand, and the code step is answered.
 */
export async function signInUi(page: Page, appUrl: string, email: string, password: string, loginPath = '/login'): Promise<void> {
  const secret = totpSecretOf(email) && (await ensureTotp(inject('stack'), email, password));
  await page.goto(`${appUrl}${loginPath}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  if (secret) {
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    await enterTotpCode(page, secret);
  }
}

/** A new browser context signed in as the given user, landed on `expectPath`. */
export async function signedInPage(
  browser: Browser,
  appUrl: string,
  email: string,
  password: string,
  expectPath: string,
  viewport: { width: number; height: number } = DESKTOP,
) {
  const { context, page } = await newPage(browser, viewport);
  await signInUi(page, appUrl, email, password);
  await waitForPath(page, expectPath);
  return { context, page };
}

/** The visible text of the first element matching a test id. */
export async function textOf(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).first().textContent())?.trim() ?? '';
}

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
