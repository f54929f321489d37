/**
 * After every test file whose worker's modules the next file shares (vitest.config.mts): the spies it made are
 * taken off, the globals and environment variables it stubbed put back and the clock made real again, so
 * none of them carries into the next file (test/unit/house/restore-spies.test.ts).
 */
import { afterAll, vi } from 'vitest';

export function undoFileChanges(): void {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
}

afterAll(undoFileChanges);
