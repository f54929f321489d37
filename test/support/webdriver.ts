/**
 * Debian's WebKitGTK (Safari's engine) under W3C WebDriver, the classic protocol its driver speaks: an X
 * server for its windows (Xvfb), and one WebKitWebDriver per page, since the driver holds one session at a time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, waitForPort } from '../../scripts/dev/stack/ports.js';

/** The key under which WebDriver returns an element. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
export type ElementRef = { [ELEMENT]: string };
export const elementId = (ref: ElementRef) => ref[ELEMENT];

export class WebDriverError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

/** An X server of its own (the display it chose), for a file's WebKit windows; stop() ends it. */
export async function startXvfb(): Promise<{ display: string; stop: () => void }> {
  const server = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  const display = await new Promise<string>((resolve, reject) => {
    let said = '';
    let errors = '';
    server.stderr!.on('data', (d) => (errors += d));
    (server.stdio[3] as NodeJS.ReadableStream).on('data', (d) => {
      said += d;
      if (said.includes('\n')) resolve(`:${said.trim()}`);
    });
    server.once('exit', (code) => reject(new Error(`Xvfb ended (${code}) before it chose a display: ${errors.trim()}`)));
    server.once('error', (err) =>
      reject(new Error(`Xvfb could not start (${err.message}): install it with  sudo apt-get install -y xvfb`)),
    );
  });
  return { display, stop: () => void server.kill() };
}

/** One WebKitWebDriver and its session: `call` sends it a command of the session. */
export class WebDriverSession {
  private constructor(
    private readonly driver: ChildProcess,
    private readonly base: string,
    readonly id: string,
  ) {}

  /** `env` is the browser's too: its DISPLAY and its HOME. */
  static async start(driverPath: string, browserPath: string, env: NodeJS.ProcessEnv): Promise<WebDriverSession> {
    const port = await freePort();
    const driver = spawn(driverPath, [`--port=${port}`], { env, stdio: 'ignore' });
    const exited = new Promise<never>((_, reject) => {
      driver.once('error', (err) => reject(new Error(`${driverPath} could not start: ${err.message}`)));
      driver.once('exit', (code) => reject(new Error(`${driverPath} ended (${code}) before its session began`)));
    });
    exited.catch(() => {});
    try {
      await Promise.race([waitForPort(port, 15_000, 'WebKitWebDriver'), exited]);
      const base = `http://127.0.0.1:${port}`;
      const created = await send(base, 'POST', '/session', {
        capabilities: {
          alwaysMatch: { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: browserPath, args: ['--automation'] } },
        },
      });
      return new WebDriverSession(driver, base, (created as { sessionId: string }).sessionId);
    } catch (err) {
      driver.kill();
      throw err;
    }
  }

  call<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return send(this.base, method, `/session/${this.id}${path}`, body ?? (method === 'POST' ? {} : undefined)) as Promise<T>;
  }

  async close(): Promise<void> {
    try {
      await this.call('DELETE', '');
    } catch {
      // The browser is gone already: the driver goes next.
    }
    this.driver.kill();
  }
}

async function send(base: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const { value } = (await res.json()) as { value: unknown };
  if (res.ok) return value;
  const { error, message } = (value ?? {}) as { error?: string; message?: string };
  throw new WebDriverError(error ?? `HTTP ${res.status}`, message ?? '');
}
