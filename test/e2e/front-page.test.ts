/**
 * The front page at /: a visitor learns what Snip is, how a request works, the tiers by their names, the
 * plans and a few pros, and goes on to sign up or sign in; 'Back to Home' on the sign-in form comes back;
 * a signed-in user is sent to their home. At desktop and phone widths, axe-clean.
 */
import { describe, expect, it } from 'vitest';
import { callRoute } from '../support/api.js';
import { DESKTOP, PHONE, screenshot } from '../support/browser.js';
import { onboardedUser } from '../support/flows.js';
import { expectAccessible, expectFitsWidth, pathOf, waitForPath } from './helpers.js';
import { browserTests } from './fixtures.js';

const e2e = browserTests();
const { stack } = e2e;

describe('the front page', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('tells a visitor what Snip is, what it costs and who the pros are (%s)', async (name, viewport) => {
    // The plans come from the catalog Billing keeps: read once, as the first signed-in visit to Billing does.
    const musician = await onboardedUser(stack, 'musician');
    await callRoute(stack.apiUrl, 'listPlans', {}, musician.user.idToken);
    const page = await e2e.page(viewport);
    await page.goto(`${stack.appUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Feedback on the exact second it is about.' }).waitFor();
    expect(pathOf(page)).toBe('/');
    const tiers = page.getByRole('region', { name: 'Feedback for every stage' });
    expect(await tiers.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Free peer feedback',
      'Snip Pro',
      'Choose Your Pro',
      'World-Class DJs & Producers',
    ]);
    expect(await tiers.locator('.front-price').allTextContents()).toEqual(['Free', '$15', '$30', '$90']);
    const plans = page.getByRole('region', { name: 'Monthly plans' });
    await plans.waitFor();
    expect(await plans.getByRole('listitem').count()).toBeGreaterThan(0);
    const pros = page.getByRole('region', { name: 'Some of our pros' });
    await pros.waitFor();
    expect(await pros.locator('.front-card').count()).toBeGreaterThan(0);
    // No app was loaded for it: no router, no sign-in library.
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name));
    expect(scripts.some((s) => /\/(app|router|amplify)[^/]*\.js/.test(s))).toBe(false);
    await expectFitsWidth(page);
    await expectAccessible(page, `front page (${name})`);
    await screenshot(page, `front-page-${name}`);
  });

  it('asks Stripe for the plans when the showcase has none yet, as on a fresh deployment', async () => {
    const page = await e2e.page();
    // The showcase as a deployment no one has opened Billing on gives it: pros, no plans.
    await page.route('**/showcase', async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: { ...(await res.json()), plans: [] } });
    });
    const asked = page.waitForRequest((req) => new URL(req.url()).pathname === '/plans');
    await page.goto(`${stack.appUrl}/`);
    await asked;
    const plans = page.getByRole('region', { name: 'Monthly plans' });
    await plans.waitFor();
    expect(await plans.getByRole('listitem').count()).toBeGreaterThan(0);
  });

  it('leads to sign-up, and back from the sign-in form', async () => {
    const page = await e2e.page();
    await page.goto(`${stack.appUrl}/`);
    await page.getByRole('link', { name: 'Get feedback on a track' }).click();
    await waitForPath(page, '/signup');
    await page.locator('.auth-card').waitFor();
    await page.goBack();
    await waitForPath(page, '/');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign in' }).click();
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByRole('button', { name: 'Back to Home' }).click();
    await waitForPath(page, '/');
    await page.getByRole('heading', { level: 1, name: 'Feedback on the exact second it is about.' }).waitFor();
  });

  it('sends a signed-in user to their home', async () => {
    const page = await e2e.signedIn('musician@demo.test', '/dashboard');
    await page.goto(`${stack.appUrl}/`);
    await waitForPath(page, '/dashboard');
  });
});
