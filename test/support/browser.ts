/** Debian's Chromium headless shell driven by playwright-core; screenshots land in test-results/screenshots/. */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { TEST_CHROMIUM } from '../../scripts/setup/system-packages.mjs';

export type Viewport = { readonly width: number; readonly height: number };

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;
/** A smaller phone, for the layouts that must hold at 375 px. */
export const SMALL_PHONE = { width: 375, height: 812 } as const;
export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

const CHROMIUM = process.env.CHROMIUM_PATH || TEST_CHROMIUM;

export async function launchBrowser(): Promise<Browser> {
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
 * A browser context whose pages draw no animation or transition and no blinking caret: none is under test, and
 * a spinner turning while a test waits had the browser draw 60 frames a second (measured on three browser
 * files: Chromium's compositor took 28.5 core-seconds with them and 9.5 without, the whole browser 86 and 63).
 */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      const still = document.createElement('style');
      still.textContent =
        '*, ::before, ::after { animation: none !important; transition: none !important; caret-color: transparent !important; }';
      (document.head ?? document.documentElement).append(still);
    }),
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
