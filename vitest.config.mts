import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { webAliases } from './web/aliases.ts';
import LongestFirst from './test/support/sequencer.ts';
import { unitFiles } from './test/support/unit-files.ts';

/**
 * Files run at once, of all three projects together: they share one queue (the same sequence.groupOrder, which
 * Vitest allows only for projects with the same maxWorkers), the longest first (test/support/sequencer.ts),
 * so a unit or an infra file takes the core a stack file leaves while it waits on the stack, the browser or a
 * fault's timeout, and no project ends on one file alone. Three on the two-core machine, because so many files wait:
 * measured there, the whole `npm test` took 1,079 s with three (the cores 93% busy) and 1,163 s with two (80%).
 * Before the functions stopped loading the X-Ray tracer, three had measured no faster than two.
 */
const WORKERS = 3;

/**
 * Unit files share each worker's modules (isolate: false), as the stack's and the infra's do, unless they need
 * modules of their own (test/support/unit-files.ts: they mock one, run in a DOM or set the environment): the
 * unit files took 158 s of CPU in all instead of 176. A file that starts mocking moves to the isolated project by itself.
 */
const unit = unitFiles(fileURLToPath(new URL('test/unit', import.meta.url)), 'test/unit');
const unitProject = {
  setupFiles: ['test/support/unit-setup.ts', 'test/support/restore-spies.ts'],
  testTimeout: 30_000,
  pool: 'threads',
  maxWorkers: WORKERS,
} as const;

export default defineConfig({
  // The web app's import aliases, for tests that load its modules.
  resolve: { alias: webAliases },
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: unit.shared, isolate: false, ...unitProject },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: unit.own, ...unitProject },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          maxWorkers: WORKERS,
          // The files share each worker's modules, the CDK's among them (loading it afresh for each file took
          // about 6 s of CPU): the project's files took 165 s of CPU in all instead of 239. None mocks a module.
          isolate: false,
        },
      },
      {
        extends: true,
        // API and browser tests share one local stack, started once by the global setup. Their files share each
        // worker's modules rather than load them afresh (isolate: false): loading cost about a second of CPU per
        // file (ten API files' workers: 32 s of CPU instead of 43). A file's spies are taken off after it
        // (restore-spies.ts), and a module a file mocks is loaded for it as mocked (share-access-guards.test.ts).
        test: {
          name: 'stack',
          include: ['test/api/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/books-after-file.ts', 'test/support/restore-spies.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: WORKERS,
          isolate: false,
        },
      },
    ],
  },
});
