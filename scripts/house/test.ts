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
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LANES, runLanes, type Check } from './lint.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The lowest priority a process can take, which any user may lower itself to. */
const LOWEST_PRIORITY = 19;

/**
 * Runs `tests` (its output straight through) and the lint `lanes` beside it, `lower`ing this process's priority
 * in between; the exit code: the tests' own, or 1 when they passed and a check failed.
 */
export async function testAndLint(
  tests: Check,
  lanes: Check[][],
  { lower = () => os.setPriority(LOWEST_PRIORITY), write = (text: string) => void process.stdout.write(text) } = {},
): Promise<number> {
  // The tests start first, at this process's priority; the checks, started after the lowering, inherit the lowest.
  const child = spawn(tests.command, tests.args, { cwd: ROOT, stdio: 'inherit' });
  const testsDone = new Promise<number>((resolve) => {
    child.once('error', (err) => (write(`${tests.name} did not start: ${err.message}\n`), resolve(1)));
    child.once('close', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
  lower();
  const failed = await runLanes(lanes, write);
  const code = await testsDone;
  if (failed.length) write(`\nLint failed: ${failed.join(', ')}\n`);
  return code || (failed.length ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const vitest: Check = { name: 'vitest', command: path.join(ROOT, 'node_modules/.bin/vitest'), args: ['run', ...process.argv.slice(2)] };
  process.exit(await testAndLint(vitest, LANES));
}
