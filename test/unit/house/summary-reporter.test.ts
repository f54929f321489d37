/** The suite's last lines (test/support/summary-reporter.ts): each project's time, then the count CI reads. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SummaryReporter, { procStat, recordFileTimes } from '../../support/summary-reporter.js';

/**
 * A file of `project` with tests in these states (`passed@Firefox ESR`: a browser test in that engine), that
 * took `ms` of its own (failed: the file itself, as when its setup throws).
 */
const file = (project: string, states: string[], ms: number, failed = false) =>
  ({
    project: { name: project },
    moduleId: `${process.cwd()}/test/${project}/${states.map((s) => s.split('@')[0]).join('-')}.test.ts`,
    diagnostic: () => ({ duration: ms }),
    state: () => (failed ? 'failed' : 'passed'),
    children: {
      allTests: () =>
        states.map((s) => {
          const [state, engine] = s.split('@');
          return { result: () => ({ state }), meta: () => (engine ? { engine } : {}) };
        }),
    },
  }) as never;

const passedFile = (project: string, ms: number) => file(project, ['passed'], ms);

describe('the summary reporter', () => {
  // Under `npm run test:times` the reporters here would write their made-up files into the kept times.
  beforeEach(() => vi.stubEnv('RECORD_FILE_TIMES', ''));
  afterEach(() => (vi.useRealTimers(), vi.unstubAllEnvs()));

  it("prints each project's span and its files' own time, the cores busy from the first file on, then the counts, last", () => {
    vi.useFakeTimers({ now: 0 });
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((text) => (written.push(String(text)), true));
    const clock = [
      { busy: 10, total: 20 },
      { busy: 1_210.4, total: 1_520 },
    ];
    const reporter = new SummaryReporter({ cores: () => clock.shift() });
    const unitA = file('unit', ['passed', 'passed'], 30_000);
    const unitB = file('unit', ['failed', 'skipped'], 30_000);
    const stack = file('stack', ['passed'], 240_000, true);
    reporter.onTestModuleStart(unitA);
    reporter.onTestModuleStart(stack);
    vi.setSystemTime(60_000);
    reporter.onTestModuleEnd(unitA);
    reporter.onTestModuleStart(unitB);
    vi.setSystemTime(90_000);
    reporter.onTestModuleEnd(unitB);
    vi.setSystemTime(180_000);
    reporter.onTestModuleEnd(stack);
    reporter.onTestRunEnd([unitA, unitB, stack], []);
    vi.restoreAllMocks();
    expect(written.join('')).toBe(
      '\nSlowest files: test/stack/passed.test.ts 4.0 min, test/unit/passed-passed.test.ts 0.5 min, test/unit/failed-skipped.test.ts 0.5 min\n' +
        '\nTime by project: unit 1.5 min (2 files, 1.0 min of their own); stack 3.0 min (1 files, 4.0 min of their own)\n' +
        '\nCores: 1,200 of 1,500 core-seconds busy (80%)\n' +
        '\n3 passed, 2 failed, 1 skipped\n',
    );
  });

  it('counts the browser tests by engine, after the projects; says nothing of cores it cannot read', () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((text) => (written.push(String(text)), true));
    const reporter = new SummaryReporter({ cores: () => undefined });
    const chromium = file('stack', ['passed@Chromium', 'passed@Chromium', 'skipped@Chromium', 'passed'], 1_000);
    const firefox = file('stack', ['passed@Firefox ESR', 'failed@Firefox ESR'], 1_000);
    for (const f of [chromium, firefox]) {
      reporter.onTestModuleStart(f);
      reporter.onTestModuleEnd(f);
    }
    reporter.onTestRunEnd([chromium, firefox], []);
    vi.restoreAllMocks();
    const out = written.join('');
    expect(out).toContain('\nBrowser tests in Chromium: 2 passed, 0 failed\n\nBrowser tests in Firefox ESR: 1 passed, 1 failed\n');
    expect(out.indexOf('Time by project')).toBeLessThan(out.indexOf('Browser tests in'));
    expect(out).not.toContain('Cores');
    expect(out.endsWith('\n4 passed, 1 failed, 1 skipped\n')).toBe(true);
  });

  it("keeps each file's time in seconds, merged into those a run of other files kept", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'file-times-')), 'file-times.json');
    fs.writeFileSync(file, JSON.stringify({ 'stack:test/stack/passed.test.ts': 9, 'infra:test/infra/other.test.ts': 50 }));
    recordFileTimes([passedFile('stack', 240_049), passedFile('unit', 1_260)], file);
    expect(fs.readFileSync(file, 'utf8')).toBe(
      JSON.stringify(
        { 'infra:test/infra/other.test.ts': 50, 'stack:test/stack/passed.test.ts': 240, 'unit:test/unit/passed.test.ts': 1.3 },
        null,
        2,
      ) + '\n',
    );
  });
});

describe("the machine's core clock", () => {
  it('reads busy and total core-seconds that only grow', () => {
    const first = procStat();
    if (!first) return expect(fs.existsSync('/proc/stat')).toBe(false);
    let x = 0;
    for (let i = 0; i < 3e7; i++) x = (x * 31 + i) | 0;
    const then = procStat()!;
    expect(first.busy).toBeLessThanOrEqual(first.total);
    expect(then.busy).toBeGreaterThan(first.busy + (x === 0.5 ? 1 : 0));
    expect(then.total).toBeGreaterThanOrEqual(then.busy);
  });
});
