/** What the sections of the bench that start a local stack of their own share. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StackInfo } from '../../test/support/global-setup.js';
import { freePorts } from '../dev/stack/ports.js';
import { startStack, type StackOptions } from '../dev/stack/stack.js';
import { MEDIA_BUCKET, TABLE_NAME } from '../dev/stack/local-names.js';

/** Runs `bench` on a local stack of its own, on free ports with a throw-away data directory, stopped and removed after. */
export async function onOwnStack(
  prefix: string,
  bench: (info: StackInfo) => Promise<void>,
  options: Pick<StackOptions, 'scheduler'> = {},
): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `snip-${prefix}-`));
  const stack = await startStack({ ports: await freePorts(), dataDir, web: 'none', seed: false, ...options });
  try {
    await bench({ ...stack, tableName: TABLE_NAME, mediaBucket: MEDIA_BUCKET });
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs `main` when the module at `url` is the one node was asked to run (a section run alone), exiting 1 on an error. */
export function runIfMain(url: string, main: () => Promise<unknown>): void {
  if (url !== `file://${process.argv[1]}`) return;
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
