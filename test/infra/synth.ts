/** Synthesizes the stack into a temporary folder for the infra tests, and cleans up after. */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { App } from 'aws-cdk-lib';
import { afterAll, beforeAll } from 'vitest';
import { Template } from 'aws-cdk-lib/assertions';
import { addComplianceChecks } from '../../infra/checks.js';
import { REPO_ROOT, type LambdaCodeMode } from '../../infra/constructs/function.js';
import { AppStack } from '../../infra/stack.js';

export const STACK_NAME = 'InfraTest';

/** The feature flags of cdk.json, so that tests synthesize exactly what `cdk synth` does. */
export function cdkContext(): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')).context;
}

export function makeTempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
}

/** A fake web build: index.html, a favicon and one hashed asset. */
export function fakeWebDist(dir: string): string {
  const dist = path.join(dir, 'web-dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><head><script id="runtime-config" type="application/json"></script></head><div id="root"></div>',
  );
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  return dist;
}

export interface Synthesized {
  template: Template;
  /** The raw template, for searches across the whole document. */
  json: Record<string, any>;
  /** The cloud assembly folder. */
  outdir: string;
  /** The policy validation report (cdk-nag results), when plugins ran. */
  report?: ValidationReport;
  /** What synthesis threw (validation failures throw), if anything. */
  error?: unknown;
}

export interface ValidationReport {
  pluginReports: {
    pluginName: string;
    conclusion: string;
    violations: { ruleName: string; severity: string; description: string; violatingConstructs: { constructPath: string }[] }[];
  }[];
}

export interface SynthOptions {
  dir: string;
  lambdaCode?: LambdaCodeMode;
  webDist?: string;
  nag?: boolean;
  realtimeAccessLogs?: boolean;
}

export function synthStack(opts: SynthOptions): Synthesized {
  const outdir = path.join(opts.dir, 'cdk.out');
  const app = new App({ outdir, context: cdkContext() });
  const stack = new AppStack(app, STACK_NAME, {
    lambdaCode: opts.lambdaCode ?? 'placeholder',
    webDist: opts.webDist ?? path.join(opts.dir, 'no-web-build'),
    realtimeAccessLogs: opts.realtimeAccessLogs,
  });
  if (opts.nag) addComplianceChecks(app);

  let error: unknown;
  try {
    app.synth();
  } catch (err) {
    error = err;
  }
  const reportFile = path.join(outdir, 'validation-report.json');
  const report = fs.existsSync(reportFile) ? (JSON.parse(fs.readFileSync(reportFile, 'utf8')) as ValidationReport) : undefined;
  const templateFile = path.join(outdir, `${stack.artifactId}.template.json`);
  const json = JSON.parse(fs.readFileSync(templateFile, 'utf8'));
  return { template: Template.fromJSON(json), json, outdir, report, error };
}

/**
 * The stack synthesized once for a test file, before its tests (placeholder code, a fake web build), handed
 * to `use`; its folder is removed after them.
 */
export function synthesizeForFile(prefix: string, use: (s: Synthesized) => void): void {
  let dir: string;
  beforeAll(() => {
    dir = makeTempDir(prefix);
    const s = synthStack({ dir, lambdaCode: 'placeholder', webDist: fakeWebDist(dir) });
    if (s.error) throw s.error;
    use(s);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
}

/** Violations of the given severity that no acknowledgement covered. */
export function unacknowledged(report: ValidationReport | undefined, severity = 'error') {
  return (report?.pluginReports ?? []).flatMap((r) =>
    r.violations
      .filter((v) => v.severity === severity)
      .map((v) => `${v.ruleName} at ${v.violatingConstructs.map((c) => c.constructPath).join(', ')}`),
  );
}

/** Logical ids of the resources each resource refers to (Ref, GetAtt, Sub, DependsOn). */
export function dependencyGraph(json: Record<string, any>): Map<string, Set<string>> {
  const resources: Record<string, any> = json.Resources;
  const graph = new Map<string, Set<string>>();
  const collect = (node: unknown, into: Set<string>) => {
    if (Array.isArray(node)) return node.forEach((n) => collect(n, into));
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'Ref' && typeof value === 'string') into.add(value);
      else if (key === 'Fn::GetAtt') into.add(Array.isArray(value) ? value[0] : String(value).split('.')[0]);
      else if (key === 'Fn::Sub') {
        const [text, vars] = Array.isArray(value) ? value : [value, {}];
        for (const m of String(text).matchAll(/\$\{([^}!.]+)/g)) into.add(m[1]);
        collect(vars, into);
      } else collect(value, into);
    }
  };
  for (const [id, resource] of Object.entries(resources)) {
    const refs = new Set<string>();
    collect(resource.Properties ?? {}, refs);
    for (const dep of [resource.DependsOn ?? []].flat()) refs.add(dep);
    graph.set(id, new Set([...refs].filter((r) => r in resources)));
  }
  return graph;
}

