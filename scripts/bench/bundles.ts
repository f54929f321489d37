/**
 * Lambda bundles, built as the stack builds them (infra/bundles.ts: createAppFunction's esbuild settings,
 * the AWS SDK left to the runtime), per function:
 * - size and gzip size;
 * - cold import CPU: fresh `node` processes import the bundle, interleaved with a floor bundle that imports
 *   only what Lambda provides and the function loads: the SDK clients it calls (infra/bundles.ts
 *   SDK_CLIENTS) and Powertools (its layer), REPS times each; CPU time (user + system) of the import
 *   alone, min / median, and the bundle's ratio to its floor.
 * `benchBundles()` is one section of `npm run bench`; alone: `node --import tsx scripts/bench/bundles.ts`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleFacts, LAZY_SDK_CLIENTS, SDK_CLIENTS } from '../../infra/bundles.js';
import { REPO_ROOT } from '../../infra/constructs/function.js';

/** Imports of each bundle and of its floor, interleaved (the order alternating from one round to the next). */
const REPS = 15;

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const kb = (bytes: number) => `${fmt(bytes / 1024)} KB`;
const minMed = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return [sorted[0], sorted[Math.floor(sorted.length / 2)]] as const;
};

/**
 * Builds every function's bundle in a child process (CDK's bundling prints esbuild's report for each one)
 * and returns entry -> bundle file.
 */
function build(outdir: string): Map<string, string> {
  const script = `
    import fs from 'node:fs';
    const { buildBundles } = await import(${JSON.stringify(pathToFileURL(path.join(REPO_ROOT, 'infra/bundles.ts')).href)});
    const bundles = buildBundles(${JSON.stringify(outdir)});
    fs.writeFileSync(${JSON.stringify(path.join(outdir, 'bundles.json'))}, JSON.stringify([...bundles]));
  `;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: 600_000,
  });
  if (run.status !== 0) throw new Error(`building the bundles failed:\n${(run.stderr || run.stdout).slice(-4000)}`);
  return new Map(JSON.parse(fs.readFileSync(path.join(outdir, 'bundles.json'), 'utf8')) as [string, string][]);
}

/** What each probe runs: the CPU time of importing one module, measured inside a fresh process. */
const PROBE = `
const start = process.cpuUsage();
const mod = await import(process.argv[1]);
const used = process.cpuUsage(start);
if (typeof mod.handler !== 'function') throw new Error('no handler export');
console.log(JSON.stringify({ ms: (used.user + used.system) / 1000 }));
`;

function importCpuMs(file: string): number {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', PROBE, pathToFileURL(file).href], {
    encoding: 'utf8',
    timeout: 60_000,
    // As on Lambda: a region and the runtime's name (tracing on), nothing else configured (the functions read
    // their settings on first use).
    env: { PATH: process.env.PATH, AWS_REGION: 'us-east-1', AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x' },
  });
  const last = run.stdout.trim().split('\n').pop() ?? '';
  if (run.status !== 0 || !last.startsWith('{')) throw new Error(`importing ${file} failed: ${(run.stderr || run.stdout).slice(-2000)}`);
  return (JSON.parse(last) as { ms: number }).ms;
}

/** A bundle that imports only the given SDK packages, and a handler doing nothing. */
function writeFloor(dir: string, name: string, packages: readonly string[]): string {
  const file = path.join(dir, `${name.replace(/\//g, '-')}.mjs`);
  fs.writeFileSync(file, `${packages.map((p) => `import ${JSON.stringify(p)};`).join('\n')}\nexport const handler = async () => null;\n`);
  return file;
}

const short = (pkg: string) =>
  pkg
    .replace(/^@aws-sdk\/(client-)?/, '')
    .replace(/^@aws-lambda-powertools\//, 'powertools-')
    .replace('cognito-identity-provider', 'cognito');

export async function benchBundles(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'snip-bundles-'));
  try {
    console.log(`\nLambda bundles, as the stack builds them (minified ESM for Node 22; the AWS SDK from the runtime)`);
    const outdir = path.join(dir, 'cdk.out');
    const bundles = build(outdir);
    // The bundles and floors resolve the SDK from the repository's node_modules, as Lambda's from its runtime.
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const floorDir = path.join(dir, 'floors');
    fs.mkdirSync(floorDir);

    const rows = [...bundles].map(([entry, file]) => {
      const name = entry.replace(/^functions\//, '').replace(/\.ts$/, '');
      const facts = bundleFacts(file);
      // Clients loaded with import() on first use are not part of a cold start; Powertools comes from its layer.
      const sdk = (SDK_CLIENTS[entry] ?? facts.imports.filter((p) => p.startsWith('@aws-sdk/'))).filter(
        (p) => !LAZY_SDK_CLIENTS[entry]?.includes(p),
      );
      // Powertools' tracer is imported with import() so that it loads only in Lambda, where it loads with the bundle.
      const powertools = [...facts.imports, ...facts.lazyImports].filter((p) => p.startsWith('@aws-lambda-powertools/'));
      const clients = [...sdk, ...new Set(powertools)];
      return { name, file, facts, clients, floor: writeFloor(floorDir, name, clients), bundleMs: [] as number[], floorMs: [] as number[] };
    });

    console.log(
      `   ${'function'.padEnd(26)} ${'size'.padStart(10)} ${'gzip'.padStart(10)}   what Lambda provides that it imports (its floor imports just these)`,
    );
    for (const r of rows) {
      console.log(
        `   ${r.name.padEnd(26)} ${kb(r.facts.bytes).padStart(10)} ${kb(r.facts.gzipBytes).padStart(10)}   ${r.clients.map(short).join(', ') || '(none)'}`,
      );
    }

    console.log(`\n   cold import CPU (user + system) of the bundle in a fresh node process, ${REPS} interleaved runs each, min / median:`);
    for (let rep = 0; rep < REPS; rep++) {
      for (const r of rows) {
        if (rep % 2 === 0) {
          r.floorMs.push(importCpuMs(r.floor));
          r.bundleMs.push(importCpuMs(r.file));
        } else {
          r.bundleMs.push(importCpuMs(r.file));
          r.floorMs.push(importCpuMs(r.floor));
        }
      }
    }
    console.log(
      `   ${'function'.padEnd(26)} ${'bundle, ms'.padStart(15)}  ${'floor, ms'.padStart(15)}  ${'ratio to floor'.padStart(14)}  ${'above floor, ms'.padStart(15)}`,
    );
    for (const r of rows) {
      const [bMin, bMed] = minMed(r.bundleMs);
      const [fMin, fMed] = minMed(r.floorMs);
      const pair = (a: number, b: number, digits = 1) => `${fmt(a, digits)} / ${fmt(b, digits)}`;
      console.log(
        `   ${r.name.padEnd(26)} ${pair(bMin, bMed).padStart(15)}  ${pair(fMin, fMed).padStart(15)}  ${pair(bMin / fMin, bMed / fMed, 2).padStart(14)}  ${pair(bMin - fMin, bMed - fMed).padStart(15)}`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchBundles().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
