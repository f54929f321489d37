/** Local ports: each has a default and an environment variable to change it. */
import fs from 'node:fs';
import type http from 'node:http';
import net from 'node:net';

export const PORT_VARS = {
  app: { env: 'APP_PORT', default: 5173 },
  mail: { env: 'MAIL_PORT', default: 8005 },
  logs: { env: 'LOGS_PORT', default: 8006 },
  api: { env: 'API_PORT', default: 3001 },
  dynamodb: { env: 'DYNAMODB_PORT', default: 8000 },
  cognito: { env: 'COGNITO_PORT', default: 9229 },
  s3: { env: 'S3_PORT', default: 4569 },
  paypal: { env: 'PAYPAL_PORT', default: 8010 },
  stripe: { env: 'STRIPE_PORT', default: 12111 },
} as const;

export type PortName = keyof typeof PORT_VARS;
export type Ports = Record<PortName, number>;

export class PortInUseError extends Error {}

export function portsFromEnv(env: NodeJS.ProcessEnv = process.env): Ports {
  const out = {} as Ports;
  for (const [name, spec] of Object.entries(PORT_VARS) as [PortName, (typeof PORT_VARS)[PortName]][]) {
    const raw = env[spec.env];
    const port = raw ? Number(raw) : spec.default;
    if (!Number.isInteger(port) || port <= 0 || port > 65535) {
      throw new PortInUseError(`${spec.env}=${raw} is not a valid port number`);
    }
    out[name] = port;
  }
  return out;
}

export function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** Fails with one clear message naming the variable of every port that is taken. */
export async function assertPortsFree(ports: Ports): Promise<void> {
  const taken: string[] = [];
  for (const [name, port] of Object.entries(ports) as [PortName, number][]) {
    if (!(await canListen(port))) {
      taken.push(
        `Port ${port} is already in use: set ${PORT_VARS[name].env} to another port (e.g. ${PORT_VARS[name].env}=${port + 100} npm start).`,
      );
    }
  }
  if (taken.length) throw new PortInUseError(taken.join('\n'));
}

/**
 * The kernel's range for outgoing connections' source ports. A port taken from it can be grabbed by any
 * client connection (our own health checks included) between choosing it and listening on it.
 */
export function ephemeralRange(): { low: number; high: number } {
  try {
    const [low, high] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && Number.isInteger(high)) return { low, high };
  } catch {
    // Not Linux: macOS, the BSDs and Windows all default to the IANA range.
  }
  return { low: 49152, high: 65535 };
}

const FIRST_CHOSEN_PORT = 20000;
const handedOut = new Set<number>();

/**
 * A free port for a stack started beside a developer's: chosen at random below the ephemeral range, so no
 * outgoing connection can take it before the service listens, and never the same twice in one process.
 */
export async function freePort(): Promise<number> {
  const { low } = ephemeralRange();
  // A machine whose ephemeral range starts very low leaves no room below it: take our chances there.
  const [bottom, top] = low - FIRST_CHOSEN_PORT >= 1000 ? [FIRST_CHOSEN_PORT, low] : [FIRST_CHOSEN_PORT, 65536];
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = bottom + Math.floor(Math.random() * (top - bottom));
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new PortInUseError(`No free port found between ${bottom} and ${top - 1}`);
}

/** One free port for every local service. */
export async function freePorts(): Promise<Ports> {
  const out = {} as Ports;
  for (const name of Object.keys(PORT_VARS) as PortName[]) out[name] = await freePort();
  return out;
}

export async function waitForPort(port: number, timeoutMs: number, label: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ port, host: '127.0.0.1' }, () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${label} did not start listening on port ${port} within ${timeoutMs / 1000} s`);
}

/**
 * A local server keeps idle connections longer than its clients keep them (Node's fetch drops one after
 * 4 s), as AWS's endpoints and PayPal's do. With Node's default of 5 s, a client could send on a connection
 * just as the server closed it and lose the request (a broken pipe), which a busy machine made likely.
 */
export function outlastClientsKeepAlive(server: http.Server): void {
  server.keepAliveTimeout = 65_000;
}
