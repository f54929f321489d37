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
 * What the focused element (window.__focused) and its surroundings look like: the styles a focus
 * indicator changes, of the element, three ancestors and its first 20 descendants. A string, evaluated
 * in the page as it is (a bundler's helpers for named functions do not exist there).
 */
const FOCUS_LOOK = `(() => {
  const el = window.__focused;
  if (!el || !el.isConnected) return null;
  const props = ['outline-style', 'outline-width', 'outline-color', 'box-shadow', 'border-top-color', 'border-bottom-color',
    'background-color', 'color', 'text-decoration-line', 'opacity'];
  const parts = [];
  const add = (e) => { const s = getComputedStyle(e); parts.push(props.map((p) => s.getPropertyValue(p)).join('|')); };
  add(el);
  for (let a = el.parentElement, i = 0; a && i < 3; a = a.parentElement, i++) add(a);
  Array.from(el.querySelectorAll('*')).slice(0, 20).forEach(add);
  return parts.join('\\n');
})()`;

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

/** With the element focused (as it is when called): does it look different once the focus leaves it? */
async function looksDifferentWhenFocused(page: Page): Promise<boolean> {
  const center = () => page.evaluate(() => (window as unknown as { __focused?: Element }).__focused?.scrollIntoView({ block: 'center' }));
  await center();
  const focused = await shotAroundFocus(page);
  await page.keyboard.press('Shift+Tab');
  // The same place on the screen, whatever moving the focus scrolled.
  await center();
  const away = await shotAroundFocus(page);
  await page.keyboard.press('Tab');
  return !!focused && !!away && !focused.equals(away);
}

/**
 * Tabs through the page from its start (at most `maxTabs` stops, or until focus comes round again) and
 * fails naming every element whose look does not change when it gets the focus: Tab, remember how it
 * looks, Shift+Tab away, compare, Tab back (and where no style shows it, compare the pixels around it). Transitions are switched off so no style is caught half-way,
 * and the caret is hidden so that a text field is not taken as showing focus by its caret alone.
 */
export async function expectVisibleFocus(page: Page, screen: string, maxTabs = 60): Promise<number> {
  const style = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; caret-color: transparent !important; }',
  });
  try {
    // Tab starts from the top of the page (or the open dialog), wherever the focus was.
    await page.evaluate(() => {
      const start = document.createElement('span');
      start.tabIndex = -1;
      start.id = '__focus-start';
      document.body.prepend(start);
      start.focus();
    });
    const seen = new Set<string>();
    const invisible: string[] = [];
    let first: string | null = null;
    for (let i = 0; i < maxTabs; i++) {
      await page.keyboard.press('Tab');
      const id = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return null;
        const w = window as unknown as { __focused?: Element; __focusIds?: WeakMap<Element, string>; __focusNext?: number };
        w.__focusIds ??= new WeakMap();
        w.__focusNext ??= 0;
        if (!w.__focusIds.has(el)) w.__focusIds.set(el, String(w.__focusNext++));
        w.__focused = el;
        const label =
          el.getAttribute('aria-label') ||
          (el as HTMLInputElement).labels?.[0]?.textContent?.trim() ||
          el.textContent?.trim().slice(0, 40) ||
          el.getAttribute('data-testid') ||
          el.tagName.toLowerCase();
        return { key: w.__focusIds.get(el)!, label: `${el.tagName.toLowerCase()} "${label}"` };
      });
      if (!id) continue;
      if (id.key === first || seen.has(id.key)) break;
      first ??= id.key;
      seen.add(id.key);
      const focused = await page.evaluate<string | null>(FOCUS_LOOK);
      await page.keyboard.press('Shift+Tab');
      const away = await page.evaluate<string | null>(FOCUS_LOOK);
      await page.keyboard.press('Tab');
      // No style of its own or around it changed (a range input's thumb is a pseudo-element that no
      // computed style shows): compare what the screen shows around it, focused and not.
      if (focused !== null && focused === away && !(await looksDifferentWhenFocused(page))) invisible.push(id.label);
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
