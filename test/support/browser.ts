/**
 * Debian's Chromium headless shell driven by playwright-core, and Debian's Firefox ESR for the journeys in a
 * second engine (test/e2e/engines.test.ts; the third, WebKitGTK, is driven by ./webkit-page.ts); screenshots land in
 * test-results/screenshots/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, firefox, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { DEFAULT_FIREFOX, TEST_CHROMIUM } from '../../scripts/setup/system-packages.mjs';

export type Viewport = { readonly width: number; readonly height: number };

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;
/** A smaller phone, for the layouts that must hold at 375 px. */
export const SMALL_PHONE = { width: 375, height: 812 } as const;
export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

const CHROMIUM = process.env.CHROMIUM_PATH || TEST_CHROMIUM;
const FIREFOX = process.env.FIREFOX_PATH || DEFAULT_FIREFOX;

/** The engines the browser tests run in: every test in Chromium, the main journeys in Firefox and WebKitGTK too. */
export type Engine = 'chromium' | 'firefox' | 'webkit';
export const ENGINE_NAMES: Record<Engine, string> = { chromium: 'Chromium', firefox: 'Firefox ESR', webkit: 'WebKitGTK' };

/** No animation, transition or blinking caret in a test's pages: what a test reads or draws is the page at rest. */
export const STILL_CSS =
  '*, ::before, ::after { animation: none !important; transition: none !important; caret-color: transparent !important; }';

export async function launchBrowser(engine: Engine = 'chromium'): Promise<Browser> {
  if (engine === 'firefox') return launchFirefox();
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install it with  sudo apt-get install -y chromium-headless-shell`);
  }
  // playwright gives each launch a fresh, throw-away profile of its own.
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // V8's baseline compiler only: a test's page lives seconds, and the optimising tiers' compiles did not pay
      // themselves back (measured on two browser files: the renderers took 84-88 core-seconds with them, 65 without).
      '--js-flags=--max-opt=1',
    ],
  });
}

/**
 * Firefox ESR over WebDriver BiDi, Playwright's channel for a Firefox of Mozilla's own build (its usual Firefox is
 * a patched build downloaded from Microsoft), through test/support/firefox-bidi.mjs, which stands in for the
 * executable.
 */
async function launchFirefox(): Promise<Browser> {
  if (!fs.existsSync(FIREFOX)) {
    throw new Error(`Firefox not found at ${FIREFOX}: install it with  sudo apt-get install -y firefox-esr`);
  }
  const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'snip-firefox-downloads-'));
  const browser = await firefox.launch({
    channel: 'moz-firefox',
    executablePath: path.resolve('test/support/firefox-bidi.mjs'),
    headless: true,
    downloadsPath: downloads,
    env: { ...process.env, FIREFOX_PATH: FIREFOX },
    firefoxUserPrefs: {
      // Media plays as soon as a test presses Play, as after any click in a visitor's browser.
      'media.autoplay.default': 0,
      'media.autoplay.blocking_policy': 0,
      // One content process for every page, none started ahead, and 15 frames a second: the six journeys
      // took Firefox 55 core-seconds instead of 65 (process creation and painting; nothing here animates).
      'fission.autostart': false,
      'dom.ipc.processCount': 1,
      'dom.ipc.processPrelaunch.enabled': false,
      'layout.frame_rate': 15,
    },
  });
  DOWNLOADS.set(browser, downloads);
  browser.on('disconnected', () => fs.rmSync(downloads, { recursive: true, force: true }));
  return browser;
}

/**
 * Where a browser that sends no download event saves its downloads: each Firefox (the ESR saves them but sends
 * no event over BiDi), and each WebKitGTK page (WebDriver has no downloads at all).
 */
export const DOWNLOADS = new WeakMap<object, string>();

/**
 * Clicks what starts a download and gives the file's name and text: from Playwright's download event in
 * Chromium, from the folder the browser saved it in (the first new file there) in Firefox and WebKitGTK.
 */
export async function downloadOf(page: Page, start: () => Promise<void>, timeoutMs = 15_000): Promise<{ name: string; text: string }> {
  const folder = DOWNLOADS.get(page) ?? DOWNLOADS.get(page.context().browser()!);
  if (!folder) {
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: timeoutMs }), start()]);
    return { name: download.suggestedFilename(), text: fs.readFileSync((await download.path())!, 'utf8') };
  }
  const before = new Set(fs.readdirSync(folder));
  await start();
  for (const until = Date.now() + timeoutMs; Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
    // Firefox puts an empty file under the download's name at once, writes a '.part' beside it and moves
    // that over it once the download is whole (a download the tests wait for is never empty); WebKitGTK writes
    // a '.wkdownload' and renames it. Dot names are the browser's own (WebKitGTK's folder is its home).
    const now = fs.readdirSync(folder);
    const partial = (file: string) => file.endsWith('.part') || file.endsWith('.wkdownload');
    const name = now.find((file) => !before.has(file) && !partial(file) && !file.startsWith('.'));
    // Firefox may also make a file under a name of its own and take it away before it is read: gone, it is looked
    // for again at the next turn.
    const text = name && !now.some((file) => partial(file) && file.startsWith(name)) ? readIfThere(path.join(folder, name)) : '';
    if (name && text) return { name, text };
  }
  throw new Error(`Nothing was downloaded into ${folder} within ${timeoutMs} ms`);
}

/** The file's text, or '' where it is gone (or still empty). */
function readIfThere(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw err;
  }
}

/**
 * A browser context whose pages draw no animation or transition and no blinking caret: none is under test, and
 * a spinner turning while a test waits had the browser draw 60 frames a second (measured on three browser
 * files: Chromium's compositor took 28.5 core-seconds with them and 9.5 without, the whole browser 86 and 63).
 */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  if (browser.browserType().name() === 'firefox') {
    // Test machines have no sound device: Firefox then fails every playing element, WAV or MP3, with
    // MEDIA_ERR_DECODE ('Failed to decode media', its detail 'OnMediaSinkAudioError': the audio output, not the
    // file), where Chromium plays into a device of its own. Muted, it still decodes, keeps time, seeks and ends.
    await context.addInitScript(() => {
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        this.muted = true;
        return play.call(this);
      };
    });
  }
  await context.addInitScript(
    (css) =>
      document.addEventListener('DOMContentLoaded', () => {
        const still = document.createElement('style');
        still.textContent = css;
        (document.head ?? document.documentElement).append(still);
      }),
    STILL_CSS,
  );
  return context;
}

export async function newPage(browser: Browser, viewport: Viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { viewport });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Saves a full-page screenshot named `<name>-<width>x<height>.png`, when SCREENSHOTS=1 (`npm run screenshots`):
 * they are for people to look at, and drawing them cost the browser tests about a seventh of their CPU.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const size = page.viewportSize();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${size?.width}x${size?.height}.png`), fullPage: true });
}
