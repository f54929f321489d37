import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { FILE_TIMES, keptTimes } from './sequencer.js';

declare module 'vitest' {
  interface TaskMeta {
    /** The browser engine a browser test ran in (test/e2e/fixtures.ts). */
    engine?: string;
  }
}

/** How many of the slowest files the summary names: where a faster suite starts. */
const SLOWEST = 8;

/** The machine's CPU time so far, busy and in all, in core-seconds (Linux's /proc/stat); undefined elsewhere. */
export type CoreClock = () => { busy: number; total: number } | undefined;

export const procStat: CoreClock = () => {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fs
      .readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const busy = user + nice + system + irq + softirq + steal;
    // The kernel counts in clock ticks of 1/100 s (USER_HZ) on every machine the suite runs on.
    return { busy: busy / 100, total: (busy + idle + iowait) / 100 };
  } catch {
    return undefined;
  }
};

/**
 * Ends every run with its slowest files, each project's time (from its first file's start to its last
 * file's end, and the files' own time added up: what a faster suite is measured by), the machine's cores busy
 * meanwhile (the same suite took 596 s on one day's two cores and 1,188 s on another's: the core-seconds say
 * whether a change in time is the suite's or the machine's), the browser tests by engine, then the plain line
 * `N passed, N failed, N skipped` that CI reads. With RECORD_FILE_TIMES=1 (`npm run test:times`), each file's
 * time is also kept in file-times.json, which orders the files of a run that has no last run to go by.
 */
export default class SummaryReporter implements Reporter {
  private readonly spans = new Map<string, { first: number; last: number; files: number; busyMs: number }>();
  private coresAtStart: ReturnType<CoreClock>;

  private readonly cores: CoreClock;

  /** Vitest passes a reporter its options, if any, here. */
  constructor(options: { cores?: CoreClock } = {}) {
    this.cores = options.cores ?? procStat;
  }

  onTestModuleStart(mod: TestModule) {
    if (!this.spans.size) this.coresAtStart = this.cores();
    const name = mod.project.name;
    const span = this.spans.get(name) ?? { first: Date.now(), last: Date.now(), files: 0, busyMs: 0 };
    this.spans.set(name, span);
  }

  onTestModuleEnd(mod: TestModule) {
    const span = this.spans.get(mod.project.name);
    if (!span) return;
    span.last = Date.now();
    span.files++;
    span.busyMs += mod.diagnostic().duration;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const engines = new Map<string, { passed: number; failed: number }>();
    for (const mod of modules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
        const engine = test.meta().engine;
        if (engine && (state === 'passed' || state === 'failed')) {
          const count = engines.get(engine) ?? { passed: 0, failed: 0 };
          count[state]++;
          engines.set(engine, count);
        }
      }
      if (mod.state() === 'failed' && ![...mod.children.allTests()].some((t) => t.result().state === 'failed')) failed++;
    }
    failed += errors.length;
    const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;
    const times = [...this.spans].map(
      ([name, s]) => `${name || 'tests'} ${minutes(s.last - s.first)} (${s.files} files, ${minutes(s.busyMs)} of their own)`,
    );
    const slowest = [...modules]
      .sort((a, b) => b.diagnostic().duration - a.diagnostic().duration)
      .slice(0, SLOWEST)
      .map((m) => `${path.relative(process.cwd(), m.moduleId)} ${minutes(m.diagnostic().duration)}`);
    if (slowest.length > 1) process.stdout.write(`\nSlowest files: ${slowest.join(', ')}\n`);
    if (times.length) process.stdout.write(`\nTime by project: ${times.join('; ')}\n`);
    const [start, end] = [this.coresAtStart, this.cores()];
    if (start && end && end.total - start.total >= 1) {
      const [busy, total] = [end.busy - start.busy, end.total - start.total];
      const seconds = (n: number) => Math.round(n).toLocaleString('en-US');
      process.stdout.write(`\nCores: ${seconds(busy)} of ${seconds(total)} core-seconds busy (${Math.round((100 * busy) / total)}%)\n`);
    }
    for (const [engine, count] of engines)
      process.stdout.write(`\nBrowser tests in ${engine}: ${count.passed} passed, ${count.failed} failed\n`);
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
    if (process.env.RECORD_FILE_TIMES === '1') recordFileTimes(modules);
  }
}

/** Each file's own time, in seconds to a tenth, merged into the kept ones (a run of some files keeps the others'). */
export function recordFileTimes(modules: ReadonlyArray<TestModule>, file = FILE_TIMES): void {
  const times: Record<string, number> = { ...keptTimes(file) };
  for (const mod of modules) {
    times[`${mod.project.name}:${path.relative(process.cwd(), mod.moduleId)}`] = Math.round(mod.diagnostic().duration / 100) / 10;
  }
  const sorted = Object.fromEntries(Object.entries(times).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
}
