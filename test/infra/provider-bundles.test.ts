/**
 * Third-party SDKs stay in the functions that call them: the Stripe SDK (about a third of a bundle) only in
 * the billing area's function and the webhooks' (Stripe's events), while tracks, shares and the rest enforce plan limits without it.
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { routesByArea } from '../../infra/constructs/api.js';

async function packagesIn(entry: string): Promise<Set<string>> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    external: ['@aws-sdk/*'],
    logLevel: 'silent',
  });
  // What the bundle carries, not every file esbuild read: a topic's door names modules a handler may not reach.
  const carried = Object.values(result.metafile.outputs).flatMap((output) =>
    Object.entries(output.inputs).flatMap(([input, { bytesInOutput }]) => (bytesInOutput > 0 ? [input] : [])),
  );
  return new Set(carried.flatMap((input) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? []));
}

describe('provider SDKs in the bundles', () => {
  it('only the billing and webhooks areas carry the stripe package', async () => {
    for (const area of routesByArea().keys()) {
      const packages = await packagesIn(`functions/http/${area}.ts`);
      expect(packages.has('stripe'), area).toBe(area === 'billing' || area === 'webhooks');
    }
    for (const job of ['payment-checks', 'comment-digest', 'process-audio']) {
      expect((await packagesIn(`functions/jobs/${job}.ts`)).has('stripe'), job).toBe(false);
    }
  });
});
