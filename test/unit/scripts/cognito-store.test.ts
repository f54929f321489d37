/** The local user pool's data (scripts/dev/emulators/cognito-store.ts): kept in memory, written only where it is kept. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PoolStoreFactory } from '../../../scripts/dev/emulators/cognito-store.js';

const ctx = {};
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pool-store-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const user = (n: number) => ({
  Username: `u${n}`,
  UserCreateDate: new Date(Date.UTC(2026, 0, n)),
  Attributes: [{ Name: 'email', Value: `u${n}@x.test` }],
});

describe('the local user pool store', () => {
  it('reads back what it was given, by a key or a path, with the default for what is missing', async () => {
    const store = await new PoolStoreFactory(null).create(ctx, 'pool', { Users: {}, Options: { Id: 'pool' } });
    await store.set(ctx, ['Users', 'u1'], user(1));
    expect(await store.get(ctx, ['Users', 'u1'])).toEqual(user(1));
    expect(await store.get(ctx, 'Options')).toEqual({ Id: 'pool' });
    expect(await store.get(ctx, ['Users', 'nobody'], 'none')).toBe('none');
    await store.delete(ctx, ['Users', 'u1']);
    expect(await store.get(ctx, ['Users', 'u1'])).toBeNull();
    expect(await store.getRoot()).toEqual({ Users: {}, Options: { Id: 'pool' } });
  });

  it('writes nothing when its stack throws its data away', async () => {
    const write = vi.spyOn(fs.promises, 'writeFile');
    const store = await new PoolStoreFactory(null).create(ctx, 'pool', { Users: {} });
    await store.set(ctx, ['Users', 'u1'], user(1));
    expect(write).not.toHaveBeenCalled();
  });

  it('where it is kept, every change is on disk when it resolves, changes during a write share the next one, and dates come back as dates', async () => {
    const dir = tempDir();
    const write = vi.spyOn(fs.promises, 'writeFile');
    const store = await new PoolStoreFactory(dir).create(ctx, 'pool', { Users: {} });
    write.mockClear();
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.set(ctx, ['Users', `u${i}`], user(i + 1))));
    // The first change's write, then one for the 19 that came while it was under way.
    expect(write).toHaveBeenCalledTimes(2);
    const again = await new PoolStoreFactory(dir).create(ctx, 'pool', { Users: {}, Options: { Id: 'pool' } });
    expect(Object.keys((await again.get(ctx, 'Users')) as object)).toHaveLength(20);
    expect(await again.get(ctx, ['Users', 'u0'])).toEqual(user(1));
    expect(await again.get(ctx, 'Options')).toEqual({ Id: 'pool' });
    expect(fs.readdirSync(dir)).toEqual(['pool.json']);
  });

  it("reads the file cognito-local's own store left, pretty-printed with ISO dates", async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'pool.json'), JSON.stringify({ Users: { u1: user(1) } }, null, 2));
    const store = await new PoolStoreFactory(dir).create(ctx, 'pool', { Users: {} });
    expect(((await store.get(ctx, ['Users', 'u1'])) as ReturnType<typeof user>).UserCreateDate).toEqual(new Date(Date.UTC(2026, 0, 1)));
  });

  it('goes on writing after a write fails: the change that failed says so, the next ones are written', async () => {
    const dir = tempDir();
    const store = await new PoolStoreFactory(dir).create(ctx, 'pool', { Users: {} });
    vi.spyOn(fs.promises, 'writeFile').mockRejectedValueOnce(new Error('disk full'));
    const failed = store.set(ctx, ['Users', 'u1'], user(1));
    const queued = store.set(ctx, ['Users', 'u2'], user(2));
    await expect(failed).rejects.toThrow('disk full');
    await queued;
    await store.set(ctx, ['Users', 'u3'], user(3));
    const again = await new PoolStoreFactory(dir).create(ctx, 'pool', { Users: {} });
    expect(Object.keys((await again.get(ctx, 'Users')) as object).sort()).toEqual(['u1', 'u2', 'u3']);
  });
});
