/**
 * The browser contexts the tests open (newContext in test/support/browser.ts): their pages draw no animation,
 * transition or blinking caret from their first frame, which is what kept the browser drawing 60 frames a
 * second while a test waited. Only the suite's CPU time would show it if the style stopped applying.
 */
import { expect, it } from 'vitest';
import { browserTests } from './fixtures.js';

const e2e = browserTests();
const ORIGIN = 'http://contexts.test';

it('draw no animation, transition or caret in their pages, from the first document on', async () => {
  const page = await e2e.page();
  await page.route(`${ORIGIN}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><style>
          @keyframes spin { to { transform: rotate(360deg); } }
          #spinner { animation: spin 1s linear infinite; }
          #fading { transition: opacity 300ms ease; }
        </style></head><body><div id="spinner">o</div><div id="fading">x</div><input id="field" aria-label="Field"></body></html>`,
    }),
  );
  await page.goto(`${ORIGIN}/`);
  const styles = await page.evaluate(() => {
    const of = (id: string) => getComputedStyle(document.getElementById(id)!);
    return {
      animations: document.getAnimations().length,
      spinner: of('spinner').animationName,
      fading: of('fading').transitionProperty,
      caret: of('field').caretColor,
    };
  });
  expect(styles).toEqual({ animations: 0, spinner: 'none', fading: 'none', caret: 'rgba(0, 0, 0, 0)' });
});
