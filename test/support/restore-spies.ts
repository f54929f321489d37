/**
 * After every test file whose worker's modules the next file shares (vitest.config.mts): the spies it made are
 * taken off, the globals and environment variables it stubbed put back and the clock made real again, so
 * none of them carries into the next file.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});
