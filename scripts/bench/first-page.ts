/**
 * The first page's weight: the JavaScript and CSS a browser loads to show /login (gzip), against a floor
 * built in the same run: Vite + React + Amplify's sign-in only, a form that calls signIn and nothing else.
 * Both are production builds served as the app is served, loaded in headless Chromium; the figure is the
 * sum of the gzip sizes of the JS and CSS responses the page asked for before showing its form.
 * Sizes do not vary between runs, so each build is measured once.
 *
 * The dashboard has a floor of its own, also built in the same run: what an app on the same design needs
 * for a signed-in list, Vite + React + React Router + TanStack Query + Amplify's session (fetchAuthSession),
 * one route whose useQuery fetches GET /tracks with the session's ID token (the token this API's
 * authorizer takes, as the app sends it) and lists the titles. Given a running local stack (as
 * `npm run bench` does), both load the same way (dashboard-load.ts): from the same origin, in the same
 * browser context after one sign-in, so each reads the session stored there and asks the stack's API for
 * the musician's tracks, until the list shows and the network is idle. Run alone
 * (`node --import tsx scripts/bench/first-page.ts`), there is no dashboard figure and the list floor is
 * weighed signed out, until its heading shows: all its JavaScript is in the page's own requests, so no
 * API answer changes its weight.
 */
import { DEFAULT_CHROMIUM } from '../setup/system-packages.mjs';
import { runIfMain } from './own-stack.js';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { freePort } from '../dev/stack/ports.js';
import { sendBody, startStaticWeb } from '../dev/stack/web.js';
import { weighDashboard, type DashboardLoad, type DashboardStack, type PageWeight } from './dashboard-load.js';
import { benchLighthouse } from './lighthouse.js';

const REPO = path.resolve(import.meta.dirname, '../..');
const CHROMIUM = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM;

const FLOOR_HTML = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>floor</title></head>
<body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>`;

const FLOOR_MAIN = `import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Amplify } from 'aws-amplify';
import { signIn } from 'aws-amplify/auth';

Amplify.configure({ Auth: { Cognito: { userPoolId: 'us-east-1_floor', userPoolClientId: 'floor' } } });

function App() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  return (
    <form onSubmit={(e) => { e.preventDefault(); void signIn({ username: email, password }); }}>
      <input aria-label="Email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <input aria-label="Password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <button type="submit">Sign In</button>
    </form>
  );
}
createRoot(document.getElementById('root')!).render(<App />);
`;

/** The page carries the runtime config as the app's does (the static server inlines it). */
const LIST_FLOOR_HTML = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>floor</title>
<script id="runtime-config" type="application/json"></script></head>
<body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>`;

const LIST_FLOOR_MAIN = `import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Amplify } from 'aws-amplify';
import { fetchAuthSession } from 'aws-amplify/auth';

const config = JSON.parse(document.getElementById('runtime-config')!.textContent!);
Amplify.configure({
  Auth: {
    Cognito: {
      userPoolId: config.userPoolId,
      userPoolClientId: config.userPoolClientId,
      ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
    },
  },
});

async function listTracks(): Promise<{ tracks: { id: string; title: string }[] }> {
  const token = (await fetchAuthSession()).tokens?.idToken?.toString();
  const res = await fetch(config.apiUrl + '/tracks', { headers: token ? { authorization: 'Bearer ' + token } : {} });
  if (!res.ok) throw new Error('GET /tracks: ' + res.status);
  return res.json();
}

function Tracks() {
  const { data, error } = useQuery({ queryKey: ['tracks'], queryFn: listTracks });
  return (
    <main>
      <h1>Tracks</h1>
      {error ? <p role="alert">{error.message}</p> : !data ? <p>Loading...</p> : (
        <ul>{data.tracks.map((t) => <li key={t.id}>{t.title}</li>)}</ul>
      )}
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={new QueryClient()}>
    <BrowserRouter>
      <Routes>
        <Route path="/dashboard" element={<Tracks />} />
      </Routes>
    </BrowserRouter>
  </QueryClientProvider>,
);
`;

