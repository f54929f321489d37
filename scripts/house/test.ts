/**
 * `npm test`: the whole vitest run and the lint checks (./lint.ts) side by side, the checks at the lowest CPU
 * priority, so that they take a core only when the tests leave one idle (a file waiting on the stack, a
 * browser or a fault's timeout) rather than run first for most of a minute while the tests wait.
 * Each check's output is printed whole when it ends (in a whole run, long before the tests do), so vitest's count
 * (`N passed, N failed, N skipped`) stays the last line unless a check failed, which is then named after it.
 * Arguments go to vitest.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANES, runLanes } from './lint.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The lowest priority a process can take, which any user may lower itself to. */
const LOWEST_PRIORITY = 19;

// vitest is started first, at this process's priority; the checks, started after the lowering, inherit it.
const tests = spawn(path.join(ROOT, 'node_modules/.bin/vitest'), ['run', ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit' });
const testsDone = new Promise<number>((resolve) => {
  tests.once('error', (err) => (process.stderr.write(`vitest did not start: ${err.message}\n`), resolve(1)));
  tests.once('close', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
});
os.setPriority(LOWEST_PRIORITY);
const failed = await runLanes(LANES);
const code = await testsDone;
if (failed.length) process.stderr.write(`\nLint failed: ${failed.join(', ')}\n`);
process.exit(code || (failed.length ? 1 : 0));
