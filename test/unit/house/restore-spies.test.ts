/** What is undone after each test file that shares its worker's modules (test/support/restore-spies.ts). */
import { expect, it, vi } from 'vitest';
import { undoFileChanges } from '../../support/restore-spies.js';

const target = { answer: () => 42 };

it("takes off a file's spies, puts back its stubbed globals and environment, and makes the clock real again", () => {
  const realNow = Date.now;
  vi.spyOn(target, 'answer').mockReturnValue(0);
  vi.stubGlobal('snipStubbed', 'yes');
  vi.stubEnv('SNIP_STUBBED_ENV', 'yes');
  vi.useFakeTimers({ now: 0 });
  expect([target.answer(), (globalThis as Record<string, unknown>).snipStubbed, process.env.SNIP_STUBBED_ENV, Date.now()]).toEqual([
    0,
    'yes',
    'yes',
    0,
  ]);

  undoFileChanges();
  expect(target.answer()).toBe(42);
  expect('snipStubbed' in globalThis).toBe(false);
  expect(process.env.SNIP_STUBBED_ENV).toBeUndefined();
  expect(Date.now).toBe(realNow);
  expect(Date.now()).toBeGreaterThan(0);
});
