/**
 * A page of Debian's WebKitGTK, driven over classic WebDriver (./webdriver.ts), with the part of Playwright's
 * Page and Locator the main journeys use (test/e2e/engines.test.ts), so that one journey's code runs in all
 * three engines. Locators find their elements in the page (./page-query.ts) and wait as Playwright's do:
 * for one visible, enabled element before acting, for a state before `waitFor` returns. Clicks, typing, keys,
 * the pointer and file inputs go through WebDriver's own input, as a user's would.
 *
 * What WebDriver cannot do, and how it is done here instead:
 * - no script runs before a page's own: a signed-in session is stored from a page of the app's origin before
 *   the app's page opens (test/e2e/fixtures.ts), and animations are stilled once each page has loaded;
 * - screenshots are of the window, never the full page;
 * - a GTK window is at least 447 px wide, so the phone's 390 px is laid out at 447 (viewportSize says so).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import type { Page } from 'playwright-core';
import type { Step, TextMatch } from './page-query.js';
import { elementId, startXvfb, WebDriverError, WebDriverSession, type ElementRef } from './webdriver.js';
import { DOWNLOADS, STILL_CSS, type Viewport } from './browser.js';
import { WEBKIT_DRIVER, webkitBrowser } from '../../scripts/setup/system-packages.mjs';

const TIMEOUT_MS = 30_000;
const POLL_MS = 100;
/** WebDriver's codes for the keys the journeys press by name. */
const KEYS: Record<string, string> = {
  Space: '\uE00D',
  Enter: '\uE007',
  Escape: '\uE00C',
  Tab: '\uE004',
  Backspace: '\uE003',
  Home: '\uE011',
  End: '\uE010',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
};

let querySource: string | undefined;
/** ./page-query.ts as one script that sets window.__snipQuery: built once, sent to each page that lacks it. */
function pageQuery(): string {
  querySource ??= buildSync({
    entryPoints: [new URL('./page-query.ts', import.meta.url).pathname],
    bundle: true,
    format: 'iife',
    globalName: '__snipQuery',
    footer: { js: 'window.__snipQuery = __snipQuery;' },
    platform: 'browser',
    define: { 'process.env.NODE_ENV': '"production"' },
    minify: true,
    write: false,
    logLevel: 'warning',
  }).outputFiles[0].text;
  return querySource;
}

const text = (match: string | RegExp): TextMatch => (typeof match === 'string' ? { s: match } : { re: match.source, flags: match.flags });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A function's source to run in the page; esbuild's name helper, which the test's transform may leave in it, is a no-op there. */
const source = (fn: unknown) => `const __name = (f) => f; return (${String(fn)})`;