/** One dependency cycle, if the template has any (CloudFormation refuses such a template). */
export function findCycle(graph: Map<string, Set<string>>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (id: string): string[] | undefined => {
    state.set(id, 'open');
    stack.push(id);
    for (const next of graph.get(id) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(id, 'done');
    return undefined;
  };
  for (const id of graph.keys()) {
    if (!state.has(id)) {
      const found = visit(id);
      if (found) return found;
    }
  }
  return undefined;
}

/** The Lambda bundles (`index.mjs`) of a cloud assembly. */
export function bundlesIn(outdir: string): string[] {
  return fs
    .readdirSync(outdir)
    .map((entry) => path.join(outdir, entry, 'index.mjs'))
    .filter((file) => fs.existsSync(file));
}

/**
 * Lets the bundles of a cloud assembly resolve the packages left out of them (the AWS SDK, which Lambda's
 * runtime provides) from the repository's node_modules, as they would on Lambda.
 */
export function linkNodeModules(outdir: string): void {
  const link = path.join(outdir, 'node_modules');
  if (!fs.existsSync(link)) fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), link, 'dir');
}

const RUN_BUNDLE = `
const [file, event] = process.argv.slice(1);
const mod = await import(file);
if (typeof mod.handler !== 'function') throw new Error('no handler export');
const result = event === undefined ? 'loaded' : await mod.handler(JSON.parse(event));
console.log(JSON.stringify({ result }));
`;

const LOAD_BUNDLES = `
const loaded = {};
for (const file of process.argv.slice(1)) {
  try {
    loaded[file] = typeof (await import(file)).handler === 'function' ? 'loaded' : 'no handler export';
  } catch (err) {
    loaded[file] = String(err?.stack ?? err).slice(0, 2000);
  }
}
console.log(JSON.stringify(loaded));
`;

/**
 * Imports each bundle, one after the other in one fresh Node process, as Lambda's ESM loader would: what
 * each import gave, by file ('loaded', 'no handler export' or the error). One process rather than one each,
 * because a Node start and the SDK's first import cost about a second of CPU a bundle.
 */
export function loadBundles(files: string[]): Record<string, string> {
  const args = ['--input-type=module', '-e', LOAD_BUNDLES, ...files.map((file) => pathToFileURL(file).href)];
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 120_000, env: { ...process.env, AWS_REGION: 'us-east-1' } });
  const last = run.stdout.trim().split('\n').pop() ?? '';
  if (run.status !== 0 || !last.startsWith('{')) throw new Error(`exit ${run.status}: ${(run.stderr || run.stdout).slice(-2000)}`);
  const byUrl = JSON.parse(last) as Record<string, string>;
  return Object.fromEntries(files.map((file) => [file, byUrl[pathToFileURL(file).href] ?? 'not imported']));
}

/**
 * Imports a bundle in a fresh Node process as Lambda's ESM loader would and, given an event, calls its
 * handler. Returns what the handler returned ('loaded' without an event).
 */
export function runBundle(file: string, event?: unknown): { result?: unknown; error?: string } {
  const args = ['--input-type=module', '-e', RUN_BUNDLE, pathToFileURL(file).href];
  if (event !== undefined) args.push(JSON.stringify(event));
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 60_000, env: { ...process.env, AWS_REGION: 'us-east-1' } });
  const last = run.stdout.trim().split('\n').pop() ?? '';
  if (run.status === 0 && last.startsWith('{')) return JSON.parse(last);
  return { error: `exit ${run.status}: ${(run.stderr || run.stdout).slice(-2000)}` };
}
