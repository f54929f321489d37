import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Each file's time in seconds (by `project:file`) in a whole run of the suite, kept in the repository. */
export const FILE_TIMES = fileURLToPath(new URL('file-times.json', import.meta.url));

export function keptTimes(file = FILE_TIMES): Record<string, number> {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * The order the files of all three projects start in, from one queue: those that failed last time first,
 * then those never timed (a new file), then the longest, whatever their project. A file's time is its last run's
 * here, or else the one kept in file-times.json (`npm run test:times` writes it): on a fresh clone, as in CI,
 * there is no last run, and ordering by size had left the type check and `cdk synth` (short files, long
 * tests) to the end, alone on a core. Files never timed start first, largest first. Vitest's own order takes
 * each project whole, one after the other, and so would end the stack's long files alone on a core that a
 * dozen short unit files could have shared.
 */
export default class LongestFirst extends BaseSequencer {
  protected keptTimes = keptTimes;

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const kept = this.keptTimes();
    const key = (spec: TestSpecification) => `${spec.project.name}:${path.relative(config.root, spec.moduleId)}`;
    const last = (spec: TestSpecification) => {
      const result = cache.getFileTestResults(key(spec));
      if (result) return result;
      const seconds = kept[key(spec)];
      return seconds === undefined ? undefined : { failed: false, duration: seconds * 1000 };
    };
    const size = (spec: TestSpecification) => cache.getFileStats(key(spec))?.size ?? 0;
    return [...files].sort((a, b) => {
      const [ra, rb] = [last(a), last(b)];
      if (!ra || !rb) return ra === rb ? size(b) - size(a) : ra ? 1 : -1;
      if (ra.failed !== rb.failed) return ra.failed ? -1 : 1;
      return rb.duration - ra.duration;
    });
  }
}
