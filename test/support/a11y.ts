/**
 * Accessibility checks of the page as it is now:
 * - axe-core's WCAG 2.0 and 2.1 A and AA rules, plus its best-practice rules (heading order, landmarks),
 *   failing with one readable line per rule and the elements it found, so a new violation names itself;
 * - the keyboard: every element Tab reaches shows that it has the focus (some style of it, of an
 *   ancestor or of a descendant changes when it gets it, or else the pixels around it do).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/** axe-core's browser build, put into each document that is checked. */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** One line per violated rule, then each offending element with what axe says is wrong with it. */
export function formatViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.map((n) => {
        const why = (n.failureSummary ?? '').replace(/\s*\n\s*/g, ' ').trim();
        return `    - ${n.target.join(' ')}: ${n.html.slice(0, 160)}${why ? `\n      ${why}` : ''}`;
      });
      return `  [${v.impact ?? 'n/a'}] ${v.id}: ${v.help} (${v.nodes.length})\n${nodes.join('\n')}`;
    })
    .join('\n');
}

/**
 * The violations axe finds on the page, once what is animating in (a dialog's fade, a panel's slide) has
 * finished: colours taken half-way through a fade are not the ones users read. Endless animations
 * (spinners) are not waited for.
 */
export async function axeViolations(page: Page): Promise<Result[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Put in once per document (a navigation takes it away), in every frame, and asked for the violations
  // only: the rest of axe's results, and a finishing page of its own per check, are what made each check
  // cost two seconds of the browser's time rather than a few hundred milliseconds.
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SOURCE);
  }
  const run = (selectors: boolean) =>
    page
      .evaluate(
        (opts) => (window as unknown as { axe: { run: (ctx: Document, o: RunOptions) => Promise<AxeResults> } }).axe.run(document, opts),
        { runOnly: { type: 'tag', values: AXE_TAGS }, resultTypes: ['violations'], selectors } satisfies RunOptions,
      )
      .then((results) => results.violations);
  // The CSS selectors that name each element are worked out only for a failure's message: for every element
  // checked, they were about a third of a check's time (measured on a dashboard: 97 ms a check with them, 69 without).
  const violations = await run(false);
  return violations.length ? run(true) : violations;
}

const where = (page: Page, screen: string) => {
  const size = page.viewportSize();
  return `"${screen}" at ${size?.width}x${size?.height} (${new URL(page.url()).pathname})`;
};

/** Fails when axe finds any violation on the page, naming the screen and the page's size. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const violations = await axeViolations(page);
  if (violations.length === 0) return;
  throw new Error(`${violations.length} accessibility violation(s) on ${where(page, screen)}:\n${formatViolations(violations)}`);
}

/**
 * In the page, once per walk: `__focusLook(el)`, what an element and its surroundings look like (the styles
 * a focus indicator changes, of the element, three ancestors and its first 20 descendants), and
 * `__focusStep()`, called after each Tab: the look the element focused before now has (away), and the
 * newly focused one with its look. A string, evaluated in the page as it is (a bundler's helpers for named
 * functions do not exist there).
 */
const FOCUS_WALKER = `(() => {
  const props = ['outline-style', 'outline-width', 'outline-color', 'box-shadow', 'border-top-color', 'border-bottom-color',
    'background-color', 'color', 'text-decoration-line', 'opacity'];
  window.__focusLook = (el) => {
    if (!el || !el.isConnected) return null;
    const parts = [];
    const add = (e) => { const s = getComputedStyle(e); parts.push(props.map((p) => s.getPropertyValue(p)).join('|')); };
    add(el);
    for (let a = el.parentElement, i = 0; a && i < 3; a = a.parentElement, i++) add(a);
    Array.from(el.querySelectorAll('*')).slice(0, 20).forEach(add);
    return parts.join('\\n');
  };
  window.__focusIds = new WeakMap();
  window.__focusNext = 0;
  window.__focused = null;
  window.__focusStep = () => {
    window.__left = window.__focused;
    const away = window.__focusLook(window.__left);
    const el = document.activeElement;
    window.__focused = el && el !== document.body ? el : null;
    if (!window.__focused) return { away, now: null };
    if (!window.__focusIds.has(el)) window.__focusIds.set(el, String(window.__focusNext++));
    const label = el.getAttribute('aria-label') || (el.labels && el.labels[0] && el.labels[0].textContent.trim()) ||
      el.textContent.trim().slice(0, 40) || el.getAttribute('data-testid') || el.tagName.toLowerCase();
    return { away, now: { key: window.__focusIds.get(el), label: el.tagName.toLowerCase() + ' "' + label + '"', look: window.__focusLook(el) } };
  };
})()`;

