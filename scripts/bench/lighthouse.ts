/**
 * Lighthouse (mobile, its default) on the app's signed-out pages (/login, the front page) and on the floor page, interleaved: the four
 * category scores of each, as min / median of the runs. Perf varies with the machine's load, so the
 * floor measured in the same run says how much of a low score the machine is to blame for.
 */
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort } from '../dev/stack/ports.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Scores = Record<(typeof CATEGORIES)[number], number>;

async function audit(url: string): Promise<Scores> {
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
  const app = pages.map((): Scores[] => []);
  const floor: Scores[] = [];
  for (let i = 0; i < runs; i++) {
    for (const [k, p] of pages.entries()) app[k].push(await audit(p.url));
    floor.push(await audit(floorUrl));
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
