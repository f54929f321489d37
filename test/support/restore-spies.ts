/**
 * After every file of the stack's tests: the spies it made are taken off. The stack's files share their
 * worker's modules (vitest.config.mts), so a spy left on a module would stay on it for the next file.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.restoreAllMocks();
});
