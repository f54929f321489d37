import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { needsOwnModules, unitFiles } from '../../support/unit-files.js';

describe('which unit files get modules of their own', () => {
  it('those that mock a module, run in jsdom or set the environment; not those that only read it', () => {
    expect(needsOwnModules("vi.mock('../../web/src/lib/api', () => ({}));")).toBe(true);
    expect(needsOwnModules("vi.doMock('./x.js');")).toBe(true);
    expect(needsOwnModules('// @vitest-environment happy-dom\n')).toBe(true);
    expect(needsOwnModules("import { amplify } from './amplify-mock';")).toBe(true);
    expect(needsOwnModules("process.env.TABLE_NAME = 'snip';")).toBe(true);
    expect(needsOwnModules("process.env[ENV.stage] = 'local';")).toBe(true);
    expect(needsOwnModules('Object.assign(process.env, { A: "1" });')).toBe(true);
    expect(needsOwnModules('delete process.env.A;')).toBe(true);
    expect(needsOwnModules("expect(process.env.A === 'x').toBe(true); const spy = vi.spyOn(console, 'log');")).toBe(false);
  });

  let dir = '';
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('splits the files of a folder, its subfolders included, and leaves out what is not a test', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unit-files-'));
    fs.mkdirSync(path.join(dir, 'web'));
    fs.writeFileSync(path.join(dir, 'pure.test.ts'), 'expect(1).toBe(1);');
    fs.writeFileSync(path.join(dir, 'web', 'form.test.tsx'), '// @vitest-environment happy-dom\n');
    fs.writeFileSync(path.join(dir, 'web', 'helper.ts'), "vi.mock('./x');");
    expect(unitFiles(dir, 'test/unit')).toEqual({ shared: ['test/unit/pure.test.ts'], own: ['test/unit/web/form.test.tsx'] });
  });

  it('puts every component test of the web app, and every file that mocks, in the isolated project', () => {
    const { shared, own } = unitFiles(path.resolve('test/unit'), 'test/unit');
    expect(shared.length + own.length).toBeGreaterThan(100);
    expect(shared.filter((f) => f.endsWith('.tsx'))).toEqual([]);
    expect(shared.filter((f) => /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(f, 'utf8')))).toEqual([]);
  });
});
