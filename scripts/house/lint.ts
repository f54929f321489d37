/**
 * `npm run lint`: ESLint on one core while Prettier, the copy check and knip take turns on the other (one
 * after the other, ESLint's import-cycle rule alone outlasts the three). Each check's output is printed whole
 * when it ends, so two never interleave; the run fails when any check fails, and says which.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

interface Check {
  name: string;
  command: string;
  args: string[];
}

/** Lanes run side by side; a lane's checks run in order. */
const LANES: Check[][] = [
  [{ name: 'ESLint', command: bin('eslint'), args: ['.', '--max-warnings', '0'] }],
  [
    { name: 'Prettier', command: bin('prettier'), args: ['--check', '.', '--log-level', 'warn'] },
    { name: 'copies', command: process.execPath, args: ['--import', 'tsx', 'scripts/house/copies.ts'] },
    { name: 'knip', command: bin('knip'), args: ['--no-progress'] },
  ],
];

function run(check: Check): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(check.command, check.args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const done = (ok: boolean) => {
      process.stdout.write(`${ok ? 'ok' : 'FAILED'}  ${check.name}\n${output.trimEnd() ? `${output.trimEnd()}\n` : ''}`);
      resolve(ok);
    };
    child.once('error', (err) => ((output += `${err.message}\n`), done(false)));
    child.once('close', (code) => done(code === 0));
  });
}

async function lane(checks: Check[]): Promise<string[]> {
  const failed: string[] = [];
  for (const check of checks) if (!(await run(check))) failed.push(check.name);
  return failed;
}

const failed = (await Promise.all(LANES.map(lane))).flat();
if (failed.length) {
  process.stderr.write(`\nLint failed: ${failed.join(', ')}\n`);
  process.exit(1);
}
