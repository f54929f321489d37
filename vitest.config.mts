import { defineConfig } from 'vitest/config';
import { webAliases } from './web/aliases';

export default defineConfig({
  // The web app's import aliases, for tests that load its modules.
  resolve: { alias: webAliases },
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['test/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['test/support/unit-setup.ts'],
          testTimeout: 30_000,
          // Vitest's default outside watch mode is one worker fewer than the cores: one, on two. Units wait
          // on little, so three threads keep both cores busy while one imports or sets up its DOM.
          pool: 'threads',
          maxWorkers: 3,
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          sequence: { groupOrder: 1 },
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        // API and browser tests share one local stack, started once by the global setup.
        test: {
          name: 'stack',
          // After the others: the browser tests want both cores.
          sequence: { groupOrder: 2 },
          include: ['test/api/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/books-after-file.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at once: a third (tried) left the wall time as it was and made uploads race their refusals.
          maxWorkers: 2,
        },
      },
    ],
  },
});
