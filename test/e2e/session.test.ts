import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserTests } from './fixtures.js';
import { waitForPath } from './helpers.js';

const e2e = browserTests();

/** Rewrites the stored access token so that it looks expired (its signature no longer matters to the client). */
async function expireStoredAccessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'))!;
    const token = localStorage.getItem(key)!;
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    claims.exp = Math.floor(Date.now() / 1000) - 60;
    const encoded = btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    localStorage.setItem(key, `${header}.${encoded}.${signature}`);
    return token;
  });
}

const storedAccessToken = (page: Page) =>
  page.evaluate(() => localStorage.getItem(Object.keys(localStorage).find((k) => k.endsWith('.accessToken'))!) ?? '');

describe('session', () => {
  it('refreshes expired tokens with the local user pool and stays signed in', async () => {
    const page = await e2e.signedIn('musician2@demo.test', '/dashboard');
    const original = await expireStoredAccessToken(page);
    await page.reload();
    await page.getByRole('heading', { name: 'Musician Experience' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    const renewed = await storedAccessToken(page);
    expect(renewed).not.toBe(original);
    const exp = await page.evaluate((t) => JSON.parse(atob(t.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).exp as number, renewed);
    expect(exp * 1000).toBeGreaterThan(Date.now());
  });

  it('signs out cleanly when the refresh fails', async () => {
    const page = await e2e.signedIn('musician2@demo.test', '/dashboard');
    await expireStoredAccessToken(page);
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.refreshToken'))!;
      localStorage.setItem(key, 'revoked-refresh-token');
    });
    // What the pool answered and what the page said: a failure names them instead of a bare timeout.
    const seen: string[] = [];
    page.on('console', (m) => seen.push(`console ${m.type()}: ${m.text()}`));
    page.on('response', (r) => {
      const target = r.request().headers()['x-amz-target'] ?? '';
      if (target.startsWith('AWSCognito')) {
        void r.text().then(
          (body) => seen.push(`${target} ${r.status()} ${body.slice(0, 200)}`),
          () => {},
        );
      }
    });
    page.on('requestfailed', (r) => seen.push(`failed ${r.url()} ${r.failure()?.errorText}`));
    await page.reload();
    // The refresh's refusal, then the sign-out: on a loaded machine longer than a page load takes.
    await waitForPath(page, '/login', 30_000).catch((err: Error) => {
      throw new Error(`${err.message}\nstill at ${page.url()}\n${seen.join('\n')}`);
    });
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    const left = await page.evaluate(() => Object.keys(localStorage).filter((k) => /\.(accessToken|idToken|refreshToken)$/.test(k)));
    expect(left).toEqual([]);
  });
});
