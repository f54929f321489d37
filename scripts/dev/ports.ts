/** Local ports: each has a default and an environment variable to change it. */
import net from 'node:net';

export const PORT_VARS = {
  app: { env: 'APP_PORT', default: 5173 },
  mail: { env: 'MAIL_PORT', default: 8005 },
  api: { env: 'API_PORT', default: 3001 },
  dynamodb: { env: 'DYNAMODB_PORT', default: 8000 },
  cognito: { env: 'COGNITO_PORT', default: 9229 },
  s3: { env: 'S3_PORT', default: 4569 },
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

function canListen(port: number): Promise<boolean> {
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
      taken.push(`Port ${port} is already in use: set ${PORT_VARS[name].env} to another port (e.g. ${PORT_VARS[name].env}=${port + 100} npm start).`);
    }
  }
  if (taken.length) throw new PortInUseError(taken.join('\n'));
}

/** A free port chosen by the OS (tests run their own stack beside a developer's). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
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