async function buildApp(outDir: string) {
  const { build } = await import('vite');
  await build({ configFile: path.join(REPO, 'web/vite.config.ts'), logLevel: 'silent', build: { outDir, emptyOutDir: true } });
}

/** A floor's sources live under the repository so that its packages resolve from node_modules. */
async function buildFloor(outDir: string, html: string, main: string) {
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  const src = fs.mkdtempSync(path.join(REPO, 'node_modules', '.bench-floor-'));
  try {
    fs.writeFileSync(path.join(src, 'index.html'), html);
    fs.writeFileSync(path.join(src, 'main.tsx'), main);
    await build({
      root: src,
      configFile: false,
      plugins: [react()],
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, sourcemap: false },
    });
  } finally {
    fs.rmSync(src, { recursive: true, force: true });
  }
}

/** A plain static server for the floor, compressed as the app is (which the local stack's own static server serves). */
function serveDir(dir: string, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let file = path.join(dir, decodeURIComponent(url.pathname));
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(dir, 'index.html');
    const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html';
    sendBody(req, res, fs.readFileSync(file), { 'content-type': type }, file);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/**
 * POST /telemetry and GET /showcase (empty: the front page's static part is what is weighed) answered 200,
 * CORS for any origin, everything else 404: the API as a signed-out page meets it.
 */
function serveSignedOutApi(port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    req.resume();
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    if (req.method === 'POST' && req.url === '/telemetry')
      return void res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end('{"accepted":1}');
    if (req.method === 'GET' && req.url === '/showcase')
      return void res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end('{"plans":[],"pros":[]}');
    res.writeHead(404, cors).end();
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** Gzip bytes of the JS and CSS a page loads before `shown` (a role and name) shows, by file. */
async function weigh(url: string, shown: { role: 'button' | 'link' | 'heading'; name: string }): Promise<PageWeight> {
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const page = await browser.newPage();
    const files = new Map<string, number>();
    const pending: Promise<void>[] = [];
    page.on('response', (res) => {
      const name = new URL(res.url()).pathname;
      if (!/\.(js|css)$/.test(name)) return;
      pending.push(res.body().then((body) => void files.set(name, zlib.gzipSync(body, { level: 9 }).length)));
    });
    await page.goto(url);
    await page.getByRole(shown.role, { name: shown.name }).waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    return { total: [...files.values()].reduce((a, b) => a + b, 0), files };
  } finally {
    await browser.close();
  }
}

/** The list floor without a stack: served as the app is, with the signed-out config, until its heading shows. */
async function weighSignedOut(listFloorDist: string, config: string): Promise<PageWeight> {
  const port = await freePort();
  const server = await startStaticWeb(port, listFloorDist, config);
  try {
    return await weigh(`http://127.0.0.1:${port}/dashboard`, { role: 'heading', name: 'Tracks' });
  } finally {
    await server.close();
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const byFile = (files: Map<string, number>) => {
  for (const [name, size] of [...files].sort((a, b) => b[1] - a[1])) console.log(`     ${kb(size).padStart(6)} KB  ${name}`);
};

/** The list floor's figure, and how it was loaded. */
function printListFloor(floor: PageWeight, withStack: boolean) {
  console.log(`   list floor (Router, Query, Amplify session):   ${kb(floor.total)} KB`);
  console.log("     (Vite + React + react-router-dom + TanStack Query + Amplify's session: one route listing GET /tracks,");
  console.log(
    withStack
      ? "      fetched with the stored session's token; loaded as the dashboard is, from its origin, until the track shows)"
      : "      fetched with the session's token; no local stack: weighed signed out, until its heading shows)",
  );
  byFile(floor.files);
}

/** The dashboard's figure against the list floor, and its load's request order, in the /login figure's layout. */
function printDashboard(load: DashboardLoad, floor: number) {
  console.log(
    `   app /dashboard as first loaded:                ${kb(load.total)} KB  (ratio to floor ${(load.total / floor).toFixed(3)}; goal <= 1.2)`,
  );
  console.log('     (a signed-in musician with one track opens /dashboard with a stored session and an empty cache, until');
  console.log("      'Musician Experience' shows and the network is idle; against the list floor)");
  byFile(load.files);
  console.log(
    `   that load's requests, in order (ms from the page's request: start - end; "after" = named requests done before it started):`,
  );
  console.log(
    `     runtime config: ${load.configInline ? 'inline in the page' : 'not inline'}; /config.json ${load.configFetched ? 'requested' : 'not requested'}`,
  );
  for (const [i, r] of load.order.entries()) {
    const before = load.order.filter((o, j) => j !== i && o.short !== 'the page' && o.end <= r.start).map((o) => o.short);
    console.log(
      `     ${r.start.toFixed(0).padStart(5)} - ${r.end.toFixed(0).padStart(5)}  ${r.label}${before.length ? `  after: ${before.join(', ')}` : ''}`,
    );
  }
  if (!load.order.some((r) => r.label.includes('wavesurfer'))) console.log('     (no wavesurfer chunk in this load)');
  console.log(`     and ${load.others} other requests`);
}

/**
 * `dashboard`: a running local stack to weigh the dashboard against, and `release`, called once it is no
 * longer needed (before Lighthouse, so that the stack's idle work does not weigh on the scores).
 */
export async function benchFirstPage(opts: { dashboard?: DashboardStack; release?: () => Promise<void> } = {}): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'snip-first-page-'));
  const appDist = path.join(tmp, 'app');
  const floorDist = path.join(tmp, 'floor');
  const listFloorDist = path.join(tmp, 'list-floor');
  const config = path.join(tmp, 'config.json');
  // The API answers only what the signed-out pages ask of it, as the deployed API would.
  const api = await serveSignedOutApi(await freePort());
  fs.writeFileSync(
    config,
    JSON.stringify({
      mode: 'aws',
      region: 'us-east-1',
      apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
      userPoolId: 'us-east-1_bench',
      userPoolClientId: 'bench',
    }),
  );
  try {
    await buildApp(appDist);
    await buildFloor(floorDist, FLOOR_HTML, FLOOR_MAIN);
    await buildFloor(listFloorDist, LIST_FLOOR_HTML, LIST_FLOOR_MAIN);
    const [appPort, floorPort] = [await freePort(), await freePort()];
    const app = await startStaticWeb(appPort, appDist, config);
    const floorServer = await serveDir(floorDist, floorPort);
    try {
      const signIn = { role: 'button', name: 'Sign In' } as const;
      const mine = await weigh(`http://127.0.0.1:${appPort}/login`, signIn);
      const front = await weigh(`http://127.0.0.1:${appPort}/`, { role: 'link', name: 'Get feedback on a track' });
      const floor = await weigh(`http://127.0.0.1:${floorPort}/`, signIn);
      let dashboard: DashboardLoad | undefined;
      let listFloor: PageWeight;
      try {
        if (opts.dashboard) ({ dashboard, floor: listFloor } = await weighDashboard(appDist, listFloorDist, opts.dashboard));
        else listFloor = await weighSignedOut(listFloorDist, config);
      } finally {
        await opts.release?.();
      }
      console.log('\n4. The first page: JS and CSS loaded to show /login, gzip');
      console.log(`   floor (Vite + React + Amplify sign-in only):  ${kb(floor.total)} KB`);
      console.log(
        `   app /login:                                    ${kb(mine.total)} KB  (ratio to floor ${(mine.total / floor.total).toFixed(2)})`,
      );
      byFile(mine.files);
      console.log(
        `   app / (the front page, to a visitor):           ${kb(front.total)} KB  (ratio to floor ${(front.total / floor.total).toFixed(2)}; goal <= 1.2)`,
      );
      byFile(front.files);
      printListFloor(listFloor, !!dashboard);
      if (dashboard) printDashboard(dashboard, listFloor.total);
      else console.log('   app /dashboard as first loaded:                not measured (no local stack; `npm run bench` gives it one)');
      await benchLighthouse(
        [
          { label: '/login:', url: `http://127.0.0.1:${appPort}/login` },
          { label: '/ (the front page):', url: `http://127.0.0.1:${appPort}/` },
        ],
        `http://127.0.0.1:${floorPort}/`,
      );
    } finally {
      await app.close();
      await new Promise((r) => floorServer.close(() => r(undefined)));
    }
  } finally {
    api.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, benchFirstPage);
