/**
 * Impersonation in the browser: the demo admin impersonates Mia (the demo musician) from the user list,
 * sees her dashboard under the banner, still does after a reload and on a phone, is refused a plan
 * checkout with a clear message (no money moves while impersonating), stops and is back on the user
 * list; Admin Settings' audit lists the start. Logout ends an impersonation as well.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from '../support/browser.js';
import { onboard } from '../support/flows.js';
import { createConfirmedUser } from '../support/users.js';
import { browserTests } from './fixtures.js';
import { adminUserRow, inSecondWindow, signInUi, waitForPath } from './helpers.js';

const e2e = browserTests();
const { stack } = e2e;
const ADMIN = 'admin@demo.test';
const MIA = 'musician@demo.test';
const BANNER = 'Impersonating: Mia Musician (musician@demo.test)';
const NO_MONEY = 'Payments, plans and refunds are not available while impersonating.';
const STORAGE_KEY = 'snip.impersonation';

const navLabels = async (p: Page) =>
  (await p.getByTestId('sidebar').locator('a:not(.sidebar-user), button:not(.sidebar-toggle)').allTextContents()).map((t) => t.trim());
const stored = (p: Page) => p.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);

async function signInAsAdmin(p: Page) {
  await signInUi(p, ADMIN, '/admin/login');
  await waitForPath(p, '/admin/users');
}

/** Finds the user in the admin's list and starts impersonating them. */
async function impersonate(p: Page, email: string) {
  await p.getByLabel('Search users').fill(email);
  const row = adminUserRow(p, email);
  await row.waitFor();
  await row.getByRole('button', { name: 'Impersonate' }).click();
  await waitForPath(p, '/dashboard', 20_000);
}

