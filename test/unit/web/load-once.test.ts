import { describe, expect, it } from 'vitest';
import { loadOnce } from '../../../web/src/lib/load-once';

describe('loadOnce', () => {
  it('loads once for every caller, and tries again after a failure', async () => {
    let calls = 0;
    let fail = true;
    const load = loadOnce(async () => {
      calls++;
      if (fail) throw new Error('chunk did not arrive');
      return 'module';
    });
    await expect(Promise.all([load(), load()])).rejects.toThrow('chunk did not arrive');
    expect(calls).toBe(1);
    fail = false;
    expect(await Promise.all([load(), load()])).toEqual(['module', 'module']);
    expect(calls).toBe(2);
    expect(await load()).toBe('module');
    expect(calls).toBe(2);
  });
});
