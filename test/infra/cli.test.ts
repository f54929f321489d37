import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/constructs/function.js';
import { makeTempDir } from './synth.js';

describe('cdk synth (the real CLI, offline)', () => {
  let dir: string;

  beforeAll(() => {
    dir = makeTempDir('infra-cli');
  });

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('exits 0 and writes the template', () => {
    const outdir = path.join(dir, 'cdk.out');
    const started = Date.now();
    const result = spawnSync('npx', ['cdk', 'synth', '--no-notices', '--quiet', '-o', outdir], {
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
    const seconds = (Date.now() - started) / 1000;
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    const template = JSON.parse(fs.readFileSync(path.join(outdir, 'SnipFeedback.template.json'), 'utf8'));
    expect(Object.keys(template.Outputs)).toEqual(expect.arrayContaining(['ApiUrl', 'RealtimeUrl', 'WebUrl', 'UserPoolId']));
    console.log(`cdk synth took ${seconds.toFixed(1)} s`);
  });
});
