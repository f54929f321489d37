/**
 * Billing & Plan in the browser, against the local Stripe stand-in's hosted pages: Mia (the demo musician)
 * finds /settings from Profile, upgrades to Plus through Checkout, sees it become her plan once the
 * webhook lands, then cancels it in the customer portal, which leaves her on the free plan as she was.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, SMALL_PHONE } from '../support/browser.js';
import { browserTests } from './fixtures.js';
import { DEMO_PASSWORD, inSecondWindow, waitForPath } from './helpers.js';
import { LOCAL_PAYMENT_SECRETS } from '../../scripts/dev/stack/local-names.js';

const e2e = browserTests();
const { stack } = e2e;
/** The webhook reaches the API a moment after the browser is back: the page re-reads the plans until then. */
const PLAN_SHOWS_MS = 15_000;

/** Calls the Stripe stand-in: its own controls (`/_local/...`), or its API with the local secret key. */
async function stripe(path: string, body?: unknown): Promise<any> {
  const res = await fetch(new URL(path, stack.stripeUrl), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${LOCAL_PAYMENT_SECRETS.stripeSecretKey}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${path}: ${res.status}`).toBe(true);
  return res.json();
}

/**
 * Holds back the Stripe stand-in's webhooks while `look` runs (the page then waits for the new plan), then
 * delivers, oldest first, the events raised meanwhile: the stand-in never sends those on its own.
 */
async function withWebhooksHeld(look: () => Promise<void>) {
  const since = Math.floor(Date.now() / 1000) - 1;
  await stripe('/_local/webhooks', { paused: true });
  try {
    await look();
  } finally {
    await stripe('/_local/webhooks', { paused: false });
    const { data } = (await stripe('/v1/events?limit=100')) as { data: { id: string; created: number }[] };
    for (const e of data.filter((e) => e.created >= since).reverse()) await stripe(`/_local/events/${e.id}/deliver`, {});
  }
}

const user = { email: 'musician@demo.test', password: DEMO_PASSWORD };
const session = e2e.signedInForAll(user, '/dashboard');

const planCard = (p: Page, name: string): Locator =>
  p.getByTestId('plan-card').filter({ has: p.getByRole('heading', { level: 3, name, exact: true }) });

const planNames = (p: Page) => p.getByTestId('plan-name').allTextContents();

/** The same page at phone width, signed in as the same user, for a look at the layout there (nothing wider than the screen). */
const phoneShot = (name: string) =>
  inSecondWindow(
    session.page,
    SMALL_PHONE,
    '/settings',
    (small) => small.getByTestId('plan-card').first().waitFor(),
    (small) => screenshot(small, name),
  );

describe('Billing & Plan', () => {
  it('is found from Profile; the plans read cheapest first, Free current, Plus Most Popular', async () => {
    const { page } = session;
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await waitForPath(page, '/profile');
    await page.getByRole('link', { name: 'Billing & Plan' }).click();
    await waitForPath(page, '/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Billing & Plan' }).waitFor();
    await page.getByTestId('plan-card').first().waitFor();

    expect(await planNames(page)).toEqual(['Free', 'Plus', 'Studio']);
    expect((await page.getByTestId('plan-price').allTextContents()).map((t) => t.trim())).toEqual([
      '$0.00/month',
      '$9.00/month',
      '$19.00/month',
    ]);
    expect(await planCard(page, 'Free').getByRole('button', { name: 'Current Plan' }).isDisabled()).toBe(true);
    expect(await planCard(page, 'Plus').getByTestId('plan-popular').textContent()).toBe('Most Popular');
    expect(await page.getByTestId('plan-popular').count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Upgrade/ }).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual(
      ['Upgrade to Plus', 'Upgrade to Studio'],
    );
    // No billing account yet: nothing to manage.
    expect(await page.getByRole('button', { name: 'Manage billing' }).count()).toBe(0);

    // Three columns side by side on a wide screen.
    const tops = await page.getByTestId('plan-card').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    await screenshot(page, 'billing-free');
    await phoneShot('billing-free');
  });

  it('Upgrade on Plus goes through Checkout and, back on /settings, Plus becomes the current plan', async () => {
    const { page } = session;
    await planCard(page, 'Plus').getByRole('button', { name: 'Upgrade to Plus' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${stack.stripeUrl}/checkout/`), { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Subscribe to Plus' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(user.email);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Bill Payer');
    // The banner says the plan will show in a moment until it does: the webhook waits until it is read.
    await withWebhooksHeld(async () => {
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await waitForPath(page, '/settings');
      expect(await page.getByTestId('checkout-success').textContent()).toBe('Payment received: your plan will show here in a moment.');
    });
    await planCard(page, 'Plus').getByRole('button', { name: 'Current Plan' }).waitFor({ timeout: PLAN_SHOWS_MS });
    expect(await page.getByTestId('checkout-success').count()).toBe(0);
    expect(await planCard(page, 'Free').getByRole('button').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Upgrade/ }).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual(
      ['Upgrade to Studio'],
    );
    expect(await page.getByTestId('subscription-status').textContent()).toMatch(/^Renews on [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    // The outcome is read once: a reload would not say 'Payment received' again.
    expect(new URL(page.url()).search).toBe('');
    await screenshot(page, 'billing-plus');
    await phoneShot('billing-plus');
  });

  it('Upgrade to Studio while on Plus points to Manage billing', async () => {
    const { page } = session;
    await planCard(page, 'Studio').getByRole('button', { name: 'Upgrade to Studio' }).click();
    const error = page.getByTestId('billing-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('You already have a paid plan: change it from Manage billing.');
    expect(await page.getByRole('button', { name: 'Manage billing' }).count()).toBe(1);
  });

  it('Manage billing opens the portal; Cancel plan there brings the free plan back', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${stack.stripeUrl}/portal/`), { timeout: 15_000 });
    expect(await page.locator('#plan-name').textContent()).toBe('Plus');
    await page.getByRole('button', { name: 'Cancel plan' }).click();

    await waitForPath(page, '/settings');
    await planCard(page, 'Free').getByRole('button', { name: 'Current Plan' }).waitFor({ timeout: PLAN_SHOWS_MS });
    expect(await page.getByRole('button', { name: /^Upgrade/ }).count()).toBe(2);
    expect(await page.getByTestId('subscription-status').count()).toBe(0);
    // The billing account stays: the portal is still there for past invoices.
    expect(await page.getByRole('button', { name: 'Manage billing' }).count()).toBe(1);
    await screenshot(page, 'billing-cancelled');
  });
});
