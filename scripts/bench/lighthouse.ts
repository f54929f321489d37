/**
 * Lighthouse (mobile, its default) on the app's signed-out pages (/login, the front page) and on the floor page, interleaved: the four
 * category scores of each, as min / median of the runs. Perf varies with the machine's load, so the
 * floor measured in the same run says how much of a low score the machine is to blame for.
 */
import { DEFAULT_CHROMIUM } from '../setup/system-packages.mjs';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { freePort } from '../dev/stack/ports.js';

const CHROMIUM = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Scores = Record<(typeof CATEGORIES)[number], number>;

/**
 * Lighthouse is a package of its own here (package.json and package-lock.json), out of the project's install:
 * it asks for a newer Node than the project's minimum, so `npm install` would warn about it on every machine.
 */
const TOOL_DIR = path.join(import.meta.dirname, 'lighthouse');

/** The part of Lighthouse's API the bench uses. */
type RunLighthouse = (
  url: string,
  flags: { port: number; output: 'json'; logLevel: 'error'; onlyCategories: string[] },
) => Promise<{ lhr: { categories: Record<string, { score: number | null } | undefined> } } | undefined>;

const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** Installs Lighthouse from its lockfile (npm ci) unless the locked version is there already. */
export function installLighthouse(): void {
  const locked: string = readJson(path.join(TOOL_DIR, 'package-lock.json')).packages['node_modules/lighthouse'].version;
  const installed = path.join(TOOL_DIR, 'node_modules/lighthouse/package.json');
  if (fs.existsSync(installed) && readJson(installed).version === locked) return;
  const where = path.relative(process.cwd(), TOOL_DIR) || '.';
  console.log(`\nInstalling Lighthouse ${locked} for the bench into ${where}/ (npm ci; once: \`npm install\` leaves it out)`);
  const res = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: TOOL_DIR, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`npm ci in ${where} failed (exit ${res.status ?? res.error?.message})`);
}

async function loadLighthouse(): Promise<RunLighthouse> {
  installLighthouse();
  const entry = createRequire(path.join(TOOL_DIR, 'package.json')).resolve('lighthouse');
  return (await import(pathToFileURL(entry).href)).default as RunLighthouse;
}

async function audit(lighthouse: RunLighthouse, url: string): Promise<Scores> {
  const port = await freePort();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [`--remote-debugging-port=${port}`] });
  try {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    return Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((result.lhr.categories[c]?.score ?? 0) * 100)])) as Scores;
  } finally {
    await browser.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchLighthouse(pages: { label: string; url: string }[], floorUrl: string, runs = 5): Promise<void> {
  const lighthouse = await loadLighthouse();
  const app = pages.map((): Scores[] => []);
  const floor: Scores[] = [];
  for (let i = 0; i < runs; i++) {
    for (const [k, p] of pages.entries()) app[k].push(await audit(lighthouse, p.url));
    floor.push(await audit(lighthouse, floorUrl));
  }
  const line = (all: Scores[]) =>
    CATEGORIES.map((c) => {
      const xs = all.map((s) => s[c]);
      return `${c} ${Math.min(...xs)} / ${median(xs)}`;
    }).join(', ');
  console.log(`\n4b. Lighthouse, mobile (min / median of ${runs} interleaved runs)`);
  console.log(`   floor (Vite + React + Amplify sign-in only):  ${line(floor)}`);
  for (const [k, p] of pages.entries()) console.log(`   app ${p.label.padEnd(43)}${line(app[k])}`);
}
