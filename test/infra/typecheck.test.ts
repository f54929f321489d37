import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/constructs/function.js';

// Vitest and esbuild strip types without checking them: this is what catches a type error. It runs TypeScript's
// native compiler (the checker ported to Go, pinned in package.json): on the two-core machine it took 20 s of
// CPU where `tsc` took 62. The editor, ESLint and knip keep the `typescript` package.
describe('type check', () => {
  it('the whole project (functions, shared, scripts, infra, web, tests) compiles with no error', () => {
    const tsgo = path.join(REPO_ROOT, 'node_modules/.bin/tsgo');
    const result = spawnSync(tsgo, ['-p', 'tsconfig.json', '--noEmit'], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 170_000 });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
