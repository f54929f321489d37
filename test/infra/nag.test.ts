import * as fs from 'node:fs';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addComplianceChecks } from '../../infra/checks.js';
import { routesByArea } from '../../infra/constructs/api.js';
import {
  bundlesIn,
  cdkContext,
  fakeWebDist,
  linkNodeModules,
  makeTempDir,
  runBundle,
  synthStack,
  unacknowledged,
  type Synthesized,
} from './synth.js';

describe('cdk-nag AwsSolutions checks, with the Lambda code bundled for real', () => {
  let dir: string;
  let s: Synthesized;
  let seconds: number;

  beforeAll(() => {
    dir = makeTempDir('infra-nag');
    const started = Date.now();
    s = synthStack({ dir, lambdaCode: 'bundle', webDist: fakeWebDist(dir), nag: true });
    seconds = (Date.now() - started) / 1000;
  });

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('leaves no unacknowledged error', () => {
    expect(unacknowledged(s.report, 'error')).toEqual([]);
    expect(s.error).toBeUndefined();
  });

  it('leaves no unacknowledged warning either', () => {
    expect(unacknowledged(s.report, 'warning')).toEqual([]);
  });

  it('bundles every handler into an ESM file with the AWS SDK clients left to the runtime', () => {
    const bundles = bundlesIn(s.outdir);
    // One per feature area, the two Cognito triggers, the two realtime functions (socket, stream), audio
    // processing, the comment digest and the payment checks.
    expect(bundles).toHaveLength(routesByArea().size + 7);
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
    expect(seconds, 'synthesis with bundling').toBeLessThan(60);
  });

  it('gives bundles that load as ES modules in Node and export handler', () => {
    linkNodeModules(s.outdir);
    for (const file of bundlesIn(s.outdir)) {
      expect(runBundle(file), path.basename(path.dirname(file))).toEqual({ result: 'loaded' });
    }
  });
});

describe('cdk-nag AwsSolutions checks, with realtime access logs on', () => {
  it('leaves no unacknowledged finding either (the stage then logs instead of being acknowledged)', () => {
    const dir = makeTempDir('infra-nag-logs');
    try {
      const result = synthStack({ dir, nag: true, realtimeAccessLogs: true });
      expect(unacknowledged(result.report, 'error')).toEqual([]);
      expect(unacknowledged(result.report, 'warning')).toEqual([]);
      expect(result.error).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('cdk-nag wiring', () => {
  it('does report a violation when there is one (control case)', () => {
    const dir = makeTempDir('infra-nag-control');
    try {
      const app = new App({ outdir: path.join(dir, 'cdk.out'), context: cdkContext() });
      const stack = new Stack(app, 'Control');
      new s3.Bucket(stack, 'Careless', { blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL });
      addComplianceChecks(app);
      expect(() => app.synth()).toThrow(/AwsSolutions-S10/);
      const report = JSON.parse(fs.readFileSync(path.join(dir, 'cdk.out', 'validation-report.json'), 'utf8'));
      expect(unacknowledged(report)).toEqual(
        expect.arrayContaining([expect.stringContaining('AwsSolutions-S1 '), expect.stringContaining('AwsSolutions-S10 ')]),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
