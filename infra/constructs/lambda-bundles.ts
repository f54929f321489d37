/**
 * The Lambda functions' code, bundled by esbuild on this machine: minified ESM for Node 22 with a source
 * map, the SDK clients and Powertools left to the runtime and its layer.
 *
 * The entries of one folder (functions/http/*, functions/jobs/*, ...) are bundled by one build, the first
 * time one of them is asked for: the modules they share (zod, the route table, the presigners) are read
 * and parsed once rather than once per function. Bundling each function with its own esbuild run took
 * about 35 s of a 52 s `cdk synth` on two cores; one build per folder takes a few seconds.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Stage } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { buildSync } from 'esbuild';
import type { Construct } from 'constructs';

/** Packages Lambda provides: the SDK from the runtime, Powertools from its layer. */
export const RUNTIME_PACKAGES = ['@aws-sdk/client-*', '@aws-sdk/lib-dynamodb', '@aws-sdk/util-dynamodb', '@aws-lambda-powertools/*'];

/** ESM bundles still meet CommonJS dependencies that call `require`: give them one. */
const REQUIRE_SHIM = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/** A module that Lambda can call: it exports `handler`. */
const EXPORTS_HANDLER = /\bexport\s+(?:const|(?:async\s+)?function)\s+handler\b/;

/**
 * The folder of the cloud assembly that holds an entry's bundle, by the entry's path: one level below the
 * assets it is copied to (outdir/asset.<hash>), so that nothing takes it for an asset.
 */
const bundleFolder = (outdir: string, entry: string) => path.join(outdir, '.bundles', entry.replace(/\.ts$/, '').replace(/[^\w-]/g, '-'));

/**
 * Worker threads a module starts from a file beside its bundle: each bundle that takes in `module` gets
 * `worker` bundled beside it as `<file>.mjs`.
 */
const WORKERS = [
  { module: 'functions/tracks/audio/findings-thread.ts', worker: 'functions/tracks/audio/findings-worker.ts', file: 'findings-worker' },
];

/** The bundle folders this process has built. */
const BUILT = new Set<string>();

/** The bundle of `entry` (relative to `root`), as a Lambda asset. */
export function bundledCode(scope: Construct, root: string, entry: string): lambda.Code {
  const outdir = Stage.of(scope)?.outdir;
  if (!outdir) throw new Error(`${scope.node.path} is not in an app: its bundle has nowhere to go`);
  const folder = bundleFolder(outdir, entry);
  // Built by this process, never taken from an earlier synthesis into the same folder: the code has changed since.
  if (!BUILT.has(folder)) for (const built of bundleFolderOf(root, outdir, entry)) BUILT.add(built);
  return lambda.Code.fromAsset(folder);
}

/**
 * Bundles every entry beside `entry` (the modules of its folder that export a handler), and `entry`.
 * Returns the folders written.
 */
function bundleFolderOf(root: string, outdir: string, entry: string): string[] {
  const dir = path.dirname(entry);
  const siblings = fs
    .readdirSync(path.join(root, dir))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.posix.join(dir.split(path.sep).join('/'), file))
    .filter((file) => EXPORTS_HANDLER.test(fs.readFileSync(path.join(root, file), 'utf8')));
  const entries = [...new Set([entry, ...siblings])];
  const built = build(
    root,
    outdir,
    entries.map((e) => [path.join(bundleFolder(outdir, e), 'index'), e]),
  );
  // Each bundle's worker threads, bundled beside it.
  const workers = entries.flatMap((e) => {
    const inputs =
      built.outputs[
        path
          .relative(root, path.join(bundleFolder(outdir, e), 'index.mjs'))
          .split(path.sep)
          .join('/')
      ]?.inputs ?? {};
    return WORKERS.filter(({ module }) => module in inputs).map(
      ({ worker, file }) => [path.join(bundleFolder(outdir, e), file), worker] as [string, string],
    );
  });
  if (workers.length) build(root, outdir, workers);
  return entries.map((e) => bundleFolder(outdir, e));
}

/** Bundles each [out, source] (`out` without its extension) with the stack's settings; fixes their maps' paths. */
function build(root: string, outdir: string, outputs: [string, string][]) {
  const result = buildSync({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(outputs.map(([out, source]) => [path.relative(outdir, out), source])),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    mainFields: ['module', 'main'],
    // The runtime's SDK provides the clients and the layer Powertools; the presigners are bundled, as the
    // runtime's copy of them is not guaranteed.
    external: RUNTIME_PACKAGES,
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    banner: { js: REQUIRE_SHIM },
    logLevel: 'warning',
    metafile: true,
  });
  // The maps name their sources relative to where they were written, a level deeper than the asset
  // folders they are copied to: one '../' fewer holds there.
  for (const [out] of outputs) {
    const map = `${out}.mjs.map`;
    const json = JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] };
    json.sources = json.sources.map((source) => source.replace(/^\.\.\//, ''));
    fs.writeFileSync(map, JSON.stringify(json));
  }
  return result.metafile;
}
