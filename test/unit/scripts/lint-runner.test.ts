/**
 * `npm run lint`'s runner (scripts/house/lint.ts): every check runs, each output whole, and a failure is named;
 * `npm test`'s, which runs the tests beside it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runLanes, type Check } from '../../../scripts/house/lint.js';
import { testAndLint } from '../../../scripts/house/test.js';

const node = (name: string, code: string): Check => ({ name, command: process.execPath, args: ['-e', code] });

describe('the lint runner', () => {
  it('runs every check of every lane, names those that failed and prints each output whole', async () => {
    const written: string[] = [];
    const failed = await runLanes(
      [
        [node('slow ok', "setTimeout(() => console.log('a1'), 200)")],
        [node('fails', "console.error('bad style'); process.exit(1)"), node('after a failure', "console.log('b2')")],
      ],
      (text) => written.push(text),
    );
    expect(failed).toEqual(['fails']);
    expect(written).toEqual(expect.arrayContaining(['FAILED  fails\nbad style\n', 'ok  after a failure\nb2\n', 'ok  slow ok\na1\n']));
    expect(written).toHaveLength(3);
  });

  it('counts a command that cannot start as a failure', async () => {
    const written: string[] = [];
    const failed = await runLanes([[{ name: 'missing', command: '/nonexistent/bin/tool', args: [] }]], (text) => written.push(text));
    expect(failed).toEqual(['missing']);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^FAILED {2}missing\n.*ENOENT/);
  });
});

describe('npm test (scripts/house/test.ts)', () => {
  const quiet = { write: () => undefined };

  it('runs the tests and the checks side by side, lowering the priority once the tests have started', async () => {
    const lower = vi.fn();
    const mark = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'snip-test-runner-')), 'check-ran');
    // The tests pass only if the check runs while they do: one after the other, they would wait in vain.
    const waitForCheck = `const t = Date.now(); const i = setInterval(() => { if (require('fs').existsSync(${JSON.stringify(mark)})) process.exit(0); if (Date.now() - t > 20000) process.exit(5); }, 20); void i;`;
    const code = await testAndLint(
      node('tests', waitForCheck),
      [[node('check', `require('fs').writeFileSync(${JSON.stringify(mark)}, '')`)]],
      {
        ...quiet,
        lower,
      },
    );
    expect(code).toBe(0);
    expect(lower).toHaveBeenCalledTimes(1);
    fs.rmSync(path.dirname(mark), { recursive: true, force: true });
  });

  it("gives the tests' failure, and fails when only a check failed, naming it last", async () => {
    const written: string[] = [];
    const write = (text: string) => void written.push(text);
    const lower = () => undefined;
    expect(await testAndLint(node('tests', 'process.exit(3)'), [[node('check', '')]], { lower, write })).toBe(3);
    expect(await testAndLint(node('tests', ''), [[node('style', 'process.exit(1)')]], { lower, write })).toBe(1);
    expect(written.at(-1)).toBe('\nLint failed: style\n');
    expect(await testAndLint({ name: 'tests', command: '/nonexistent/bin/vitest', args: [] }, [], { lower, write })).toBe(1);
  });
});
