/**
 * What is tested is what is deployed: the API's areas as `cdk synth` bundles them (minified ESM, the SDK
 * clients left to the runtime: infra/bundles.ts buildBundles), served by a second local gateway in this
 * process beside the stack's own, against the same emulators. Every route answers from its bundle (a bundle
 * that misses a file fails to load: a 500), and a paid review runs from its order to its signed receipt
 * through the bundles, the receipt's KMS client loaded by its dynamic import.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { routes } from '../../shared/api/routes.js';
import type { RouteName } from '../../shared/api/route-paths.js';
import { buildBundles } from '../../infra/bundles.js';
import { startGateway, type HandlerSource } from '../../scripts/dev/stack/gateway.js';
import { LocalRealtime } from '../../scripts/dev/emulators/realtime.js';
import { freePort } from '../../scripts/dev/stack/ports.js';
import { linkNodeModules } from '../infra/synth.js';
import { callRoute, flows, money, type TestUser, useGatewayEnvironment } from '../support/stack-kit.js';

const stack = inject('stack');
let dir: string;
/** The stack as a client sees it, its API the bundled gateway. */
let bundled: typeof stack;
const callers: Record<string, TestUser> = {};
/** Each area's bundle, and the areas the bundled gateway loaded. */
let bundles: Map<string, string>;
const loaded = new Set<string>();
const areas = [...new Set(Object.values(routes).map((r) => r.area))];
const entryOf = (area: string) => `functions/http/${area}.ts`;

/** A gateway in this process serving `source`'s handlers, and how to stop it. */
async function gatewayOf(source: HandlerSource) {
  const port = await freePort();
  const realtime = new LocalRealtime();
  const server = await startGateway(port, stack.appUrl, realtime, source);
  return {
    apiUrl: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
        realtime.close();
      }),
  };
}
let gateway: Awaited<ReturnType<typeof gatewayOf>>;

beforeAll(async () => {
  useGatewayEnvironment(stack);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'snip-bundles-'));
  bundles = buildBundles(dir, areas.map(entryOf));
  linkNodeModules(dir);
  gateway = await gatewayOf(async (area) => {
    loaded.add(area);
    return (await import(pathToFileURL(bundles.get(entryOf(area))!).href)).handler;
  });
  bundled = { ...stack, apiUrl: gateway.apiUrl };
  const [musician, pro] = await Promise.all([flows.onboardedUser(stack, 'musician'), flows.onboardedUser(stack, 'pro')]);
  Object.assign(callers, { musician: musician.user, user: musician.user, pro: pro.user, admin: await flows.testAdmin(stack) });
}, 240_000);

afterAll(async () => {
  await gateway?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the API as bundled for Lambda', () => {
  it('answers every route from its bundle, never with a 5xx', async () => {
    const answers: string[] = [];
    for (const name of Object.keys(routes) as RouteName[]) {
      const { access, path: at } = routes[name];
      // Path parameters named, the body empty: each route's own checks answer it (or its work does).
      const params = Object.fromEntries([...at.matchAll(/\{(\w+)\}/g)].map(([, p]) => [p, `bundled-${p}`]));
      const res = await callRoute(bundled.apiUrl, name, params, access === 'public' ? undefined : callers[access]?.idToken);
      if (res.status >= 500) answers.push(`${name}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(answers).toEqual([]);
    expect([...loaded].sort()).toEqual([...areas].sort());
  });

  it('fails a bundle that misses a file: its routes answer 500 (control case)', async () => {
    const broken = path.join(path.dirname(bundles.get(entryOf('users'))!), 'broken.mjs');
    fs.writeFileSync(broken, `import './gone.mjs';\n${fs.readFileSync(bundles.get(entryOf('users'))!, 'utf8')}`);
    const other = await gatewayOf(async () => (await import(pathToFileURL(broken).href)).handler);
    try {
      expect((await callRoute(other.apiUrl, 'getShowcase', {})).status).toBe(500);
    } finally {
      await other.stop();
    }
  });

  it('carries a paid review from its order to its signed receipt', async () => {
    const { user: pro, id: proId } = await flows.onboardedUser(stack, 'pro');
    await money.setPrice(stack, proId, 3000);
    const { view } = await money.paidRequest(bundled, callers.musician, { id: proId, priceCents: 3000 }, 'Bundled review');
    expect((await flows.respondToShare(bundled, pro, view.shareId, 'accepted')).status).toBe(200);
    expect((await flows.listen(bundled, pro, view.shareId, [[0, 1]])).status).toBe(200);
    const done = await flows.fullReview(bundled, pro, view.shareId, 1);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const page = await callRoute(bundled.apiUrl, 'getShare', { id: view.shareId }, callers.musician.idToken);
    expect(page.status).toBe(200);
    expect(page.body.receipt).toMatchObject({ verified: true });
  });
});
