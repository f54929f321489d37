/** The Security table of docs/how-it-works.md says what functions/platform/rate-limits.ts enforces: every limit, its subject, its number and window. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../functions/platform/rate-limits.js';

const readme = fs.readFileSync(path.join(import.meta.dirname, '../../docs/how-it-works.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Security'), readme.indexOf('\n## ', readme.indexOf('## Security') + 1));
/** The table's rows: `| \`name\` | what | per | allowed |`. */
const rows = new Map(
  [...section.matchAll(/^\| `(\w+)` \| (.+?) \| (.+?) \| (.+?) \|$/gm)].map((m) => [m[1], { per: m[3], allowed: m[4] }] as const),
);
const WINDOWS: Record<number, string> = { 60: 'a minute', 3600: 'an hour', 86_400: 'a day' };

describe('the documented limits', () => {
  it('list every limit of the table, and no other', () => {
    expect(section).toContain('| Limit |');
    expect([...rows.keys()].sort()).toEqual(Object.keys(RATE_LIMITS).sort());
  });

  it.each(Object.entries(RATE_LIMITS))('%s: its subject, number and window', (name, limit) => {
    const row = rows.get(name)!;
    expect(row.per).toBe(limit.per === 'user' ? 'user' : 'client address');
    expect(row.allowed).toBe(`${limit.limit} ${WINDOWS[limit.windowSeconds]}`);
  });
});
