import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertPortsFree, ephemeralRange, freePort, freePorts, portsFromEnv, PortInUseError } from '../../../scripts/dev/stack/ports.js';
import { assertJava, JavaMissingError, startDynamo } from '../../../scripts/dev/emulators/dynamodb.js';
import { startMail } from '../../../scripts/dev/emulators/mail.js';

describe('local ports', () => {
  it('defaults to 5173 for the app and 8005 for the mail viewer, each changeable by a variable', () => {
    expect(portsFromEnv({})).toMatchObject({ app: 5173, mail: 8005 });
    expect(portsFromEnv({ APP_PORT: '6000', MAIL_PORT: '6001' })).toMatchObject({ app: 6000, mail: 6001 });
    expect(() => portsFromEnv({ API_PORT: 'abc' })).toThrow(/API_PORT/);
  });

  it('names the variable to set when a port is taken', async () => {
    const port = await freePort();
    const blocker = net.createServer().listen(port, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    try {
      const ports = { ...(await freePorts()), app: port };
      const err = await assertPortsFree(ports).catch((e) => e);
      expect(err).toBeInstanceOf(PortInUseError);
      expect(err.message).toContain(`Port ${port} is already in use: set APP_PORT`);
    } finally {
      blocker.close();
    }
  });

  it('chooses distinct ports outside the range outgoing connections take theirs from', async () => {
    const { low, high } = ephemeralRange();
    const chosen = [...Object.values(await freePorts()), ...Object.values(await freePorts())];
    expect(new Set(chosen).size).toBe(chosen.length);
    for (const port of chosen) expect(port < low || port > high).toBe(true);
  });
});

describe('local mail server start', () => {
  it('fails with a clear message on a taken port instead of an uncaught error', async () => {
    const port = await freePort();
    const blocker = net.createServer().listen(port, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    try {
      await expect(startMail(port)).rejects.toThrow(`The mail server cannot listen on port ${port}: it is already in use`);
    } finally {
      blocker.close();
    }
  });
});

describe('Java check', () => {
  it('explains how to install Java instead of failing with a stack trace', () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      expect(() => assertJava()).toThrow(JavaMissingError);
      expect(() => assertJava()).toThrow(/apt-get install -y openjdk-17-jre-headless/);
    } finally {
      process.env.PATH = path;
    }
  });
});

describe('DynamoDB Local start', () => {
  it('gives up with a clear message and leaves no JVM behind', async () => {
    const port = await freePort();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'snip-ddb-'));
    try {
      const err = await startDynamo(port, dir, 1).catch((e: Error) => e);
      expect((err as Error).message).toMatch(/DynamoDB Local did not start listening on port \d+ within/);
      expect((err as Error).message).toContain('Its output so far');
      // The JVM was killed: no process with this port on its command line is left.
      await new Promise((r) => setTimeout(r, 500));
      const left = spawnSync('pgrep', ['-f', `DynamoDBLocal.jar -port ${port} `], { encoding: 'utf8' });
      expect(left.stdout.trim()).toBe('');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
