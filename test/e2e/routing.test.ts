import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { newPage, screenshot } from '../support/browser.js';
import { createConfirmedUser } from '../support/users.js';
import { DEMO_PASSWORD, signedInPage, waitForPath, launchBrowser } from './helpers.js';

const stack = inject('stack');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('routing rules without a user', () => {
  it.each([
    ['/', '/login'],
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
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${stack.appUrl}${from}`);
      await waitForPath(page, to);
    } finally {
      await context.close();
    }
  });

  it('opens the sign-in screens', async () => {
    const { context, page } = await newPage(browser);
    try {
      for (const path of ['/login', '/signup', '/forgot-password', '/reset-password', '/admin/login', '/email-confirmation']) {
        await page.goto(`${stack.appUrl}${path}`);
        await page.locator('.auth-card').waitFor();
        expect(new URL(page.url()).pathname).toBe(path);
      }
    } finally {
      await context.close();
    }
  });
});

describe('routing rules for a musician', () => {
  it('sends the signed-in user away from login and sign-up, and unknown paths to the dashboard', async () => {
    const { context, page } = await signedInPage(browser, stack.appUrl, 'musician2@demo.test', DEMO_PASSWORD, '/dashboard');
    try {
      for (const from of [
        '/login',
        '/signup',
        '/forgot-password',
        '/',
        '/no/such/page',
        '/onboarding',
        '/onboarding/type',
        '/admin/login',
      ]) {
        await page.goto(`${stack.appUrl}${from}`);
        await waitForPath(page, '/dashboard');
      }
      for (const path of ['/profile', '/choose-pro', '/settings', '/feedback/success', '/feedback/cancel']) {
        await page.goto(`${stack.appUrl}${path}`);
        await page.locator('.page-title').first().waitFor();
        expect(new URL(page.url()).pathname).toBe(path);
      }
      expect(await page.getByRole('heading', { name: 'Choose Your Pro' }).count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it("shows 'Access Denied' on admin pages, then the dashboard", async () => {
    const { context, page } = await signedInPage(browser, stack.appUrl, 'musician2@demo.test', DEMO_PASSWORD, '/dashboard');
    try {
      await page.goto(`${stack.appUrl}/admin/settings`);
      await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
      await screenshot(page, 'access-denied');
      await waitForPath(page, '/dashboard', 10_000);
      await page.getByRole('heading', { name: 'Musician Experience' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('routing rules for an admin', () => {
  it('sends an admin on a regular page to admin users', async () => {
    const { context, page } = await signedInPage(browser, stack.appUrl, 'admin@demo.test', DEMO_PASSWORD, '/admin/users');
    try {
      for (const from of ['/dashboard', '/profile', '/choose-pro', '/onboarding/type', '/login']) {
        await page.goto(`${stack.appUrl}${from}`);
        await waitForPath(page, '/admin/users');
      }
      await page.goto(`${stack.appUrl}/admin/settings`);
      await page.getByRole('heading', { name: 'Admin Settings' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('onboarding gates', () => {
  it('keeps a user without a type on type onboarding, and a musician without genres on musician onboarding', async () => {
    const user = await createConfirmedUser(stack, { fullName: 'Gina Gate', prefix: 'gate' });
    const { context, page } = await signedInPage(browser, stack.appUrl, user.email, user.password, '/onboarding/type');
    try {
      for (const from of ['/dashboard', '/profile', '/onboarding', '/onboarding/musician', '/onboarding/pro']) {
        await page.goto(`${stack.appUrl}${from}`);
        await waitForPath(page, '/onboarding/type');
      }
      await page.getByTestId('type-musician').click();
      await page.getByRole('button', { name: 'Continue' }).click();
      await waitForPath(page, '/onboarding/musician');
      for (const from of ['/dashboard', '/choose-pro', '/onboarding/type', '/onboarding/pro']) {
        await page.goto(`${stack.appUrl}${from}`);
        await waitForPath(page, '/onboarding/musician');
      }
    } finally {
      await context.close();
    }
  });
});
