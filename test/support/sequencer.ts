import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order the files of all three projects start in, from one queue: those that failed last time first,
 * then the longest (by their last run's time, or by size where there is none, as on a fresh clone), whatever
 * their project. Vitest's own order takes each project whole, one after the other, and so would end the
 * stack's long files alone on a core that a dozen short unit files could have shared.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const key = (spec: TestSpecification) => `${spec.project.name}:${path.relative(config.root, spec.moduleId)}`;
    const last = (spec: TestSpecification) => cache.getFileTestResults(key(spec));
    const size = (spec: TestSpecification) => cache.getFileStats(key(spec))?.size ?? 0;
    return [...files].sort((a, b) => {
      const [ra, rb] = [last(a), last(b)];
      if (!ra || !rb) return ra === rb ? size(b) - size(a) : ra ? 1 : -1;
      if (ra.failed !== rb.failed) return ra.failed ? -1 : 1;
      return rb.duration - ra.duration;
    });
  }
}
