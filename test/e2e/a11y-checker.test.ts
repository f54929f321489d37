/**
 * The accessibility checks themselves: axe's finds a broken rule (in the page and in a frame of it), names
 * the rule and the element, and passes a page with none, also after a navigation has taken its script away;
 * the keyboard walk names each element that does not show its focus, and passes those that show it by
 * their own style, an ancestor's or only in pixels (a range input's thumb).
 */
import { expect, it } from 'vitest';
import { expectAccessible, expectVisibleFocus } from '../support/a11y.js';
import { browserTests } from './fixtures.js';

const e2e = browserTests();
const ORIGIN = 'http://a11y-check.test';
const PAGES: Record<string, string> = {
  '/clean': '<p>Fine text.</p>',
  '/image': '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" id="no-alt">',
  '/framed': '<iframe title="Inner" src="/inner"></iframe>',
  '/inner': '<button id="nameless"></button>',
  '/focus': `<style>
      .wrap:focus-within { box-shadow: 0 0 0 3px #1d4ed8; }
      p { margin: 16px 0; }
      #thumb { -webkit-appearance: none; appearance: none; height: 8px; background: #ccc; outline: none; }
      #thumb::-webkit-slider-thumb { -webkit-appearance: none; width: 16px; height: 16px; background: #888; }
      #thumb:focus::-webkit-slider-thumb { background: #b91c1c; }
    </style>
    <p><button type="button">Ringed</button></p>
    <p><button type="button" style="outline: none">Bare</button></p>
    <p class="wrap"><button type="button" style="outline: none">Within</button></p>
    <p><input type="range" id="thumb" aria-label="Thumb"></p>
    <p><a href="#x" style="outline: none; text-decoration: none; color: #000">Plain link</a></p>
    <p><button type="button">Last</button></p>`,
};

it('names each element that does not show its focus, and only those, walking the page by the keyboard', async () => {
  const page = await e2e.page();
  await page.route(`${ORIGIN}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><body><main>${PAGES['/focus']}</main></body></html>` }),
  );
  await page.goto(`${ORIGIN}/focus`);
  const failure = await expectVisibleFocus(page, 'focus').then(
    () => null,
    (err: Error) => err.message,
  );
  expect(failure).toContain('No visible focus on "focus"');
  expect(failure?.split('\n').slice(1)).toEqual(['  - button "Bare"', '  - a "Plain link"']);

  await page.evaluate(() => document.querySelectorAll('[style*="outline: none"]:not(#thumb)').forEach((el) => el.removeAttribute('style')));
  expect(await expectVisibleFocus(page, 'focus')).toBe(6);
  // A walk that stops early checks the last stop it reached too.
  await page.evaluate(() => document.querySelector('a')!.setAttribute('style', 'outline: none; text-decoration: none; color: #000'));
  await expect(expectVisibleFocus(page, 'focus', 5)).rejects.toThrow(/a "Plain link"/);
  expect(await expectVisibleFocus(page, 'focus', 4)).toBe(4);
});

it('fails naming the rule and the element, in the page and in a frame, and passes a clean page', async () => {
  const page = await e2e.page();
  await page.route(`${ORIGIN}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1>${PAGES[new URL(route.request().url()).pathname]}</main></body></html>`,
    }),
  );
  await page.goto(`${ORIGIN}/clean`);
  await expectAccessible(page, 'clean');

  await page.goto(`${ORIGIN}/image`);
  await expect(expectAccessible(page, 'image')).rejects.toThrow(/image-alt[\s\S]*#no-alt/);

  await page.goto(`${ORIGIN}/framed`);
  await page.frameLocator('iframe').locator('#nameless').waitFor();
  await expect(expectAccessible(page, 'frame')).rejects.toThrow(/button-name[\s\S]*#nameless/);

  await page.goto(`${ORIGIN}/clean`);
  await expectAccessible(page, 'clean again');
});
