/**
 * The set-up every browser test file shares: one browser for the file (Chromium, or the engine asked for), and pages that close themselves,
 * a test's when the test finishes and a describe block's after the block's tests.
 */
import type { Browser, Page } from 'playwright-core';
import { beforeAll, beforeEach, expect, inject, onTestFinished } from 'vitest';
import { callRoute, createConfirmedUser, type TestUser } from '../support/stack-kit.js';
import { audioDir } from '../support/audio.js';
import { DESKTOP, ENGINE_NAMES, newPage, type Engine, type Viewport } from '../support/browser.js';
import { launchBrowser, signedInPage, signedInWebKitPage, type Account } from './helpers.js';
import { launchWebKit, WebKitBrowser } from '../support/webkit-page.js';

/** A page the tests of a describe block share, there from the block's first test to its last. */
export interface BlockPage {
  readonly page: Page;
}

/**
 * Call once at the top of a browser test file (or of a describe block, for another engine): the browser starts
 * before the tests and stops after them. What it returns opens the pages.
 */
export function browserTests(engine: Engine = 'chromium') {
  const stack = inject('stack');
  let running: Browser | WebKitBrowser | undefined;
  beforeAll(async () => {
    running = engine === 'webkit' ? await launchWebKit() : await launchBrowser(engine);
    return () => running?.close();
  });
  // The summary counts the browser tests by engine (test/support/summary-reporter.ts).
  beforeEach(({ task }) => {
    task.meta.engine = ENGINE_NAMES[engine];
  });

  const browser = () => {
    if (!running) throw new Error(`${ENGINE_NAMES[engine]} is not running yet: open pages in the tests and their hooks`);
    return running;
  };
  type Opened = { context: { close: () => Promise<void> }; page: Page };
  const opened = (viewport: Viewport): Promise<Opened> => {
    const b = browser();
    return b instanceof WebKitBrowser ? b.newPage(viewport) : newPage(b, viewport);
  };
  const signedIn = (who: Account, landing: string, viewport: Viewport): Promise<Opened> => {
    const b = browser();
    return b instanceof WebKitBrowser ? signedInWebKitPage(b, who, landing, viewport) : signedInPage(b, who, landing, viewport);
  };
  const closedAfterTest = ({ context, page }: Opened) => {
    onTestFinished(async ({ task }) => {
      try {
        if (task.result?.state === 'fail') console.error(await whereItStood(page));
      } finally {
        await context.close();
      }
    });
    return page;
  };

  return {
    stack,
    /** The Playwright browser (Chromium or Firefox). */
    get browser(): Browser {
      const b = browser();
      if (b instanceof WebKitBrowser) throw new Error('WebKitGTK is driven over WebDriver, not through a Playwright browser');
      return b;
    },
    /** In a test: a new page of a fresh context, closed when the test finishes. */
    page: async (viewport: Viewport = DESKTOP): Promise<Page> => closedAfterTest(await opened(viewport)),
    /** In a test: a page signed in as the account and landed on `landing`, closed when the test finishes. */
    signedIn: async (who: Account, landing: string, viewport: Viewport = DESKTOP): Promise<Page> =>
      closedAfterTest(await signedIn(who, landing, viewport)),
    /** In a test: a user just signed up and confirmed, signed in on onboarding's first step; closed when the test finishes. */
    async newcomer(fullName: string, prefix: string, viewport: Viewport = DESKTOP): Promise<Page> {
      const user = await createConfirmedUser(stack, { fullName, prefix });
      return closedAfterTest(await signedIn(user, '/onboarding/type', viewport));
    },
    /**
     * In a describe block (or the file, at its top level): a page signed in before the block's tests and
     * closed after them. `who` may be a function, for a user made by a beforeAll that runs first.
     */
    signedInForAll(who: Account | (() => Account), landing: string, viewport: Viewport = DESKTOP): BlockPage {
      let held: Page | undefined;
      beforeAll(async () => {
        const { context, page } = await signedIn(typeof who === 'function' ? who() : who, landing, viewport);
        held = page;
        return () => context.close();
      });
      return {
        get page() {
          if (!held) throw new Error('The page is opened before the tests of its describe block');
          return held;
        },
      };
    },
  };
}

/**
 * What a page showed as its test failed, for the run's log: its address, its main heading and any alert (each
 * read for at most 3 s), so that a step that never came can be told from a page that never drew.
 */
async function whereItStood(page: Page): Promise<string> {
  // Each read gives up after 3 s, or gives nothing where the page cannot answer (closed, crashed).
  const within = async <T>(read: () => Promise<T>): Promise<T | null> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      return await Promise.race([read(), new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), 3000)))]);
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
  const url = await within(async () => page.url());
  const heading = await within(() => page.locator('h1').first().textContent());
  const alert = await within(() => page.getByRole('alert').first().textContent());
  return `The failed test's page stood at ${url}, its heading ${JSON.stringify(heading)}${alert ? `, an alert ${JSON.stringify(alert)}` : ''}`;
}

/** Call at the top of a test file: a scratch folder for the files its tests choose, there from before its tests to after them. */
export function scratchFiles(prefix?: string): { write: (name: string, bytes: Buffer) => string } {
  let dir: ReturnType<typeof audioDir> | undefined;
  beforeAll(() => {
    dir = audioDir(prefix);
    return () => dir?.cleanup();
  });
  return {
    write: (name, bytes) => {
      if (!dir) throw new Error('The scratch folder is made before the tests');
      return dir.write(name, bytes);
    },
  };
}

/** A musician who has finished onboarding (type and one genre), made through the API. */
export async function onboardedMusician(fullName: string, prefix: string, genre = 'Techno'): Promise<TestUser> {
  const stack = inject('stack');
  const u = await createConfirmedUser(stack, { fullName, prefix });
  expect((await callRoute(stack.apiUrl, 'chooseType', { type: 'musician' }, u.idToken)).status).toBe(200);
  expect((await callRoute(stack.apiUrl, 'saveGenres', { genres: [genre] }, u.idToken)).status).toBe(200);
  return u;
}
