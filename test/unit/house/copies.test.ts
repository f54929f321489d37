/**
 * The copy-paste check of `npm run lint` (scripts/house/copies.ts) finds a copy, renamed or not, and only a
 * copy: not two modules' lists of what they import.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findCopies, withoutImportLists } from '../../../scripts/house/copies.js';

const body = (name: string, total: string) => `export function ${name}(items: { cents: number; kind: string }[]) {
  let ${total} = 0;
  for (const item of items) {
    if (item.kind === 'refund') ${total} -= item.cents;
    else if (item.kind === 'fee') ${total} -= Math.round(item.cents / 10);
    else ${total} += item.cents;
  }
  if (${total} < 0) throw new Error('negative');
  return ${total};
}
`;

describe('the copy-paste check', () => {
  // Every tree a test made: one test makes two.
  const dirs: string[] = [];
  const tree = (files: Record<string, string>) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copies-test-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    return findCopies(dir, '**/*.ts');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('finds a copy whose names were changed, with both places', () => {
    const copies = tree({ 'a.ts': body('sumA', 'total'), 'b.ts': `// elsewhere\n${body('sumB', 'sum')}` });
    expect(copies).toHaveLength(1);
    expect([copies[0].a, copies[0].b].sort()).toEqual([expect.stringMatching(/^a\.ts:\d+-\d+$/), expect.stringMatching(/^b\.ts:\d+-\d+$/)]);
    expect(copies[0].lines).toBeGreaterThanOrEqual(6);
  });

  it('finds nothing in code that is not repeated', () => {
    expect(tree({ 'a.ts': body('sumA', 'total'), 'b.ts': 'export const b = [1, 2, 3].map((n) => n * 2);\n' })).toEqual([]);
  });

  const importList = (from: string, names: string[]) => `import {\n${names.map((n) => `  ${n},\n`).join('')}} from '${from}';\n`;

  it('does not count two import lists of the same length, and still finds a copy after them', () => {
    // Long enough that jscpd alone reports them (it also wants 50 tokens).
    const names = (prefix: string) => Array.from({ length: 30 }, (_, i) => `${prefix}${i}`);
    const a = importList('./one.js', names('alpha'));
    const b = importList('./two.js', names('beta'));
    expect(tree({ 'a.ts': a, 'b.ts': b })).toEqual([]);
    const copies = tree({ 'a.ts': `${a}${body('sumA', 'total')}`, 'b.ts': `${b}${body('sumB', 'sum')}` });
    expect(copies).toHaveLength(1);
    expect(copies[0].a).toMatch(/^[ab]\.ts:3[23]-/);
  });

  it('blanks an import or re-export list line for line, and leaves the code and Array.from alone', () => {
    const text =
      "import type { A } from './a.js';\nexport {\n  b,\n} from './b.js';\nconst c = Array.from('xy');\nimport './side-effect.js';\n";
    expect(withoutImportLists(text)).toBe("\n\n\n\nconst c = Array.from('xy');\nimport './side-effect.js';\n");
  });

  it("blanks the route table's one-line rows, and leaves any other object literal alone", () => {
    const text = [
      "  getMe: { method: 'GET', path: '/users/me', access: 'user', area: 'users' },",
      '  getMe: { input: z.strictObject({}), output: userView },',
      "  other: { method: 'GET', path: '/x' }, extra",
      '  total: { input: 1 + 2 },  // not a row',
      '',
    ].join('\n');
    expect(withoutImportLists(text).split('\n')).toEqual([
      '',
      '',
      "  other: { method: 'GET', path: '/x' }, extra",
      '  total: { input: 1 + 2 },  // not a row',
      '',
    ]);
  });
});
