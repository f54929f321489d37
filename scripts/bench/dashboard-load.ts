/**
 * The dashboard as first loaded: a returning signed-in musician opens /dashboard (a full page load with a
 * stored session) and the page fetches what it needs until 'Musician Experience' shows and the network is
 * idle. Measured against a real local stack (API, cognito-local): a confirmed, onboarded musician with one
 * track signs in through /login in one page, then a fresh page of the same browser context loads
 * /dashboard with the browser cache off, so every file is fetched and the request order is that of a
 * first visit. Then the list floor (first-page.ts) is served from the same origin in place of the app and
 * loaded the same way, so it reads the same stored session and lists the same track from the same API.
 * Returns the gzip bytes of both loads' JS and CSS by file, and the timing of the requests that decide
 * when the dashboard can show.
 */
import { DEFAULT_CHROMIUM } from '../setup/system-packages.mjs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core';
import type { RuntimeConfig } from '../../web/src/lib/runtime-config.js';
import type { StackInfo } from '../../test/support/global-setup.js';
import { onboard, uploadTrack } from '../../test/support/flows.js';
import { createConfirmedUser } from '../../test/support/users.js';
import { startStaticWeb } from '../dev/stack/web.js';

const CHROMIUM = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM;

/** A running local stack: what the test users need, and the runtime config the app is served with. */
export type DashboardStack = StackInfo & { runtimeConfig: RuntimeConfig };

export interface TimedRequest {
  label: string;
  /** A short name, for the requests said to come before another. */
  short: string;
  /** ms from the start of the page's own request. */
  start: number;
  end: number;
}

/** Gzip bytes of the JS and CSS a load asked for, in all and by file. */
export interface PageWeight {
  total: number;
  files: Map<string, number>;
}

export interface DashboardLoad extends PageWeight {
  /** The runtime config was in the page; /config.json was (also) requested. */
  configInline: boolean;
  configFetched: boolean;
  /** The requests that matter, in the order they started. */
  order: TimedRequest[];
  /** How many other requests the load made. */
  others: number;
}

/** The requests of the dashboard's load worth naming, by URL; null for the rest. */
function nameOf(url: URL, appOrigin: string, apiOrigin: string): { label: string; short: string } | null {
  const p = url.pathname;
  if (url.origin === apiOrigin) return p === '/users/me' || p === '/tracks' ? { label: `${p} (API)`, short: p } : null;
  if (url.origin !== appOrigin) return null;
  if (p === '/dashboard') return { label: '/dashboard (the page)', short: 'the page' };
  if (p === '/config.json') return { label: p, short: p };
  const asset = (role: string) => ({ label: `${p} (${role})`, short: path.posix.basename(p) });
  if (/^\/assets\/index-[\w-]+\.js$/.test(p)) return asset('entry');
  if (/^\/assets\/base-[\w-]+\.js$/.test(p)) return asset('base chunk: React and what every page shares');
  if (/^\/assets\/app-[\w-]+\.js$/.test(p)) return asset('app chunk: the shell and the dashboard');
  if (/^\/assets\/[^/]*wavesurfer[^/]*\.js$/i.test(p)) return asset('wavesurfer chunk');
  return null;
}

/**
 * Loads `url` in a new page of `context` with the browser cache off, until `shown` is visible and the
 * network is idle; the gzip bytes of the JS and CSS it fetched from `origin`, and its finished requests.
 */
async function coldLoad(
  context: BrowserContext,
  url: string,
  shown: (page: Page) => Locator,
): Promise<PageWeight & { page: Page; finished: Request[]; requests: number }> {
  const origin = new URL(url).origin;
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const files = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const finished: Request[] = [];
  let requests = 0;
  page.on('request', () => void requests++);
  page.on('requestfinished', (req) => void finished.push(req));
  page.on('response', (res) => {
    const u = new URL(res.url());
    if (u.origin !== origin || !/\.(js|css)$/.test(u.pathname)) return;
    pending.push(res.body().then((body) => void files.set(u.pathname, zlib.gzipSync(body, { level: 9 }).length)));
  });
  await page.goto(url);
  await shown(page).waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  return { total: [...files.values()].reduce((a, b) => a + b, 0), files, page, finished, requests };
}

const TRACK_TITLE = 'Bench Track';

/** The dashboard's load, then the list floor's (`floorDist`, a build of first-page.ts's list floor) the same way. */
export async function weighDashboard(
  appDist: string,
  floorDist: string,
  stack: DashboardStack,
): Promise<{ dashboard: DashboardLoad; floor: PageWeight }> {
  const user = await createConfirmedUser(stack, { prefix: 'bench-dashboard', fullName: 'Bench Musician' });
  await onboard(stack, user, 'musician');
  // A returning musician has a track: the dashboard shows its row, waveform and player.
  await uploadTrack(stack, user, TRACK_TITLE, { seconds: 4 });

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'snip-dashboard-'));
  const configFile = path.join(tmp, 'config.json');
  fs.writeFileSync(configFile, JSON.stringify(stack.runtimeConfig));
  // Served at the origin the local API allows (its CORS), which the stack leaves free when it serves no web app.
  const appUrl = new URL(stack.appUrl);
  let web = await startStaticWeb(Number(appUrl.port), appDist, configFile);
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const context = await browser.newContext();
    const signIn = await context.newPage();
    await signIn.goto(`${appUrl.origin}/login`);
    await signIn.getByLabel('Email').fill(user.email);
    await signIn.getByLabel('Password').fill(user.password);
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await signIn.getByRole('heading', { name: 'Musician Experience' }).waitFor({ timeout: 30_000 });
    await signIn.waitForLoadState('networkidle');
    await signIn.close();

    const load = await coldLoad(context, `${appUrl.origin}/dashboard`, (page) =>
      page.getByRole('heading', { name: 'Musician Experience' }),
    );
    const { page, finished, requests } = load;
    const configInline = (await page.locator('#runtime-config').count()) > 0;

    const apiOrigin = new URL(stack.apiUrl).origin;
    const document = finished.find((r) => r.isNavigationRequest() && r.frame() === page.mainFrame());
    const t0 = document?.timing().startTime ?? Math.min(...finished.map((r) => r.timing().startTime));
    const order: TimedRequest[] = [];
    for (const req of finished) {
      const name = nameOf(new URL(req.url()), appUrl.origin, apiOrigin);
      if (!name || req.method() === 'OPTIONS') continue;
      const t = req.timing();
      const start = t.startTime - t0;
      order.push({ ...name, start, end: start + Math.max(0, t.responseEnd) });
    }
    order.sort((a, b) => a.start - b.start);
    await page.close();

    // The floor in the app's place: same origin, so the same stored session and the API's CORS.
    await web.close();
    web = await startStaticWeb(Number(appUrl.port), floorDist, configFile);
    const floor = await coldLoad(context, `${appUrl.origin}/dashboard`, (p) => p.getByRole('listitem').filter({ hasText: TRACK_TITLE }));
    await floor.page.close();

    return {
      dashboard: {
        total: load.total,
        files: load.files,
        configInline,
        configFetched: order.some((r) => r.label === '/config.json'),
        order,
        others: requests - order.length,
      },
      floor: { total: floor.total, files: floor.files },
    };
  } finally {
    await browser.close();
    await web.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
