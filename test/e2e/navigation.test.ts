import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, type Viewport } from '../support/browser.js';
import { browserTests } from './fixtures.js';
import { SIGNED_OUT_SCREENS, waitForPath } from './helpers.js';

const e2e = browserTests();
const { stack } = e2e;

const labels = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).locator('a:not(.sidebar-user), button:not(.sidebar-toggle)').allTextContents()).map((t) => t.trim());

const ROLES = [
  { email: 'musician@demo.test', home: '/dashboard', items: ['Home', 'Choose Pro', 'Profile', 'Logout'] },
  { email: 'pro2@demo.test', home: '/dashboard', items: ['Home', 'Profile', 'Logout'] },
  { email: 'admin@demo.test', home: '/admin/users', items: ['Users', 'Settings', 'Logout'] },
];
/** The roles as a table for it.each, each named by its e-mail. */
const ROLES_BY_EMAIL = ROLES.map((role) => [role.email, role] as const);
const BARS = ['sidebar', 'bottom-bar'] as const;

/** The role's home at the viewport shows `bar` with the role's items, and not the other bar; returns the bar's box. */
async function shownBar(role: (typeof ROLES)[number], viewport: Viewport, bar: (typeof BARS)[number]) {
  const page = await e2e.signedIn(role.email, role.home, viewport);
  const shown = page.getByTestId(bar);
  await shown.waitFor();
  expect(await page.getByTestId(BARS.find((b) => b !== bar)!).isVisible()).toBe(false);
  expect(await labels(page, bar)).toEqual(role.items);
  return (await shown.boundingBox())!;
}

describe('navigation on a wide screen (1280x800)', () => {
  it.each(ROLES_BY_EMAIL)('shows the sidebar items of %s', async (_email, role) => {
    const { width } = await shownBar(role, DESKTOP, 'sidebar');
    expect(width).toBe(256);
  });

  it('navigates with the sidebar, collapses to 4rem and remembers it', async () => {
    const page = await e2e.signedIn('musician@demo.test', '/dashboard');
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
  });
});

describe('navigation on a phone (390x844)', () => {
  it.each(ROLES_BY_EMAIL)('shows the bottom bar items of %s', async (_email, role) => {
    const box = await shownBar(role, PHONE, 'bottom-bar');
    expect(box.y + box.height).toBeCloseTo(PHONE.height, 0);
    expect(box.width).toBe(PHONE.width);
  });

  it('never lets keyboard focus hide under the bottom bar', async () => {
    const page = await e2e.signedIn('musician@demo.test', '/dashboard', PHONE);
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
  });

  it('navigates and logs out from the bottom bar', async () => {
    const page = await e2e.signedIn('musician@demo.test', '/dashboard', PHONE);
    await page.getByTestId('bottom-bar').getByRole('link', { name: 'Choose Pro' }).click();
    await waitForPath(page, '/choose-pro');
    await page.getByTestId('bottom-bar').getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/');
  });
});

describe('where the bars are hidden', () => {
  it('shows no bars on the sign-in screens and onboarding', async () => {
    const page = await e2e.page(DESKTOP);
    for (const path of SIGNED_OUT_SCREENS) {
      await page.goto(`${stack.appUrl}${path}`);
      await page.locator('.auth-card').waitFor();
      expect(await page.getByTestId('sidebar').count()).toBe(0);
      expect(await page.getByTestId('bottom-bar').count()).toBe(0);
    }
  });
});
