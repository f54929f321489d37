/** A screenshot of every screen of this slice at desktop and phone size (test-results/screenshots/). */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from '../support/browser.js';
import { browserTests } from './fixtures.js';
import { chooseType, waitForPath } from './helpers.js';

const e2e = browserTests();
const { stack } = e2e;

async function visit(page: Page, path: string, ready: () => Promise<unknown>, name: string) {
  await page.goto(`${stack.appUrl}${path}`);
  await ready();
  await screenshot(page, name);
}

/** The musician's screens beyond the dashboard: where each is, the heading that shows it, its screenshot's name. */
const MUSICIAN_SCREENS = [
  { path: '/choose-pro', heading: 'Choose Your Pro', shot: 'choose-pro' },
  { path: '/profile', heading: 'Profile', shot: 'profile' },
  { path: '/settings', heading: 'Settings', shot: 'settings' },
  { path: '/feedback/success', heading: 'No Payment to Confirm', shot: 'feedback-success' },
  { path: '/feedback/cancel', heading: 'Payment Cancelled', shot: 'feedback-cancel' },
  { path: '/admin/users', heading: 'Access Denied', shot: 'access-denied' },
];

for (const viewport of [DESKTOP, PHONE]) {
  const size = `${viewport.width}x${viewport.height}`;

  describe(`screens at ${size}`, () => {
    it('sign-in screens', async () => {
      const page = await e2e.page(viewport);
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
    });

    it('onboarding screens', async () => {
      const m = await e2e.newcomer('Shot Musician', 'shotm', viewport);
      await screenshot(m, 'onboarding-type');
      await m.getByTestId('type-musician').click();
      await screenshot(m, 'onboarding-type-selected');
      await m.getByRole('button', { name: 'Continue' }).click();
      await waitForPath(m, '/onboarding/musician');
      await m.getByRole('heading', { name: 'Select Your Genres' }).waitFor();
      await screenshot(m, 'onboarding-musician');
      await m.getByTestId('genre-group-pop').click();
      await m.getByTestId('genre-chip-indie-pop').click();
      await m.getByTestId('genre-chip-dream-pop').click();
      await screenshot(m, 'onboarding-musician-selected');
      await m.context().close();

      const p = await e2e.newcomer('Shot Pro', 'shotp', viewport);
      await chooseType(p, 'pro');
      await screenshot(p, 'onboarding-pro');
    });

    it('musician screens', async () => {
      const page = await e2e.signedIn('musician@demo.test', '/dashboard', viewport);
      await page.getByRole('heading', { name: 'Musician Experience' }).waitFor();
      await screenshot(page, 'dashboard-musician');
      for (const { path, heading, shot } of MUSICIAN_SCREENS) {
        await visit(page, path, () => page.getByRole('heading', { name: heading, exact: true }).waitFor(), shot);
      }
      await waitForPath(page, '/dashboard', 10_000);
    });

    it('pro and admin screens', async () => {
      const pro = await e2e.signedIn('pro@demo.test', '/dashboard', viewport);
      await pro.getByRole('heading', { name: 'Pro Experience' }).waitFor();
      await screenshot(pro, 'dashboard-pro');
      await pro.context().close();
      const admin = await e2e.signedIn('admin@demo.test', '/admin/users', viewport);
      await admin.getByRole('heading', { name: 'Users' }).waitFor();
      await screenshot(admin, 'admin-users');
      await visit(admin, '/admin/settings', () => admin.getByRole('heading', { name: 'Admin Settings' }).waitFor(), 'admin-settings');
      expect(new URL(admin.url()).pathname).toBe('/admin/settings');
    });
  });
}
