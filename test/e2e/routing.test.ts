import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { browserTests } from './fixtures.js';
import { chooseType, SIGNED_OUT_SCREENS, waitForPath } from './helpers.js';

const e2e = browserTests();
const { stack } = e2e;

/** Each of the paths, opened in the page, ends at `to`. */
async function expectEachSentTo(page: Page, froms: string[], to: string) {
  for (const from of froms) {
    await page.goto(`${stack.appUrl}${from}`);
    await waitForPath(page, to);
  }
}

/** Each of the paths, opened in the page, shows `shown` and stays where it is. */
async function expectEachShown(page: Page, paths: readonly string[], shown: (p: Page) => Locator) {
  for (const path of paths) {
    await page.goto(`${stack.appUrl}${path}`);
    await shown(page).waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
  }
}

describe('routing rules without a user', () => {
  it.each([
    ['/dashboard', '/login'],
    ['/profile', '/login'],
    ['/choose-pro', '/login'],
    ['/settings', '/login'],
    ['/feedback/success', '/login'],
    ['/onboarding/type', '/login'],
    ['/no/such/page', '/login'],
    ['/admin/users', '/admin/login'],
    ['/admin/settings', '/admin/login'],
  ])('%s goes to %s', async (from, to) => {
    await expectEachSentTo(await e2e.page(), [from], to);
  });

  it('opens the sign-in screens', async () => {
    const page = await e2e.page();
    await expectEachShown(page, SIGNED_OUT_SCREENS, (p) => p.locator('.auth-card'));
  });
});

describe('routing rules for a musician', () => {
  it('sends the signed-in user away from login and sign-up, and unknown paths to the dashboard', async () => {
    const page = await e2e.signedIn('musician2@demo.test', '/dashboard');
    await expectEachSentTo(
      page,
      ['/login', '/signup', '/forgot-password', '/', '/no/such/page', '/onboarding', '/onboarding/type', '/admin/login'],
      '/dashboard',
    );
    const screens = ['/profile', '/choose-pro', '/settings', '/feedback/success', '/feedback/cancel'];
    await expectEachShown(page, screens, (p) => p.locator('.page-title').first());
    expect(await page.getByRole('heading', { name: 'Choose Your Pro' }).count()).toBe(1);
  });

  it("shows 'Access Denied' on admin pages, then the dashboard", async () => {
    const page = await e2e.signedIn('musician2@demo.test', '/dashboard');
    await page.goto(`${stack.appUrl}/admin/settings`);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await screenshot(page, 'access-denied');
    await waitForPath(page, '/dashboard', 10_000);
    await page.getByRole('heading', { name: 'Musician Experience' }).waitFor();
  });
});

describe('routing rules for an admin', () => {
  it('sends an admin on a regular page to admin users', async () => {
    const page = await e2e.signedIn('admin@demo.test', '/admin/users');
    await expectEachSentTo(page, ['/dashboard', '/profile', '/choose-pro', '/onboarding/type', '/login'], '/admin/users');
    await page.goto(`${stack.appUrl}/admin/settings`);
    await page.getByRole('heading', { name: 'Admin Settings' }).waitFor();
  });
});

describe('onboarding gates', () => {
  it('keeps a user without a type on type onboarding, and a musician without genres on musician onboarding', async () => {
    const page = await e2e.newcomer('Gina Gate', 'gate');
    await expectEachSentTo(page, ['/dashboard', '/profile', '/onboarding', '/onboarding/musician', '/onboarding/pro'], '/onboarding/type');
    await chooseType(page, 'musician');
    await expectEachSentTo(page, ['/dashboard', '/choose-pro', '/onboarding/type', '/onboarding/pro'], '/onboarding/musician');
  });
});