type FocusStep = { away: string | null; now: { key: string; label: string; look: string | null } | null };
const focusStep = (page: Page) => page.evaluate<FocusStep>('window.__focusStep()');

/** The pixels around the focused element (8 px on each side), as the screen shows them. */
async function shotAroundFocus(page: Page): Promise<Buffer | null> {
  const box = await page.evaluate(() => {
    const el = (window as unknown as { __focused?: Element }).__focused;
    if (!el) return null;
    const r = el.getBoundingClientRect();
    const x = Math.max(0, r.left - 8);
    const y = Math.max(0, r.top - 8);
    const width = Math.min(window.innerWidth, r.right + 8) - x;
    const height = Math.min(window.innerHeight, r.bottom + 8) - y;
    return width > 0 && height > 0 ? { x, y, width, height } : null;
  });
  return box ? page.screenshot({ clip: box }) : null;
}

/**
 * Called with the focus on the element after `key`'s (window.__left): does `key`'s element look different
 * on the screen focused than not? The pixels around it now, then Shift+Tab back to it and again with it
 * focused, and Tab on to where the walk was.
 */
async function looksDifferentWhenFocused(page: Page, key: string): Promise<boolean> {
  const aim = (at: string) =>
    page.evaluate<string | undefined>(
      `window.__focused = ${at}; window.__focused?.scrollIntoView({ block: 'center' }); window.__focusIds.get(window.__focused)`,
    );
  // The same place on the screen both times, whatever moving the focus scrolled.
  await aim('window.__left');
  const away = await shotAroundFocus(page);
  await page.keyboard.press('Shift+Tab');
  const focused = (await aim('document.activeElement')) === key ? await shotAroundFocus(page) : null;
  await page.keyboard.press('Tab');
  await page.evaluate('window.__focused = document.activeElement');
  return !!focused && !!away && !focused.equals(away);
}

/**
 * Tabs through the page from its start (at most `maxTabs` stops, or until focus comes round again) and
 * fails naming every element whose look does not change when it gets the focus: after each Tab, the look
 * of the element just left is compared with its look while it had the focus (and where no style shows
 * it, the pixels around it are compared, focused and not). Transitions are switched off so no style is
 * caught half-way, and the caret is hidden so that a text field is not taken as showing focus by its caret
 * alone. One Tab and one call into the page a stop, where a Shift+Tab away, a Tab back and three calls were
 * (measured on the accessibility file alone: 193 core-s and 146 s instead of 211 and 157).
 */
export async function expectVisibleFocus(page: Page, screen: string, maxTabs = 60): Promise<number> {
  const style = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; caret-color: transparent !important; }',
  });
  try {
    // Tab starts from the top of the page (or the open dialog), wherever the focus was.
    await page.evaluate(FOCUS_WALKER);
    await page.evaluate(() => {
      const start = document.createElement('span');
      start.tabIndex = -1;
      start.id = '__focus-start';
      document.body.prepend(start);
      start.focus();
    });
    const seen = new Set<string>();
    const invisible: string[] = [];
    let previous: NonNullable<FocusStep['now']> | null = null;
    for (let i = 0; i <= maxTabs; i++) {
      await page.keyboard.press('Tab');
      const { away, now } = await focusStep(page);
      if (previous && previous.look !== null && previous.look === away) {
        // No style of its own or around it changed (a range input's thumb is a pseudo-element that no
        // computed style shows): compare what the screen shows around it.
        if (!(await looksDifferentWhenFocused(page, previous.key))) invisible.push(previous.label);
      }
      previous = null;
      if (!now || i === maxTabs) continue;
      if (seen.has(now.key)) break;
      seen.add(now.key);
      previous = now;
    }
    if (invisible.length > 0) {
      throw new Error(`No visible focus on ${where(page, screen)} for:\n${invisible.map((l) => `  - ${l}`).join('\n')}`);
    }
    return seen.size;
  } finally {
    await style.evaluate((el) => (el as Element).remove());
    await page.evaluate(() => document.getElementById('__focus-start')?.remove());
  }
}