/** Polls `probe` until it returns something other than undefined, or fails with `what` after `timeout` ms. */
async function until<T>(what: string, timeout: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const got = await probe();
      if (got !== undefined) return got;
    } catch (err) {
      if (!(err instanceof WebDriverError)) throw err;
      last = err;
    }
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeout} ms waiting for ${what}${last ? ` (${(last as Error).message})` : ''}`);
    await sleep(POLL_MS);
  }
}

export class WebKitLocator {
  constructor(
    private readonly owner: WebKitPage,
    readonly steps: Step[],
  ) {}

  private and(step: Step) {
    return new WebKitLocator(this.owner, [...this.steps, step]);
  }

  page() {
    return this.owner;
  }
  getByRole(role: string, options: { name?: string | RegExp; exact?: boolean } = {}) {
    return this.and({ by: 'role', role, ...(options.name !== undefined ? { name: text(options.name) } : {}), exact: options.exact });
  }
  getByTestId(id: string) {
    return this.and({ by: 'testid', id });
  }
  getByLabel(label: string | RegExp, options: { exact?: boolean } = {}) {
    return this.and({ by: 'label', text: text(label), exact: options.exact });
  }
  getByText(match: string | RegExp, options: { exact?: boolean } = {}) {
    return this.and({ by: 'text', text: text(match), exact: options.exact });
  }
  locator(selector: string) {
    return this.and({ by: 'css', selector });
  }
  filter(options: { has?: WebKitLocator; hasText?: string | RegExp }) {
    return this.and({ by: 'filter', has: options.has?.steps, hasText: options.hasText === undefined ? undefined : text(options.hasText) });
  }
  first() {
    return this.and({ by: 'nth', index: 0 });
  }
  last() {
    return this.and({ by: 'nth', index: -1 });
  }
  nth(index: number) {
    return this.and({ by: 'nth', index });
  }

  async count(): Promise<number> {
    return (await this.owner.find(this.steps)).length;
  }

  async isVisible(): Promise<boolean> {
    return (await this.owner.find(this.steps)).some((e) => e.visible);
  }

  async waitFor(options: { state?: 'visible' | 'hidden' | 'attached' | 'detached'; timeout?: number } = {}): Promise<void> {
    const state = options.state ?? 'visible';
    await until(`${this.describe()} to be ${state}`, options.timeout ?? TIMEOUT_MS, async () => {
      const found = await this.owner.find(this.steps);
      const ok = {
        visible: found.some((e) => e.visible),
        hidden: !found.some((e) => e.visible),
        attached: found.length > 0,
        detached: found.length === 0,
      }[state];
      return ok ? true : undefined;
    });
  }

  /** The one element the locator names (more than one is an error, as in Playwright), once it is there and, if asked, visible and enabled. */
  private async element(options: { timeout?: number; visible?: boolean; enabled?: boolean } = {}): Promise<ElementRef> {
    return until(`${this.describe()}${options.visible ? ' to be visible' : ''}`, options.timeout ?? TIMEOUT_MS, async () => {
      const found = await this.owner.find(this.steps);
      if (found.length > 1) throw new Error(`${this.describe()} names ${found.length} elements, where one was meant`);
      const [e] = found;
      if (!e || (options.visible && !e.visible) || (options.enabled && e.disabled)) return undefined;
      return e.ref;
    });
  }

  private describe() {
    return `the locator ${JSON.stringify(this.steps)}`;
  }

  /**
   * Does `action` to the element once it is visible and enabled, again while WebDriver refuses it (something
   * drawn over it for a moment, a toast or a closing dialog, or a field not yet editable), as Playwright waits.
   */
  private async act(what: string, timeout: number, action: (id: string) => Promise<unknown>): Promise<void> {
    await until(`${what} ${this.describe()}`, timeout, async () => {
      const ref = await this.element({ timeout, visible: true, enabled: true });
      // In the middle of the window: WebKit's WebDriver refuses an element a sticky bar covers at the window's edge.
      await this.owner.session.call('POST', '/execute/sync', { script: `arguments[0].scrollIntoView({ block: 'center' });`, args: [ref] });
      await action(elementId(ref));
      return true;
    });
  }

  click(options: { timeout?: number } = {}): Promise<void> {
    return this.act('a click on', options.timeout ?? TIMEOUT_MS, (id) => this.owner.session.call('POST', `/element/${id}/click`));
  }

  fill(value: string): Promise<void> {
    return this.act('filling', TIMEOUT_MS, async (id) => {
      await this.owner.session.call('POST', `/element/${id}/clear`);
      if (value) await this.owner.session.call('POST', `/element/${id}/value`, { text: value });
    });
  }

  pressSequentially(value: string): Promise<void> {
    return this.act('typing into', TIMEOUT_MS, (id) => this.owner.session.call('POST', `/element/${id}/value`, { text: value }));
  }

  /** A file input's file, sent as WebDriver sends one: its path typed into the (possibly hidden) input. */
  async setInputFiles(file: string): Promise<void> {
    const ref = await this.element();
    await this.owner.session.call('POST', `/element/${elementId(ref)}/value`, { text: file });
  }

  /**
   * Chooses an option by its value or label, as Playwright does: waiting for the option to be there (a list
   * still loading), then the option selected, then input and change.
   */
  async selectOption(option: string | { label: string }): Promise<void> {
    await until(`the option ${JSON.stringify(option)} of ${this.describe()}`, TIMEOUT_MS, async () => {
      const ref = await this.element({ visible: true, enabled: true });
      const chosen = await this.owner.session.call<boolean>('POST', '/execute/sync', {
        script: `const [select, want] = arguments;
          const option = [...select.options].find((o) => (typeof want === 'string' ? o.value === want || o.label === want : o.label === want.label));
          if (!option) return false;
          option.selected = true;
          select.dispatchEvent(new Event('input', { bubbles: true }));
          select.dispatchEvent(new Event('change', { bubbles: true }));
          return true;`,
        args: [ref, option],
      });
      return chosen || undefined;
    });
  }

  async evaluate<R, A>(fn: (element: any, arg: A) => R, arg?: A): Promise<R> {
    const ref = await this.element();
    return this.owner.session.call<R>('POST', '/execute/sync', {
      script: `${source(fn)}(arguments[0], arguments[1]);`,
      args: [ref, arg ?? null],
    });
  }

  textContent(): Promise<string | null> {
    return this.evaluate((e: Element) => e.textContent);
  }

  inputValue(): Promise<string> {
    return this.evaluate((e: HTMLInputElement) => e.value);
  }

  async focus(): Promise<void> {
    await this.evaluate((e: HTMLElement) => e.focus());
  }

  /** Its box in the window (brought into view first, where it is not: the pointer cannot reach past the window). */
  async boundingBox(): Promise<{ x: number; y: number; width: number; height: number }> {
    const ref = await this.element({ visible: true });
    return this.owner.session.call('POST', '/execute/sync', {
      script: `const e = arguments[0];
        let r = e.getBoundingClientRect();
        if (r.top < 0 || r.bottom > innerHeight) { e.scrollIntoView({ block: 'center' }); r = e.getBoundingClientRect(); }
        return { x: r.x, y: r.y, width: r.width, height: r.height };`,
      args: [ref],
    });
  }
}

/** A WebKit page with the Playwright Page members the journeys use; `asPage` gives it to them as one. */
export class WebKitPage {
  private lastUrl = 'about:blank';
  readonly mouse = {
    click: (x: number, y: number) =>
      this.input({
        type: 'pointer',
        id: 'mouse',
        parameters: { pointerType: 'mouse' },
        actions: [
          { type: 'pointerMove', duration: 0, origin: 'viewport', x: Math.round(x), y: Math.round(y) },
          { type: 'pointerDown', button: 0 },
          { type: 'pointerUp', button: 0 },
        ],
      }),
  };
  readonly keyboard = {
    press: (key: string) => {
      const value = KEYS[key] ?? key;
      if ([...value].length !== 1) throw new Error(`The key ${key} has no WebDriver code here`);
      return this.input({
        type: 'key',
        id: 'keyboard',
        actions: [
          { type: 'keyDown', value },
          { type: 'keyUp', value },
        ],
      });
    },
  };

  constructor(
    readonly session: WebDriverSession,
    private readonly size: Viewport,
  ) {}

  asPage(): Page {
    return this as unknown as Page;
  }

  private async input(source: object) {
    await this.session.call('POST', '/actions', { actions: [source] });
    await this.session.call('DELETE', '/actions');
  }

  /** The elements `steps` name, with what the locators wait on; the query script is sent first where the page lacks it. */
  async find(steps: Step[]): Promise<{ ref: ElementRef; visible: boolean; disabled: boolean }[]> {
    const script = `if (!window.__snipQuery) return null;
      return window.__snipQuery.resolve(arguments[0]).map((e) => ({ ref: e, visible: window.__snipQuery.visible(e), disabled: e.disabled === true || e.getAttribute('aria-disabled') === 'true' }));`;
    const found = await this.session.call<null | { ref: ElementRef; visible: boolean; disabled: boolean }[]>('POST', '/execute/sync', {
      script,
      args: [steps],
    });
    if (found) return found;
    await this.session.call('POST', '/execute/sync', { script: `${pageQuery()}; return true;`, args: [] });
    return this.find(steps);
  }

  private root() {
    return new WebKitLocator(this, []);
  }
  getByRole(...args: Parameters<WebKitLocator['getByRole']>) {
    return this.root().getByRole(...args);
  }
  getByTestId(id: string) {
    return this.root().getByTestId(id);
  }
  getByLabel(...args: Parameters<WebKitLocator['getByLabel']>) {
    return this.root().getByLabel(...args);
  }
  getByText(...args: Parameters<WebKitLocator['getByText']>) {
    return this.root().getByText(...args);
  }
  locator(selector: string) {
    return this.root().locator(selector);
  }

  async goto(url: string): Promise<void> {
    await this.session.call('POST', '/url', { url });
    await this.loaded();
  }

  async reload(): Promise<void> {
    await this.session.call('POST', '/refresh');
    await this.loaded();
  }

  /** After a load: animations stilled, as the other engines' contexts do before the page's first script. */
  private async loaded() {
    this.lastUrl = await this.session.call<string>('GET', '/url');
    await this.session.call('POST', '/execute/sync', {
      script: `const still = document.createElement('style'); still.textContent = arguments[0]; (document.head ?? document.documentElement).append(still);`,
      args: [STILL_CSS],
    });
  }

  /** The address when last asked (WebDriver answers only when asked): waitForURL and goto ask. */
  url(): string {
    return this.lastUrl;
  }

  async waitForURL(test: (url: URL) => boolean, options: { timeout?: number } = {}): Promise<void> {
    await until('the address', options.timeout ?? TIMEOUT_MS, async () => {
      this.lastUrl = await this.session.call<string>('GET', '/url');
      return test(new URL(this.lastUrl)) ? true : undefined;
    });
  }

  evaluate<R, A>(fn: (arg: A) => R, arg?: A): Promise<R> {
    return this.session.call<R>('POST', '/execute/sync', { script: `${source(fn)}(arguments[0]);`, args: [arg ?? null] });
  }

  async waitForFunction<A>(fn: (arg: A) => unknown, arg?: A, options: { timeout?: number } = {}): Promise<void> {
    await until('a condition in the page', options.timeout ?? TIMEOUT_MS, async () => ((await this.evaluate(fn, arg)) ? true : undefined));
  }

  viewportSize(): Viewport {
    return this.size;
  }

  /** The window's content as a PNG (WebDriver has no full-page capture). */
  async screenshot(options: { path: string }): Promise<void> {
    const png = await this.session.call<string>('GET', '/screenshot');
    fs.writeFileSync(options.path, Buffer.from(png, 'base64'));
  }

  context() {
    return { browser: () => ({ browserType: () => ({ name: () => 'webkit' }) }), close: () => this.session.close() };
  }
}

/**
 * One X server for a file's WebKit pages, and one home folder (GStreamer's plugin registry is built once in
 * it, and downloads land in it); each page its own driver and MiniBrowser.
 */
export class WebKitBrowser {
  private constructor(
    private readonly driver: string,
    private readonly browser: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly stopX: () => void,
  ) {}

  static async launch(driver: string, browser: string): Promise<WebKitBrowser> {
    const x = await startXvfb();
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'snip-webkit-'));
    // Drawn without GL: on an X server with no GPU, WebKit's accelerated compositing runs Mesa's software GL,
    // and without it the six journeys took about 62 core-seconds instead of 85.
    const env = {
      ...process.env,
      DISPLAY: x.display,
      HOME: home,
      WEBKIT_DISABLE_COMPOSITING_MODE: '1',
      WEBKIT_DISABLE_DMABUF_RENDERER: '1',
    };
    return new WebKitBrowser(driver, browser, env, () => {
      x.stop();
      fs.rmSync(home, { recursive: true, force: true });
    });
  }

  /** A new window of `viewport`'s content size (as near as GTK allows), on about:blank. */
  async newPage(viewport: Viewport): Promise<{ context: { close: () => Promise<void> }; page: Page }> {
    const session = await WebDriverSession.start(this.driver, this.browser, this.env);
    try {
      const inner = () =>
        session.call<[number, number]>('POST', '/execute/sync', { script: 'return [innerWidth, innerHeight];', args: [] });
      await session.call('POST', '/window/rect', viewport);
      // The window's size includes its frame: grown by the difference once, its content is the size asked.
      const [width, height] = await inner();
      await session.call('POST', '/window/rect', { width: viewport.width * 2 - width, height: viewport.height * 2 - height });
      const [w, h] = await inner();
      const page = new WebKitPage(session, { width: w, height: h });
      DOWNLOADS.set(page, this.env.HOME!);
      return { context: { close: () => session.close() }, page: page.asPage() };
    } catch (err) {
      await session.close();
      throw err;
    }
  }

  async close(): Promise<void> {
    this.stopX();
  }
}

/** Debian's WebKitGTK, or a clear word on how to install it. */
export async function launchWebKit(): Promise<WebKitBrowser> {
  const browser = webkitBrowser();
  if (!fs.existsSync(WEBKIT_DRIVER) || !browser) {
    throw new Error('WebKitGTK not found: install it with  sudo apt-get install -y webkit2gtk-driver xvfb');
  }
  return WebKitBrowser.launch(WEBKIT_DRIVER, browser);
}
