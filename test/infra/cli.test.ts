/**
 * `cdk synth` as a developer or a pipeline runs it: the real CLI, offline, on the real app (infra/app.ts)
 * with the Lambda code bundled for real and the cdk-nag checks on (an unacknowledged error fails it; what
 * they find is tested in nag.test.ts). One synthesis serves every check of the bundles, since bundling is most
 * of its cost.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/constructs/function.js';
import { routesByArea } from '../../infra/constructs/api.js';
import { bundlesIn, linkNodeModules, loadBundles, makeTempDir } from './synth.js';

describe('cdk synth (the real CLI, offline), with the Lambda code bundled and the cdk-nag checks on', () => {
  let dir: string;
  let outdir: string;
  let run: SpawnSyncReturns<string>;
  let seconds: number;

  beforeAll(() => {
    dir = makeTempDir('infra-cli');
    outdir = path.join(dir, 'cdk.out');
    const started = Date.now();
    run = spawnSync('npx', ['cdk', 'synth', '--no-notices', '--quiet', '-o', outdir], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: 170_000,
      env: {
        ...process.env,
        CDK_DISABLE_CLI_TELEMETRY: 'true',
        CDK_DISABLE_VERSION_CHECK: 'true',
        // No account is needed (and none must be reached) to synthesize.
        AWS_EC2_METADATA_DISABLED: 'true',
      },
    });
    seconds = (Date.now() - started) / 1000;
    console.log(`cdk synth took ${seconds.toFixed(1)} s`);
  });

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('exits 0 and writes the template', () => {
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    const template = JSON.parse(fs.readFileSync(path.join(outdir, 'SnipFeedback.template.json'), 'utf8'));
    expect(Object.keys(template.Outputs)).toEqual(expect.arrayContaining(['ApiUrl', 'RealtimeUrl', 'WebUrl', 'UserPoolId']));
    expect(seconds, 'synthesis with bundling').toBeLessThan(60);
  });

  it('bundles every handler into an ESM file with the AWS SDK clients left to the runtime', () => {
    const bundles = bundlesIn(outdir);
    // One per feature area, the two Cognito triggers, the two realtime functions (socket, stream), audio
    // processing and its reference tracks' cleanup, the comment digest and the payment checks.
    expect(bundles).toHaveLength(routesByArea().size + 8);
    for (const file of bundles) {
      expect(fs.readFileSync(file, 'utf8')).toMatch(/export\s*\{[^}]*\bhandler\b/);
      const sources: string[] = JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')).sources;
      // Clients come from the runtime; only the presigners (and their helpers) are bundled.
      const clients = sources.filter((source) => /node_modules\/@aws-sdk\/(client-|lib-dynamodb|util-dynamodb)/.test(source));
      expect(clients).toEqual([]);
    }
    const imports = bundles.map((file) => fs.readFileSync(file, 'utf8')).join('\n');
    expect(imports).toMatch(/from\s*"@aws-sdk\/client-dynamodb"/);
    expect(imports).toMatch(/from\s*"@aws-sdk\/client-apigatewaymanagementapi"/);
  });

  it('gives bundles that load as ES modules in Node and export handler', () => {
    linkNodeModules(outdir);
    const bundles = bundlesIn(outdir);
    expect(loadBundles(bundles)).toEqual(Object.fromEntries(bundles.map((file) => [file, 'loaded'])));
  });
});
