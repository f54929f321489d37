import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/constructs/function.js';

// Vitest and esbuild strip types without checking them: this is what catches a type error.
describe('type check', () => {
  it('the whole project (functions, shared, scripts, infra, web, tests) compiles with no error', () => {
    const result = spawnSync('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 170_000 });
    expect(result.stdout + result.stderr.replace(/^npm warn.*\n/gm, '')).toBe('');
    expect(result.status).toBe(0);
  });
});
