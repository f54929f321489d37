/**
 * The house's one-way imports, as `npm run lint` holds them (eslint.config.js): a web feature never
 * imports another, a back-end topic's data modules never import its use cases, a topic calls only the use
 * cases of topics below it, other topics and the entry points come in through a topic's two doors only
 * (index.ts, data/index.ts), and the lists of features and topics are the folders of web/src/features and
 * functions/, so one added tomorrow is guarded without editing the config.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const FEATURES = path.join(ROOT, 'web/src/features');
const FUNCTIONS = path.join(ROOT, 'functions');

/** The rule ids ESLint reports on `code` as if it were the file at `relative`. */
async function ruleIdsOf(relative: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, relative) });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

const IMPORT_OF_TRACKS = "import { tracksQueryKey } from '@/features/tracks/api/tracks';\nexport const probe = tracksQueryKey;\n";
/** The money topic's use cases and its records, each through its door, from a file two folders below functions/. */
const IMPORT_OF_PAYMENTS = "import { sell } from '../../money/index.js';\nexport const probe = sell;\n";
const IMPORT_OF_LEDGER = "import { adjustBalance } from '../../money/data/index.js';\nexport const probe = adjustBalance;\n";

/** What lint says of `functions/<file>` importing the module `functions/<module>` (both relative to functions/). */
async function verdictOf(file: string, module: string): Promise<string[]> {
  const up = '../'.repeat(file.split('/').length - 1);
  const eslint = new ESLint({ cwd: ROOT });
  const code = `import * as m from '${up}${module}.js';\nexport const probe = m;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(FUNCTIONS, file) });
  return result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}
const ORDER = expect.stringContaining('(platform < people < tracks < money < feedback < account)');
const DOORS = expect.stringContaining('through its doors');

describe('lint zones', () => {
  // Made before ESLint first loads its config (it keeps the loaded module for the process).
  let probe = '';
  let topic = '';
  beforeAll(() => {
    probe = fs.mkdtempSync(path.join(FEATURES, 'probe-'));
    topic = fs.mkdtempSync(path.join(FUNCTIONS, 'probe-'));
  });
  afterAll(() => {
    fs.rmSync(probe, { recursive: true, force: true });
    fs.rmSync(topic, { recursive: true, force: true });
  });

  it('refuses an import from another feature, the account feature included', async () => {
    expect(await ruleIdsOf('web/src/features/account/probe.ts', IMPORT_OF_TRACKS)).toContain('import-x/no-restricted-paths');
    expect(await ruleIdsOf('web/src/features/tracks/probe.ts', IMPORT_OF_TRACKS)).not.toContain('import-x/no-restricted-paths');
  });

  it('refuses an import cycle, short or running through a topic', async () => {
    // functions/lib/config.ts is imported by the people topic's records, and by way of them by the money topic.
    const importing = (module: string) => `import * as m from '${module}';\nexport const probe = m;\n`;
    expect(await ruleIdsOf('functions/lib/config.ts', importing('../people/data/users.js'))).toContain('import-x/no-cycle');
    expect(await ruleIdsOf('functions/lib/config.ts', importing('../money/index.js'))).toContain('import-x/no-cycle');
    expect(await ruleIdsOf('functions/lib/probe.ts', importing('../money/index.js'))).not.toContain('import-x/no-cycle');
  });

  it('guards a feature folder made today without a change to the config', async () => {
    const relative = path.relative(ROOT, path.join(probe, 'probe.ts'));
    expect(await ruleIdsOf(relative, IMPORT_OF_TRACKS)).toContain('import-x/no-restricted-paths');
  });

  it("refuses a topic's data module importing a use case, its own topic's or another's, and takes another's records", async () => {
    const restricted = 'import-x/no-restricted-paths';
    expect(await ruleIdsOf('functions/money/data/probe.ts', IMPORT_OF_PAYMENTS.replace('../../money/index', '../payments'))).toContain(
      restricted,
    );
    expect(await ruleIdsOf('functions/feedback/data/probe.ts', IMPORT_OF_PAYMENTS)).toContain(restricted);
    expect(await ruleIdsOf('functions/feedback/data/probe.ts', IMPORT_OF_LEDGER)).not.toContain(restricted);
    expect(await ruleIdsOf('functions/feedback/probe.ts', IMPORT_OF_PAYMENTS.replace('../../', '../'))).not.toContain(restricted);
  });

  it('guards a topic folder made today without a change to the config', async () => {
    const relative = path.relative(ROOT, path.join(topic, 'data', 'probe.ts'));
    expect(await ruleIdsOf(relative, IMPORT_OF_PAYMENTS)).toContain('import-x/no-restricted-paths');
    expect(await ruleIdsOf(relative, IMPORT_OF_LEDGER)).not.toContain('import-x/no-restricted-paths');
    // Not yet placed in the order, it sits above every topic: it may call them, none may call it.
    const own = path.basename(topic);
    // An import is checked only once it resolves to a file.
    fs.writeFileSync(path.join(topic, 'probe.ts'), 'export const probe = 1;\n');
    expect(await ruleIdsOf(path.relative(ROOT, path.join(topic, 'probe.ts')), IMPORT_OF_PAYMENTS)).not.toContain(
      'import-x/no-restricted-paths',
    );
    fs.writeFileSync(path.join(topic, 'index.ts'), "export { probe } from './probe.js';\n");
    expect(await verdictOf('feedback/probe.ts', `${own}/index`)).toEqual([ORDER]);
    expect(await verdictOf('feedback/probe.ts', `${own}/probe`)).toEqual(expect.arrayContaining([DOORS]));
  });

  it('lets a topic call the use cases of the topics below it only, and read the records of any', async () => {
    expect(await verdictOf('people/probe.ts', 'feedback/index')).toEqual([ORDER]);
    expect(await verdictOf('money/probe.ts', 'feedback/index')).toEqual([ORDER]);
    expect(await verdictOf('platform/probe.ts', 'people/index')).toEqual([ORDER]);
    expect(await verdictOf('feedback/probe.ts', 'account/index')).toEqual([ORDER]);
    expect(await verdictOf('people/probe.ts', 'feedback/data/index')).toEqual([]);
    expect(await verdictOf('platform/data/probe.ts', 'people/data/index')).toEqual([]);
    expect(await verdictOf('feedback/probe.ts', 'money/index')).toEqual([]);
    expect(await verdictOf('account/probe.ts', 'feedback/index')).toEqual([]);
  });

  it('lets other topics and the entry points into a topic through its two doors only', async () => {
    expect(await verdictOf('feedback/probe.ts', 'money/payments')).toEqual([DOORS]);
    expect(await verdictOf('feedback/probe.ts', 'money/data/payments')).toEqual([DOORS]);
    expect(await verdictOf('money/data/probe.ts', 'feedback/data/shares')).toEqual([DOORS]);
    expect(await verdictOf('http/probe.ts', 'money/payouts')).toEqual([DOORS]);
    expect(await verdictOf('jobs/probe.ts', 'tracks/data/tracks')).toEqual([DOORS]);
    expect(await verdictOf('http/probe.ts', 'money/index')).toEqual([]);
    expect(await verdictOf('jobs/probe.ts', 'tracks/data/index')).toEqual([]);
    // Inside a topic, its modules use each other directly.
    expect(await verdictOf('money/probe.ts', 'money/payments')).toEqual([]);
  });
});
