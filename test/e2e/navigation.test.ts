import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, newPage, PHONE } from '../support/browser.js';
import { DEMO_PASSWORD, signedInPage, waitForPath, launchBrowser } from './helpers.js';

const stack = inject('stack');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const labels = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).locator('a, button:not(.sidebar-toggle)').allTextContents()).map((t) => t.trim());

const ROLES = [
  { email: 'musician@demo.test', home: '/dashboard', items: ['Home', 'Choose Pro', 'Profile', 'Logout'] },
  { email: 'pro2@demo.test', home: '/dashboard', items: ['Home', 'Profile', 'Logout'] },
  { email: 'admin@demo.test', home: '/admin/users', items: ['Users', 'Settings', 'Logout'] },
];

describe('navigation on a wide screen (1280x800)', () => {
  for (const role of ROLES) {
    it(`shows the sidebar items of ${role.email}`, async () => {
      const { context, page } = await signedInPage(browser, stack.appUrl, role.email, DEMO_PASSWORD, role.home, DESKTOP);
      try {
        const sidebar = page.getByTestId('sidebar');
        await sidebar.waitFor();
        expect(await page.getByTestId('bottom-bar').isVisible()).toBe(false);
        expect(await labels(page, 'sidebar')).toEqual(role.items);
        const width = (await sidebar.boundingBox())!.width;
        expect(width).toBe(256);
      } finally {
        await context.close();
      }
    });
  }

  it('navigates with the sidebar, collapses to 4rem and remembers it', async () => {
    const { context, page } = await signedInPage(browser, stack.appUrl, 'musician@demo.test', DEMO_PASSWORD, '/dashboard');
    try {
      await page.getByTestId('sidebar').getByRole('link', { name: 'Choose Pro' }).click();
      await waitForPath(page, '/choose-pro');
      await page.getByRole('heading', { name: 'Choose Your Pro' }).waitFor();
      await page.getByTestId('sidebar').getByRole('link', { name: 'Profile' }).click();
      await waitForPath(page, '/profile');
      await page.getByTestId('sidebar').getByRole('link', { name: 'Home' }).click();
      await waitForPath(page, '/dashboard');

      const toggle = page.getByRole('button', { name: 'Collapse sidebar' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await toggle.click();
      await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid="sidebar"]')!.getBoundingClientRect().width === 64);
      const main = await page.locator('#main').boundingBox();
      expect(main!.x).toBe(64);

      await page.reload();
      await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
      expect((await page.getByTestId('sidebar').boundingBox())!.width).toBe(64);
      // Collapsed, the items keep their accessible names.
      await page.getByTestId('sidebar').getByRole('link', { name: 'Profile' }).click();
      await waitForPath(page, '/profile');
      await page.getByRole('button', { name: 'Expand sidebar' }).click();
      await page.waitForFunction(() => document.querySelector('[data-testid="sidebar"]')!.getBoundingClientRect().width === 256);
    } finally {
      await context.close();
    }
  });
});

describe('navigation on a phone (390x844)', () => {
  for (const role of ROLES) {
    it(`shows the bottom bar items of ${role.email}`, async () => {
      const { context, page } = await signedInPage(browser, stack.appUrl, role.email, DEMO_PASSWORD, role.home, PHONE);
      try {
        const bar = page.getByTestId('bottom-bar');
        await bar.waitFor();
        expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
        expect(await labels(page, 'bottom-bar')).toEqual(role.items);
        const box = (await bar.boundingBox())!;
        expect(box.y + box.height).toBeCloseTo(PHONE.height, 0);
        expect(box.width).toBe(PHONE.width);
      } finally {
        await context.close();
      }
    });
  }

  it('never lets keyboard focus hide under the bottom bar', async () => {
    const { context, page } = await signedInPage(browser, stack.appUrl, 'musician@demo.test', DEMO_PASSWORD, '/dashboard', PHONE);
    try {
      await page.getByTestId('tracks-panel').waitFor();
      const barTop = (await page.getByTestId('bottom-bar').boundingBox())!.y;
      let checked = 0;
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press('Tab');
        const rect = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body || el.closest('[data-testid="bottom-bar"]')) return null;
          const r = el.getBoundingClientRect();
          return { bottom: r.bottom, label: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName };
        });
        if (!rect) continue;
        checked++;
        expect(rect.bottom, `${rect.label} is under the bar`).toBeLessThanOrEqual(barTop + 1);
      }
      expect(checked).toBeGreaterThan(10);
    } finally {
      await context.close();
    }
  });

  it('navigates and logs out from the bottom bar', async () => {
    const { context, page } = await signedInPage(browser, stack.appUrl, 'musician@demo.test', DEMO_PASSWORD, '/dashboard', PHONE);
    try {
      await page.getByTestId('bottom-bar').getByRole('link', { name: 'Choose Pro' }).click();
      await waitForPath(page, '/choose-pro');
      await page.getByTestId('bottom-bar').getByRole('button', { name: 'Logout' }).click();
      await waitForPath(page, '/login');
    } finally {
      await context.close();
    }
  });
});

describe('where the bars are hidden', () => {
  it('shows no bars on the sign-in screens and onboarding', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      for (const path of ['/login', '/signup', '/forgot-password', '/reset-password', '/admin/login', '/email-confirmation']) {
        await page.goto(`${stack.appUrl}${path}`);
        await page.locator('.auth-card').waitFor();
        expect(await page.getByTestId('sidebar').count()).toBe(0);
        expect(await page.getByTestId('bottom-bar').count()).toBe(0);
      }
    } finally {
      await context.close();
    }
  });
});
