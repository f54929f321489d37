import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserTests } from './fixtures.js';
import { waitForPath } from './helpers.js';

const e2e = browserTests();

/**
 * Reloads the page with its stored tokens changed before any of its scripts run: the access token made
 * to look expired (its signature no longer matters to the client) and, if given, the refresh token
 * replaced. Changed from a running page instead, its own refresh (a query's, the session watcher's) can
 * write the old tokens back between the change and the reload. Returns the access token it replaced.
 */
async function reloadWithTokens(page: Page, refreshToken?: string): Promise<string> {
  const original = await storedAccessToken(page);
  await page.addInitScript((refresh) => {
    // Once: the sign-out this may lead to loads the page again.
    if (sessionStorage.getItem('tokens-changed')) return;
    sessionStorage.setItem('tokens-changed', '1');
    const key = (suffix: string) => Object.keys(localStorage).find((k) => k.endsWith(suffix));
    const accessKey = key('.accessToken');
    if (!accessKey) return;
    const [header, payload, signature] = localStorage.getItem(accessKey)!.split('.');
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    claims.exp = Math.floor(Date.now() / 1000) - 60;
    const encoded = btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    localStorage.setItem(accessKey, `${header}.${encoded}.${signature}`);
    const refreshKey = key('.refreshToken');
    if (refresh && refreshKey) localStorage.setItem(refreshKey, refresh);
  }, refreshToken);
  await page.reload();
  return original;
}

const storedAccessToken = (page: Page) =>
  page.evaluate(() => localStorage.getItem(Object.keys(localStorage).find((k) => k.endsWith('.accessToken'))!) ?? '');

describe('session', () => {
  it('refreshes expired tokens with the local user pool and stays signed in', async () => {
    const page = await e2e.signedIn('musician2@demo.test', '/dashboard');
    const original = await reloadWithTokens(page);
    await page.getByRole('heading', { name: 'Musician Experience' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    const renewed = await storedAccessToken(page);
    expect(renewed).not.toBe(original);
    const exp = await page.evaluate((t) => JSON.parse(atob(t.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).exp as number, renewed);
    expect(exp * 1000).toBeGreaterThan(Date.now());
  });

  it('signs out cleanly when the refresh fails', async () => {
    const page = await e2e.signedIn('musician2@demo.test', '/dashboard');
    // What the pool answered and what the page said: a failure names them instead of a bare timeout.
    const seen: string[] = [];
    page.on('console', (m) => seen.push(`console ${m.type()}: ${m.text()}`));
    page.on('response', (r) => {
      const target = r.request().headers()['x-amz-target'] ?? '';
      if (target.startsWith('AWSCognito')) {
        seen.push(`${target} ${r.status()}`);
        void r.text().then(
          (body) => seen.push(`  ${body.slice(0, 200)}`),
          () => {},
        );
      }
    });
    page.on('requestfailed', (r) => seen.push(`failed ${r.url()} ${r.failure()?.errorText}`));
    await reloadWithTokens(page, 'revoked-refresh-token');
    // The refresh's refusal, then the sign-out: on a loaded machine longer than a page load takes.
    await waitForPath(page, '/login', 30_000).catch((err: Error) => {
      throw new Error(`${err.message}\nstill at ${page.url()}\n${seen.join('\n')}`);
    });
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    const left = await page.evaluate(() => Object.keys(localStorage).filter((k) => /\.(accessToken|idToken|refreshToken)$/.test(k)));
    expect(left).toEqual([]);
  });

  it('follows a sign-out in another tab at once, without loading Amplify for a session that is still good', async () => {
    const first = await e2e.signedIn('musician2@demo.test', '/dashboard');
    const amplifyAsked: string[] = [];
    first.on('request', (r) => {
      if (/\/assets\/amplify-/.test(new URL(r.url()).pathname)) amplifyAsked.push(r.url());
    });
    await first.reload();
    await first.getByRole('heading', { name: 'Musician Experience' }).waitFor();
    expect(amplifyAsked).toEqual([]);

    const second = await first.context().newPage();
    await second.goto(first.url());
    await second.getByRole('heading', { name: 'Musician Experience' }).waitFor();
    await second.getByTestId('sidebar').getByRole('button', { name: 'Logout' }).click();
    // Well before the session watcher's next tick (30 s): the storage event tells the first tab.
    await waitForPath(first, '/login', 10_000);
    await first.getByRole('button', { name: 'Sign In' }).waitFor();
    await second.close();
  });
});
