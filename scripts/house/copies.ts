/**
 * The copy-paste check `npm run lint` runs: jscpd finds the places that share six or more lines, the
 * same or the same but for their names (a copy with its variables renamed is still a copy), and the
 * check fails when there are more than COPIES_ALLOWED, listing them all. Lower the number as copies are
 * written once; never raise it to let a new one in.
 *
 * Import and re-export lists are left out (blanked, so lines keep their numbers): with names ignored, any
 * two lists of six names are 'the same', and a module naming what it uses repeats no logic. So are the
 * route table's one-line rows (shared/api: a route's address, a route's schemas): a table of routes is
 * written once, and six of its rows are six routes, not a copy.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Today's count: lower it when a copy goes. */
export const COPIES_ALLOWED = 40;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCES = '{functions,web/src,shared,scripts,infra,test}/**/*.{ts,tsx,mts}';

export interface Copy {
  /** `file:first-last`, repository-relative. */
  a: string;
  b: string;
  lines: number;
}

interface JscpdFile {
  name: string;
  start: number;
  end: number;
}

const SKIPPED = new Set(['node_modules', 'dist', '.git', 'cdk.out']);
const IMPORT_LIST = /^(?:import|export)\b[^;]*?\bfrom\s+['"][^'"]*['"];/gms;

/** A row of the route table: `name: { method: 'GET', path: ... },` or `name: { input: ..., output: ... },`. */
const ROUTE_ROW = /^ +\w+: \{ (?:method: '[A-Z]+', path|input): [^\n]*\},$/gm;

/** `text` with its import and re-export statements and its route-table rows blanked, line for line. */
export const withoutImportLists = (text: string) => text.replace(IMPORT_LIST, (list) => list.replace(/[^\n]/g, '')).replace(ROUTE_ROW, '');

/** The TypeScript files under `from`, written to `to` at the same paths without their import lists. */
function mirror(from: string, to: string) {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) mirror(source, path.join(to, entry.name));
    else if (/\.(ts|tsx|mts)$/.test(entry.name)) {
      fs.mkdirSync(to, { recursive: true });
      fs.writeFileSync(path.join(to, entry.name), withoutImportLists(fs.readFileSync(source, 'utf8')));
    }
  }
}

/** The copies among the TypeScript files of `root` (the repository by default), largest first. */
export function findCopies(root = ROOT, pattern = SOURCES): Copy[] {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'copies-'));
  const sources = path.join(out, 'sources');
  try {
    mirror(root, sources);
    const bin = path.join(ROOT, 'node_modules/.bin/jscpd');
    const args = ['--min-lines', '6', '--ignore-identifiers', '--reporters', 'json', '--output', out, '--silent'];
    args.push('--pattern', pattern, '--ignore', '**/node_modules/**,**/dist/**,test/fixtures/**', '.');
    const run = spawnSync(bin, args, { cwd: sources, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`jscpd failed (${run.status}): ${run.stderr || run.stdout}`);
    const report = JSON.parse(fs.readFileSync(path.join(out, 'jscpd-report.json'), 'utf8')) as {
      duplicates: { firstFile: JscpdFile; secondFile: JscpdFile; lines: number }[];
    };
    const at = (f: JscpdFile) => `${f.name}:${f.start}-${f.end}`;
    return report.duplicates.map((d) => ({ a: at(d.firstFile), b: at(d.secondFile), lines: d.lines })).sort((x, y) => y.lines - x.lines);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const copies = findCopies();
  const over = copies.length > COPIES_ALLOWED;
  if (over || process.argv.includes('--list')) for (const c of copies) console.log(`${c.lines} lines: ${c.a} ~ ${c.b}`);
  console.log(`${copies.length} copies of 6 or more lines (at most ${COPIES_ALLOWED} allowed)`);
  if (over) {
    console.error('A new copy: write it once (a function, a component, a table) rather than raising the limit.');
    process.exit(1);
  }
}
