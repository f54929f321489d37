/** The browser tests' screenshots are drawn only when asked for (SCREENSHOTS=1, `npm run screenshots`). */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCREENSHOT_DIR, screenshot } from '../../support/browser.js';

const fakePage = () => {
  const shot = vi.fn(async () => Buffer.alloc(0));
  return { shot, page: { viewportSize: () => ({ width: 390, height: 844 }), screenshot: shot } as unknown as Page };
};

afterEach(() => vi.unstubAllEnvs());

describe('screenshot', () => {
  it('draws nothing in a plain test run', async () => {
    vi.stubEnv('SCREENSHOTS', '');
    const { page, shot } = fakePage();
    await screenshot(page, 'dashboard');
    expect(shot).not.toHaveBeenCalled();
  });

  it('saves a full page named for the screen and its size when asked', async () => {
    vi.stubEnv('SCREENSHOTS', '1');
    const { page, shot } = fakePage();
    await screenshot(page, 'dashboard');
    expect(shot).toHaveBeenCalledWith({ path: path.join(SCREENSHOT_DIR, 'dashboard-390x844.png'), fullPage: true });
  });
});
