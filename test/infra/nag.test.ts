import * as fs from 'node:fs';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import { addComplianceChecks } from '../../infra/checks.js';
import { cdkContext, makeTempDir, synthStack, unacknowledged } from './synth.js';

/**
 * The rules read the template, not the functions' code, so the stack is synthesized with placeholder code
 * here; the real CLI's synthesis, its code bundled and the checks on, is cli.test.ts's.
 */
describe('cdk-nag AwsSolutions checks', () => {
  it('leave no unacknowledged error or warning', () => {
    const dir = makeTempDir('infra-nag');
    try {
      const result = synthStack({ dir, nag: true });
      expect(result.error).toBeUndefined();
      expect(unacknowledged(result.report, 'error')).toEqual([]);
      expect(unacknowledged(result.report, 'warning')).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
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
