/** The suite's one queue (test/support/sequencer.ts): failed first, then the longest, whatever the project. */
import type { TestSpecification, Vitest } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import LongestFirst from '../../support/sequencer.js';

const ROOT = '/repo';
type Known = { duration: number; failed?: boolean };

/**
 * A sequencer over a cache that knows `results` (by `project:file`) and every file's size, with `kept` as the
 * times kept in the repository (seconds).
 */
function sequencer(results: Record<string, Known>, sizes: Record<string, number> = {}, kept: Record<string, number> = {}) {
  const cache = {
    getFileTestResults: (key: string) => (results[key] ? { failed: false, ...results[key] } : undefined),
    getFileStats: (key: string) => ({ size: sizes[key] ?? 1 }),
  };
  return new (class extends LongestFirst {
    protected override keptTimes = () => kept;
  })({ cache, config: { root: ROOT } } as unknown as Vitest);
}
const spec = (key: string) => {
  const [name, file] = key.split(':');
  return { project: { name }, moduleId: `${ROOT}/${file}` } as unknown as TestSpecification;
};
const order = async (s: LongestFirst, keys: string[]) =>
  (await s.sort(keys.map(spec))).map((x) => `${x.project.name}:${x.moduleId.slice(ROOT.length + 1)}`);

describe('the test sequencer', () => {
  it('interleaves the projects, longest first', async () => {
    const s = sequencer({
      'unit:a.ts': { duration: 5 },
      'stack:b.ts': { duration: 200 },
      'infra:c.ts': { duration: 60 },
      'stack:d.ts': { duration: 1 },
    });
    expect(await order(s, ['unit:a.ts', 'stack:d.ts', 'infra:c.ts', 'stack:b.ts'])).toEqual([
      'stack:b.ts',
      'infra:c.ts',
      'unit:a.ts',
      'stack:d.ts',
    ]);
  });

  it('starts what failed last time first, and a file never run before that', async () => {
    const s = sequencer({ 'unit:a.ts': { duration: 5, failed: true }, 'stack:b.ts': { duration: 200 } });
    expect(await order(s, ['stack:b.ts', 'unit:a.ts', 'stack:new.ts'])).toEqual(['stack:new.ts', 'unit:a.ts', 'stack:b.ts']);
  });

  it('goes by the kept times where nothing ran before, as on a fresh clone: a short file with a long test is not left to the end', async () => {
    const sizes = { 'unit:big.ts': 30_000, 'infra:typecheck.ts': 500, 'stack:api.ts': 20_000, 'unit:new.ts': 100 };
    const kept = { 'unit:big.ts': 2, 'infra:typecheck.ts': 50, 'stack:api.ts': 40 };
    const s = sequencer({ 'stack:api.ts': { duration: 30_000 } }, sizes, kept);
    expect(await order(s, ['unit:big.ts', 'stack:api.ts', 'unit:new.ts', 'infra:typecheck.ts'])).toEqual([
      'unit:new.ts',
      'infra:typecheck.ts',
      'stack:api.ts',
      'unit:big.ts',
    ]);
  });

  it('orders by size where nothing was timed', async () => {
    const s = sequencer({}, { 'unit:small.ts': 100, 'stack:big.ts': 30_000, 'infra:mid.ts': 5_000 });
    expect(await order(s, ['unit:small.ts', 'infra:mid.ts', 'stack:big.ts'])).toEqual(['stack:big.ts', 'infra:mid.ts', 'unit:small.ts']);
  });
});
