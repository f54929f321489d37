/**
 * The admin's screens in the browser: the demo admin signs in at /admin/login, filters the users to pros,
 * finds a pro made for this test (the demo pros' prices and balances are left alone: other tests pay
 * Paul's $30), edits their price and balance, then opens Settings and is refused a margin over 100 %
 * (nothing is saved: other tests pay at the demo's 20 %).
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, newPage, screenshot } from '../support/browser.js';
import { onboard } from '../support/flows.js';
import { createConfirmedUser, type TestUser } from '../support/users.js';
import { DEMO_PASSWORD, launchBrowser, waitForPath } from './helpers.js';

const stack = inject('stack');
const SMALL_PHONE = { width: 375, height: 812 } as const;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let pro: TestUser;

const rowOf = (p: Page, email: string): Locator => p.locator(`[data-testid="admin-user"][data-user-email="${email}"]`);

/** The same page at phone width with the same session: nothing may be wider than the screen. */
async function phoneShot(path: string, ready: (p: Page) => Promise<unknown>, name: string) {
  const phone = await browser.newContext({ viewport: SMALL_PHONE, storageState: await context.storageState() });
  try {
    const small = await phone.newPage();
    await small.goto(`${stack.appUrl}${path}`);
    await ready(small);
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE.width);
    await screenshot(small, name);
  } finally {
    await phone.close();
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  pro = await createConfirmedUser(stack, { fullName: 'Admin Test Pro', prefix: 'admin-pro' });
  await onboard(stack, pro, 'pro');
  ({ context, page } = await newPage(browser, DESKTOP));
  await page.goto(`${stack.appUrl}/admin/login`);
  await page.getByLabel('Email').fill('admin@demo.test');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await waitForPath(page, '/admin/users');
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('admin users', () => {
  it("filters to pros, finds a new pro and edits their price and balance", async () => {
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByTestId('admin-user').first().waitFor();
    expect(await page.getByTestId('user-count').textContent()).toMatch(/^\d+ users?$/);

    await page.getByRole('group', { name: 'User type' }).getByRole('button', { name: 'Pro' }).click();
    await page.getByLabel('Search users').fill(pro.email);
    const row = rowOf(page, pro.email);
    await row.waitFor();
    await expect.poll(() => page.getByTestId('user-count').textContent()).toBe('1 user');
    expect(await row.getByTestId('admin-user-name').textContent()).toBe('Admin Test Pro');
    expect(await row.getByTestId('admin-user-type').textContent()).toBe('Pro');
    expect(await row.getByTestId('admin-user-price').textContent()).toBe('Free');
    expect(await row.getByTestId('admin-user-balance').textContent()).toBe('$0.00');

    await row.getByRole('button', { name: 'Edit Price' }).click();
    await row.getByLabel('Feedback price (USD)').fill('12.50');
    await row.getByRole('button', { name: 'Save' }).click();
    await row.getByTestId('price-editor').waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('admin-user-price').textContent()).toBe('$12.50 per feedback');

    await row.getByRole('button', { name: 'Edit Balance' }).click();
    await row.getByLabel('Balance (USD)').fill('5.00');
    await row.getByRole('button', { name: 'Save' }).click();
    await row.getByText('Reason is required').waitFor();
    await row.getByLabel('Reason').fill('Correction in a test');
    await screenshot(page, 'admin-users-balance-editor');
    await row.getByRole('button', { name: 'Save' }).click();
    await row.getByTestId('balance-editor').waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('admin-user-balance').textContent()).toBe('$5.00');

    // Still so after a reload: the server kept both.
    await page.reload();
    await page.getByLabel('Search users').fill(pro.email);
    await rowOf(page, pro.email).waitFor();
    expect(await rowOf(page, pro.email).getByTestId('admin-user-price').textContent()).toBe('$12.50 per feedback');
    expect(await rowOf(page, pro.email).getByTestId('admin-user-balance').textContent()).toBe('$5.00');
    await page.getByLabel('Search users').fill('');
    await page.getByTestId('admin-user').nth(1).waitFor();
    await screenshot(page, 'admin-users-list');
    await phoneShot('/admin/users', (p) => p.getByTestId('admin-user').first().waitFor(), 'admin-users-list');
  });
});

describe('admin settings', () => {
  it('shows the margin, refuses 150 % with an alert and cancels back', async () => {
    await page.goto(`${stack.appUrl}/admin/settings`);
    await page.getByRole('heading', { level: 1, name: 'Admin Settings' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Profit margin per feedback' }).waitFor();
    // One decimal of a percent (the demo's 20.0%, unless an API test is trying another margin right now).
    const shown = await page.getByTestId('margin-value').textContent();
    expect(shown).toMatch(/^\d{1,3}\.\d%$/);
    expect(await page.getByTestId('margin-updated').textContent()).toMatch(/^Last Updated: (Never|[A-Z][a-z]{2} \d{1,2}, \d{4})$/);
    await screenshot(page, 'admin-settings-margin');

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Margin (%)').fill('150');
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Please enter a valid percentage between 0 and 100');
    await screenshot(page, 'admin-settings-invalid');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('margin-value').waitFor();
    expect(await page.getByTestId('margin-value').textContent()).toMatch(/^\d{1,3}\.\d%$/);
    expect(await page.getByRole('alert').count()).toBe(0);
    await phoneShot('/admin/settings', (p) => p.getByTestId('margin-value').waitFor(), 'admin-settings-margin');
  });
});
