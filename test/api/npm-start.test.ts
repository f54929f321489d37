/**
 * `npm start` as a developer runs it: prints the URLs and demo accounts, serves the app and the mail
 * viewer, keeps data across restarts, stops every child on Ctrl-C, and `npm run reset` wipes the data.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePorts, PORT_VARS, type PortName } from '../../scripts/dev/stack/ports.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'snip-start-'));
const children: ChildProcess[] = [];

async function ports() {
  const chosen = await freePorts();
  return Object.fromEntries(Object.entries(PORT_VARS).map(([name, spec]) => [spec.env, String(chosen[name as PortName])]));
}

function start(env: Record<string, string>) {
  // What `npm start` runs, without npm's wrapper process in between.
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev/stack/start.ts'], {
    // Its own Vite cache: two dev servers sharing one break each other's pre-bundled dependencies.
    env: { ...process.env, ...env, DATA_DIR: dataDir, VITE_CACHE_DIR: path.join(dataDir, 'vite-cache') },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not get ready:\n${output}`)), 90_000);
    child.stdout!.on('data', () => {
      if (output.includes('Press Ctrl-C to stop')) {
        clearTimeout(timer);
        resolve(output);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code}:\n${output}`));
    });
  });
  return { child, ready, output: () => output };
}

const portOpen = (port: string) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect({ port: Number(port), host: '127.0.0.1' }, () => (s.end(), resolve(true)));
    s.once('error', () => resolve(false));
  });

/** Resolves once the launcher has exited; the product reports its own clean stop in the output. */
async function stopWithCtrlC(child: ChildProcess, output: () => string) {
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  // Ctrl-C in a terminal signals the whole foreground process group.
  process.kill(-child.pid!, 'SIGINT');
  await exited;
  for (let i = 0; i < 300 && !output().includes('Stopped.'); i++) await new Promise((r) => setTimeout(r, 100));
}

afterAll(() => {
  for (const c of children)
    if (c.exitCode === null)
      try {
        process.kill(-c.pid!, 'SIGKILL');
      } catch {
        /* gone already */
      }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('runs the product, leaves nothing behind when killed, keeps data across restarts, stops cleanly and is wiped by reset', async () => {
    const env = await ports();
    const first = start(env);
    const out = await first.ready;
    expect(out).toContain(`App:          http://localhost:${env.APP_PORT}`);
    expect(out).toContain(`Mail viewer:  http://localhost:${env.MAIL_PORT}`);
    for (const email of [
      'admin@demo.test',
      'musician@demo.test',
      'musician2@demo.test',
      'pro@demo.test',
      'pro2@demo.test',
      'pro3@demo.test',
    ]) {
      expect(out).toContain(email);
    }

    const page = await fetch(`http://localhost:${env.APP_PORT}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const config = await (await fetch(`http://localhost:${env.APP_PORT}/config.json`)).json();
    expect(config).toMatchObject({ mode: 'local', apiUrl: `http://localhost:${env.API_PORT}` });
    expect((await fetch(`http://localhost:${env.MAIL_PORT}/store`)).status).toBe(200);

    // A crash (the launcher killed outright, no chance to clean up) leaves no child behind holding a port:
    // DynamoDB Local's JVM and the processing workers end with it.
    const crashed = new Promise<void>((r) => first.child.once('exit', () => r()));
    process.kill(first.child.pid!, 'SIGKILL');
    await crashed;
    await expect.poll(() => portOpen(env.DYNAMODB_PORT), { timeout: 15_000 }).toBe(false);
    const leftovers = () =>
      spawnSync('pgrep', ['-f', `DynamoDBLocal.jar -port ${env.DYNAMODB_PORT}|processing-worker=s3-${env.S3_PORT}`], {
        encoding: 'utf8',
      }).stdout.trim();
    await expect.poll(leftovers, { timeout: 15_000 }).toBe('');

    // The next start works, on the same data directory: the same user pool, so accounts survive a restart.
    const second = start(env);
    await second.ready;
    const again = await (await fetch(`http://localhost:${env.APP_PORT}/config.json`)).json();
    expect(again.userPoolId).toBe(config.userPoolId);

    await stopWithCtrlC(second.child, second.output);
    expect(second.output()).toContain('Stopped.');
    // Children end with the launcher; on a loaded machine the last of them can take a moment to exit.
    for (const [name, port] of Object.entries(env))
      await expect.poll(() => portOpen(port), { message: `${name} ${port} still open`, timeout: 10_000 }).toBe(false);

    const reset = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/dev/stack/reset.ts'], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(reset.status).toBe(0);
    expect(fs.existsSync(dataDir)).toBe(false);
  }, 360_000);

  it('says which variable to set when a port is taken', async () => {
    const env = await ports();
    const blocker = net.createServer().listen(Number(env.MAIL_PORT), '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    try {
      const res = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/dev/stack/start.ts'], {
        env: { ...process.env, ...env, DATA_DIR: dataDir },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(res.status).toBe(1);
      expect(res.stderr).toContain(`Port ${env.MAIL_PORT} is already in use: set MAIL_PORT`);
      expect(res.stderr).not.toMatch(/\n\s+at /);
    } finally {
      blocker.close();
    }
  }, 90_000);
});
