/**
 * The web app: Vite's dev server for people (`npm start`), or the built bundle for tests, which
 * is what users get in AWS. Both serve /config.json, the runtime config CloudFront serves in AWS.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export interface WebServer {
  close(): Promise<void>;
}

export async function startViteDev(port: number, configFile: string): Promise<WebServer> {
  process.env.APP_CONFIG_FILE = configFile;
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile: path.resolve('web/vite.config.ts'),
    server: { port, strictPort: true, host: 'localhost' },
    logLevel: 'warn',
  });
  await server.listen();
  return { close: () => server.close() };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** Serves a built bundle with the SPA fallback CloudFront gives it. */
export function startStaticWeb(port: number, distDir: string, configFile: string): Promise<WebServer> {
  const root = path.resolve(distDir);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname === '/config.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      return res.end(fs.readFileSync(configFile));
    }
    let file = path.join(root, decodeURIComponent(url.pathname));
    if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      file = path.join(root, 'index.html');
    }
    const immutable = file.includes(`${path.sep}assets${path.sep}`);
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({ close: () => new Promise<void>((r) => server.close(() => r())) }),
    );
  });
}
