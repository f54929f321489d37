/** A screenshot of every screen of this slice at desktop and phone size (test-results/screenshots/). */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, newPage, PHONE, screenshot } from '../support/browser.js';
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

async function visit(page: Page, path: string, ready: () => Promise<unknown>, name: string) {
  await page.goto(`${stack.appUrl}${path}`);
  await ready();
  await screenshot(page, name);
}

for (const viewport of [DESKTOP, PHONE]) {
  const size = `${viewport.width}x${viewport.height}`;

  describe(`screens at ${size}`, () => {
    it('sign-in screens', async () => {
      const { context, page } = await newPage(browser, viewport);
      try {
        await visit(page, '/login', () => page.getByRole('heading', { name: 'Welcome back' }).waitFor(), 'login');
        await page.getByRole('button', { name: 'Sign In' }).click();
        await page.getByText('Email is required').waitFor();
        await screenshot(page, 'login-validation');
        await visit(page, '/signup', () => page.getByRole('heading', { name: 'Create your account' }).waitFor(), 'signup-form');
        await visit(page, '/forgot-password', () => page.getByRole('heading', { name: 'Forgot Password' }).waitFor(), 'forgot-password');
        await page.getByLabel('Email').fill('musician@demo.test');
        await page.getByRole('button', { name: 'Reset Password' }).click();
        await page.getByRole('heading', { name: 'Check your email' }).waitFor();
        await screenshot(page, 'forgot-password-sent');
        await visit(page, '/reset-password', () => page.getByLabel('Reset Code').waitFor(), 'reset-password');
        await visit(
          page,
          '/email-confirmation?email=someone%40example.test&name=Sam',
          () => page.getByLabel('Confirmation code').waitFor(),
          'email-confirmation-code',
        );
        await visit(page, '/admin/login', () => page.getByRole('heading', { name: 'Admin Login' }).waitFor(), 'admin-login');
      } finally {
        await context.close();
      }
    });

    it('onboarding screens', async () => {
      const musician = await createConfirmedUser(stack, { fullName: 'Shot Musician', prefix: 'shotm' });
      const m = await signedInPage(browser, stack.appUrl, musician.email, musician.password, '/onboarding/type', viewport);
      try {
        await screenshot(m.page, 'onboarding-type');
        await m.page.getByTestId('type-musician').click();
        await screenshot(m.page, 'onboarding-type-selected');
        await m.page.getByRole('button', { name: 'Continue' }).click();
        await waitForPath(m.page, '/onboarding/musician');
        await m.page.getByRole('heading', { name: 'Select Your Genres' }).waitFor();
        await screenshot(m.page, 'onboarding-musician');
        await m.page.getByTestId('genre-group-pop').click();
        await m.page.getByTestId('genre-chip-indie-pop').click();
        await m.page.getByTestId('genre-chip-dream-pop').click();
        await screenshot(m.page, 'onboarding-musician-selected');
      } finally {
        await m.context.close();
      }

      const pro = await createConfirmedUser(stack, { fullName: 'Shot Pro', prefix: 'shotp' });
      const p = await signedInPage(browser, stack.appUrl, pro.email, pro.password, '/onboarding/type', viewport);
      try {
        await p.page.getByTestId('type-pro').click();
        await p.page.getByRole('button', { name: 'Continue' }).click();
        await waitForPath(p.page, '/onboarding/pro');
        await p.page.getByRole('heading', { name: 'Complete Your Profile' }).waitFor();
        await screenshot(p.page, 'onboarding-pro');
      } finally {
        await p.context.close();
      }
    });

    it('musician screens', async () => {
      const { context, page } = await signedInPage(browser, stack.appUrl, 'musician@demo.test', DEMO_PASSWORD, '/dashboard', viewport);
      try {
        await page.getByRole('heading', { name: 'Musician Experience' }).waitFor();
        await screenshot(page, 'dashboard-musician');
        for (const [path, heading, name] of [
          ['/choose-pro', 'Choose Your Pro', 'choose-pro'],
          ['/profile', 'Profile', 'profile'],
          ['/settings', 'Settings', 'settings'],
          ['/feedback/success', 'No Payment to Confirm', 'feedback-success'],
          ['/feedback/cancel', 'Payment Cancelled', 'feedback-cancel'],
          ['/admin/users', 'Access Denied', 'access-denied'],
        ] as const) {
          await visit(page, path, () => page.getByRole('heading', { name: heading, exact: true }).waitFor(), name);
        }
        await waitForPath(page, '/dashboard', 10_000);
      } finally {
        await context.close();
      }
    });

    it('pro and admin screens', async () => {
      const pro = await signedInPage(browser, stack.appUrl, 'pro@demo.test', DEMO_PASSWORD, '/dashboard', viewport);
      try {
        await pro.page.getByRole('heading', { name: 'Pro Experience' }).waitFor();
        await screenshot(pro.page, 'dashboard-pro');
      } finally {
        await pro.context.close();
      }
      const admin = await signedInPage(browser, stack.appUrl, 'admin@demo.test', DEMO_PASSWORD, '/admin/users', viewport);
      try {
        await admin.page.getByRole('heading', { name: 'Users' }).waitFor();
        await screenshot(admin.page, 'admin-users');
        await visit(
          admin.page,
          '/admin/settings',
          () => admin.page.getByRole('heading', { name: 'Admin Settings' }).waitFor(),
          'admin-settings',
        );
        expect(new URL(admin.page.url()).pathname).toBe('/admin/settings');
      } finally {
        await admin.context.close();
      }
    });
  });
}
