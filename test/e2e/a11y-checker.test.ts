/**
 * The accessibility check itself: it finds a broken rule (in the page and in a frame of it), names the rule
 * and the element, and passes a page with none, also after a navigation has taken its script away.
 */
import { expect, it } from 'vitest';
import { expectAccessible } from '../support/a11y.js';
import { browserTests } from './fixtures.js';

const e2e = browserTests();
const ORIGIN = 'http://a11y-check.test';
const PAGES: Record<string, string> = {
  '/clean': '<p>Fine text.</p>',
  '/image': '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" id="no-alt">',
  '/framed': '<iframe title="Inner" src="/inner"></iframe>',
  '/inner': '<button id="nameless"></button>',
};

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
