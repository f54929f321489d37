/**
 * The unit test files, split by whether a file needs modules of its own: one that mocks a module (itself or
 * through a helper such as amplify-mock.ts), runs in a DOM (happy-dom or jsdom), or sets the environment that modules read as they
 * load would change what the next file in its worker sees. The others share their worker's modules.
 */
import fs from 'node:fs';
import path from 'node:path';

const NEEDS_OWN_MODULES =
  /\bvi\.(mock|doMock)\(|@vitest-environment|amplify-mock|process\.env(\.\w+|\[[^\]]+\]) *=[^=]|Object\.assign\(process\.env|delete process\.env/;

export const needsOwnModules = (source: string): boolean => NEEDS_OWN_MODULES.test(source);

/** The test files under `dir` (paths as `prefix/...`), those that need modules of their own apart. */
export function unitFiles(dir: string, prefix: string): { shared: string[]; own: string[] } {
  const files = fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => f.split(path.sep).join('/'))
    .sort();
  const own = files.filter((f) => needsOwnModules(fs.readFileSync(path.join(dir, f), 'utf8')));
  const named = (list: string[]) => list.map((f) => `${prefix}/${f}`);
  return { shared: named(files.filter((f) => !own.includes(f))), own: named(own) };
}
