/**
 * Section 8's paired decodes of one file with and without the analysis findings (findings.ts findingsCost), in a
 * process of its own: section 2c sets what they add against processing's time, and in the bench's process,
 * beside the stack, the pairs differed by twice what they do alone (docs/bench.md). Prints their JSON.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findingsCost } from './findings.js';

type Cost = Awaited<ReturnType<typeof findingsCost>>;

/** `findingsCost(file, pairs)` run in a child process of this Node with the same loader. */
export function findingsCostAlone(file: string, pairs: number): Cost {
  const out = execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), file, String(pairs)], {
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as Cost;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, pairs] = process.argv.slice(2);
  console.log(JSON.stringify(await findingsCost(file, Number(pairs))));
}
