/**
 * Starts one local stack for the API and browser tests: free ports (a developer's `npm start` can run
 * beside it), a throw-away data directory, the built web bundle (what users get), demo data seeded.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePorts } from '../../scripts/dev/stack/ports.js';
import { startStack } from '../../scripts/dev/stack/stack.js';
import { MEDIA_BUCKET, TABLE_NAME } from '../../scripts/dev/stack/local-names.js';

/**
 * What the tests are given of the stack: its URLs (the log collector's JSON at /logs), endpoints and pool,
 * and the table and media bucket it uses.
 */
export type StackInfo = Omit<Awaited<ReturnType<typeof startStack>>, 'stop' | 'runtimeConfig' | 'logs'> & {
  tableName: string;
  mediaBucket: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

/**
 * Every test depends on this start, and on a busy CI machine it can fail for reasons that do not repeat
 * (a port taken by another program, a JVM starved of CPU): one more try on other ports before giving up.
 */
async function startTestStack(dataDir: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startStack({ ports: await freePorts(), dataDir, web: 'static', seed: true, dataInMemory: true });
    } catch (err) {
      if (attempt === 2) throw err;
      console.warn(`The local stack did not start (${(err as Error).message}); trying once more on other ports.`);
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.mkdirSync(dataDir);
    }
  }
}

export default async function setup(project: TestProject) {
  if (process.env.SKIP_WEB_BUILD !== '1') {
    // The browser tests run the build that ships: Vitest sets NODE_ENV=test, which would give React's
    // development build (and the development JSX runtime) instead.
    execSync('npx vite build --config web/vite.config.ts --logLevel warn', {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'snip-test-'));
  // Comment digests go out seconds after a burst rather than minutes, so a browser test can wait for one;
  // long enough that API tests which send a share's digests themselves are not beaten to it by the job.
  process.env.COMMENT_DIGEST_DELAY_SECONDS ??= '20';
  // The pool's yes to an admin (group and TOTP) is remembered 2 s rather than a minute, so a test sees a
  // removal from the admin group refused without waiting the minute out.
  process.env.ADMIN_STATUS_CACHE_SECONDS ??= '2';
  const stack = await startTestStack(dataDir);
  const { stop, runtimeConfig: _rc, logs: _logs, ...info } = stack;
  project.provide('stack', { ...info, tableName: TABLE_NAME, mediaBucket: MEDIA_BUCKET });
  // Handlers used directly by tests in this process read the same environment.
  return async () => {
    await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
