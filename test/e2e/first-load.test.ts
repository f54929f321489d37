/**
 * The first page's loading: the runtime configuration arrives inlined in the page (as the deploy writes
 * it in AWS), so the app asks for nothing before it can render, and signed-in pages use the same values.
 */
import { describe, expect, it } from 'vitest';
import { browserTests } from './fixtures.js';
import { DEMO_PASSWORD, submitSignIn } from './helpers.js';

const e2e = browserTests();
const { stack } = e2e;

describe('the first load', () => {
  it('renders the sign-in page without fetching its configuration', async () => {
    const page = await e2e.page();
    const requested: string[] = [];
    page.on('request', (req) => requested.push(new URL(req.url()).pathname));
    await page.goto(`${stack.appUrl}/login`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(requested).not.toContain('/config.json');
    const inlined = await page.locator('#runtime-config').textContent();
    expect(JSON.parse(inlined!)).toMatchObject({ apiUrl: stack.apiUrl.replace(/\/$/, ''), userPoolId: stack.userPoolId });
  });

  it("shows a visitor's sign-in page without the app, which loads once they sign in", async () => {
    const page = await e2e.page();
    const requested: string[] = [];
    page.on('request', (req) => requested.push(new URL(req.url()).pathname));
    const appChunk = (p: string) => /\/assets\/app-[\w-]+\.js$/.test(p);
    await page.goto(`${stack.appUrl}/login`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(requested.filter(appChunk), 'the app (router, queries, shell) is not part of the sign-in page').toEqual([]);
    await submitSignIn(page, 'musician@demo.test', DEMO_PASSWORD);
    await page.getByRole('heading', { name: 'Musician Experience' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(requested.filter(appChunk).length, 'the app loaded after the sign-in').toBeGreaterThan(0);
  });

  it('loads web-vitals only once the page has loaded and settled, not as part of the first load', async () => {
    const page = await e2e.page();
    const vitals: string[] = [];
    page.on('request', (req) => /\/assets\/web-vitals[\w-]*\.js$/.test(new URL(req.url()).pathname) && vitals.push(req.url()));
    await page.goto(`${stack.appUrl}/login`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(vitals).toEqual([]);
    await page.waitForRequest((req) => /\/assets\/web-vitals[\w-]*\.js$/.test(new URL(req.url()).pathname), { timeout: 10_000 });
  });

  it("follows the sign-in page's links into the app's screens, and back", async () => {
    const page = await e2e.page();
    await page.goto(`${stack.appUrl}/login`);
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.getByRole('heading', { name: 'Forgot Password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/forgot-password');
    await page.goBack();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');
  });

  it("asks for a returning user's tracks beside their account, not after it", async () => {
    const page = await e2e.signedIn('musician@demo.test', '/dashboard');
    // The account's answer is held until the tracks have been asked for: were they asked for only after
    // it, the page would never show them.
    let tracksAsked!: () => void;
    const asked = new Promise<void>((resolve) => (tracksAsked = resolve));
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/tracks' && req.method() === 'GET') tracksAsked();
    });
    await page.route(`${stack.apiUrl.replace(/\/$/, '')}/users/me`, async (route) => {
      if (route.request().method() === 'GET') await Promise.race([asked, new Promise((r) => setTimeout(r, 10_000))]);
      await route.continue();
    });
    const started = Date.now();
    await page.reload();
    await page.getByRole('heading', { name: 'Musician Experience' }).waitFor();
    await page.getByTestId('track-row').first().waitFor();
    expect(Date.now() - started, 'the account waited for nothing').toBeLessThan(8_000);
  });

  it("says so when a page's chunk does not arrive, keeps the navigation, and the next page shows", async () => {
    const page = await e2e.signedIn('musician@demo.test', '/dashboard');
    await page.getByRole('heading', { name: 'Musician Experience' }).waitFor();
    await page.route(/\/assets\/profile-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    expect(await page.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.getByRole('heading', { name: 'Musician Experience' }).waitFor();
    expect(await page.getByTestId('page-error').count()).toBe(0);
  });

  it("loads a returning user's app (the shell and the dashboard) beside the account request, not after it, and no config.json", async () => {
    const signedIn = await e2e.signedIn('musician@demo.test', '/dashboard');
    // The app opened again in a new tab: signed in, its files in the browser's cache (a reload of the same tab
    // takes them from that tab's memory without a request to see).
    const page = await signedIn.context().newPage();
    const requested: string[] = [];
    page.on('request', (req) => requested.push(new URL(req.url()).pathname));
    await page.goto(`${stack.appUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Musician Experience' }).waitFor();
    expect(requested).not.toContain('/config.json');
    const chunk = requested.findIndex((p) => /\/assets\/app-[\w-]+\.js$/.test(p));
    const account = requested.indexOf('/users/me');
    expect(chunk, requested.join(' ')).toBeGreaterThanOrEqual(0);
    expect(chunk).toBeLessThan(account);
    // Its code in four files (web/chunks.ts): the entry, what every page loads, the bundler's runtime and
    // the app; beyond them only what this musician's first screen draws on demand (the chart of their
    // scores, where reviewers agree), and nothing a later piece needs (the dialogs, TanStack Query's
    // mutations, Amplify).
    await page.waitForLoadState('networkidle');
    const core = ['app', 'base', 'index', 'rolldown-runtime'];
    const scripts = requested.filter((p) => p.endsWith('.js')).map((p) => p.replace(/^\/assets\/(.+)-[\w-]{8}\.js$/, '$1'));
    expect(scripts.filter((s) => core.includes(s)).sort()).toEqual(core);
    expect(scripts.filter((s) => !core.includes(s) && s !== 'criteria-chart' && s !== 'heat-strip')).toEqual([]);
  });
});