describe('impersonation', () => {
  const session = e2e.signedInForAll(ADMIN, '/admin/users');

  it("shows Mia's dashboard under the banner, across a reload and on a phone", async () => {
    const { page } = session;
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await impersonate(page, MIA);
    await page.getByRole('heading', { name: 'Musician Experience' }).waitFor();
    const banner = page.getByTestId('impersonation-banner');
    expect(await banner.getAttribute('role')).toBe('status');
    expect((await page.getByTestId('impersonation-text').textContent())?.trim()).toBe(BANNER);
    expect(await banner.getByRole('button', { name: 'Stop Impersonating' }).isVisible()).toBe(true);
    // At the very top, over the full width, with the sidebar starting below it.
    const box = (await banner.boundingBox())!;
    expect(box.y).toBe(0);
    expect(box.width).toBe(DESKTOP.width);
    expect(Math.round((await page.getByTestId('sidebar').boundingBox())!.y)).toBe(Math.round(box.height));
    // The app is Mia's: her navigation, her name.
    expect(await navLabels(page)).toEqual(['Home', 'Choose Pro', 'Profile', 'Logout']);
    expect(await page.getByTestId('sidebar').getByText('Mia Musician').isVisible()).toBe(true);
    await screenshot(page, 'impersonation-dashboard');

    await page.reload();
    await page.getByRole('heading', { name: 'Musician Experience' }).waitFor();
    expect((await page.getByTestId('impersonation-text').textContent())?.trim()).toBe(BANNER);
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    // The banner stays in view while the page scrolls.
    await page.mouse.wheel(0, 2000);
    await page.waitForFunction(() => window.scrollY > 0 || document.documentElement.scrollHeight <= window.innerHeight);
    expect((await banner.boundingBox())!.y).toBe(0);

    // The same session on a phone: the banner is there, nothing is wider than the screen.
    await inSecondWindow(
      page,
      PHONE,
      '/dashboard',
      (small) => small.getByRole('heading', { name: 'Musician Experience' }).waitFor(),
      async (small) => {
        const phoneBanner = small.getByTestId('impersonation-banner');
        expect((await small.getByTestId('impersonation-text').textContent())?.trim()).toBe(BANNER);
        expect((await phoneBanner.boundingBox())!.y).toBe(0);
        expect(await phoneBanner.getByRole('button', { name: 'Stop Impersonating' }).isVisible()).toBe(true);
        expect((await small.getByTestId('bottom-bar').locator('a, button').allTextContents()).map((t) => t.trim())).toEqual([
          'Home',
          'Choose Pro',
          'Profile',
          'Logout',
        ]);
        await screenshot(small, 'impersonation-dashboard');
      },
    );
  });

  it('cannot start a plan checkout for Mia: the page says why', async () => {
    const { page } = session;
    await page.goto(`${stack.appUrl}/settings`);
    await page.getByRole('heading', { level: 2, name: 'Billing & Plan' }).waitFor();
    await page.getByTestId('plan-card').first().waitFor();
    expect(await page.getByTestId('impersonation-banner').isVisible()).toBe(true);
    // Whichever plan Mia is on (the billing test moves her to Plus and back), Studio is above it.
    await page.getByRole('button', { name: 'Upgrade to Studio' }).click();
    await page.getByTestId('billing-error').waitFor();
    expect((await page.getByTestId('billing-error').textContent())?.trim()).toBe(NO_MONEY);
    expect(new URL(page.url()).host).toBe(new URL(stack.appUrl).host);
    await screenshot(page, 'impersonation-no-money');
  });

  it("says Download my data is Mia's to ask for, and the admin stays as Mia", async () => {
    const { page } = session;
    await page.goto(`${stack.appUrl}/account`);
    const panel = page.getByTestId('account-data');
    await panel.getByRole('button', { name: 'Download my data' }).click();
    await panel
      .getByRole('alert')
      .getByText("Download my data is not available while impersonating: it is the user's to ask for.")
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/account');
    expect(await page.getByTestId('impersonation-banner').isVisible()).toBe(true);
  });

  it("'Stop Impersonating' returns to the user list as the admin; the audit lists the start", async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Stop Impersonating' }).click();
    await waitForPath(page, '/admin/users');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByTestId('admin-user').first().waitFor();
    expect(await page.getByTestId('impersonation-banner').count()).toBe(0);
    expect(await stored(page)).toBeNull();
    expect(await navLabels(page)).toEqual(['Users', 'Settings', 'Logout']);

    await page.getByTestId('sidebar').getByRole('link', { name: 'Settings' }).click();
    await waitForPath(page, '/admin/settings');
    await page.getByRole('heading', { level: 2, name: 'Admin audit' }).waitFor();
    await page.getByTestId('audit-entry').first().waitFor();
    const start = page
      .getByTestId('audit-entry')
      .filter({ has: page.getByTestId('audit-admin').getByText(ADMIN, { exact: true }) })
      .filter({ has: page.getByTestId('audit-target').getByText(MIA, { exact: true }) })
      .filter({ has: page.getByTestId('audit-what').getByText('Started impersonating POST /users/impersonate') })
      .first();
    await start.waitFor();
    expect((await start.getByTestId('audit-outcome').textContent())?.trim()).toBe('200 OK');
    expect(await start.locator('time').textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M$/);
    await screenshot(page, 'admin-settings-audit');

    await inSecondWindow(
      page,
      PHONE,
      '/admin/settings',
      (small) => small.getByTestId('audit-entry').first().waitFor(),
      (small) => screenshot(small, 'admin-settings-audit'),
    );
  });
});

describe('logout while impersonating', () => {
  it('ends the impersonation: the next sign-in is the admin again', async () => {
    const musician = await createConfirmedUser(stack, { fullName: 'Logout Test Musician', prefix: 'imp-logout' });
    await onboard(stack, musician, 'musician');
    const page = await e2e.page(DESKTOP);
    await signInAsAdmin(page);
    await impersonate(page, musician.email);
    await page.getByRole('heading', { name: 'Musician Experience' }).waitFor();
    expect((await page.getByTestId('impersonation-text').textContent())?.trim()).toBe(
      `Impersonating: Logout Test Musician (${musician.email})`,
    );

    await page.getByTestId('sidebar').getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/');
    // Dropped by the front page's gate, once it renders signed out.
    await expect.poll(() => stored(page)).toBeNull();
    expect(await page.getByTestId('impersonation-banner').count()).toBe(0);

    await signInAsAdmin(page);
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    expect(await page.getByTestId('impersonation-banner').count()).toBe(0);
    expect(await navLabels(page)).toEqual(['Users', 'Settings', 'Logout']);
  });
});
