/** `npm run lint`'s runner (scripts/house/lint.ts): every check runs, each output whole, and a failure is named. */
import { describe, expect, it } from 'vitest';
import { runLanes, type Check } from '../../../scripts/house/lint.js';

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
