/** Small steps the browser tests share: signing in through the UI and waiting for a path. */
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage } from '../support/browser.js';

export { DEMO_PASSWORD } from '../../scripts/seed/demo-users.js';
export { launchBrowser };

export async function waitForPath(page: Page, pathname: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout });
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Signs in on /login as a user would. */
export async function signInUi(page: Page, appUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${appUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
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
