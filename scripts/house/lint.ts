/**
 * `npm run lint`: ESLint on one core while Prettier, the copy check and knip take turns on the other (one
 * after the other, ESLint's import-cycle rule alone outlasts the three). Each check's output is printed whole
 * when it ends, so two never interleave; the run fails when any check fails, and says which.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

export interface Check {
  name: string;
  command: string;
  args: string[];
}

/** Lanes run side by side; a lane's checks run in order. */
export const LANES: Check[][] = [
  [{ name: 'ESLint', command: bin('eslint'), args: ['.', '--max-warnings', '0'] }],
  [
    { name: 'Prettier', command: bin('prettier'), args: ['--check', '.', '--log-level', 'warn'] },
    { name: 'copies', command: process.execPath, args: ['--import', 'tsx', 'scripts/house/copies.ts'] },
    { name: 'knip', command: bin('knip'), args: ['--no-progress'] },
  ],
];

function run(check: Check, write: (text: string) => void): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(check.command, check.args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    let settled = false;
    // A command that cannot start emits 'error' and may still emit 'close': reported once.
    const done = (ok: boolean) => {
      if (settled) return;
      settled = true;
      write(`${ok ? 'ok' : 'FAILED'}  ${check.name}\n${output.trimEnd() ? `${output.trimEnd()}\n` : ''}`);
      resolve(ok);
    };
    child.once('error', (err) => ((output += `${err.message}\n`), done(false)));
    child.once('close', (code) => done(code === 0));
  });
}

/** Runs the lanes side by side, each lane's checks in order; the names of the checks that failed. */
export async function runLanes(
  lanes: Check[][],
  write: (text: string) => void = (text) => void process.stdout.write(text),
): Promise<string[]> {
  const lane = async (checks: Check[]) => {
    const failed: string[] = [];
    for (const check of checks) if (!(await run(check, write))) failed.push(check.name);
    return failed;
  };
  return (await Promise.all(lanes.map(lane))).flat();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const failed = await runLanes(LANES);
  if (failed.length) {
    process.stderr.write(`\nLint failed: ${failed.join(', ')}\n`);
    process.exit(1);
  }
}
