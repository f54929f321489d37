/**
 * The web app: Vite's dev server for people (`npm start`), or the built bundle for tests, which
 * is what users get in AWS. Both serve /config.json, the runtime config CloudFront serves in AWS, and
 * /images/*, the public objects of the images bucket, which CloudFront serves from that bucket in AWS.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Plugin } from 'vite';
import { IMAGES_PATH } from '../../../shared/constants.js';
import { inlineRuntimeConfig } from '../../../web/src/lib/runtime-config.js';

export interface WebServer {
  close(): Promise<void>;
}

/** The local S3 bucket whose `images/` objects are public. */
export interface ImagesSource {
  endpoint: string;
  bucket: string;
}

/**
 * The bucket key a request path names when it is a public image: under `images/`, with no empty, `.` or
 * `..` segment (decoded), so no path reaches `uploads/` or anything else of the bucket.
 */
export function publicImageKey(pathname: string): string | null {
  if (!pathname.startsWith(`/${IMAGES_PATH}/`)) return null;
  let key: string;
  try {
    key = decodeURIComponent(pathname.slice(1));
  } catch {
    return null;
  }
  const segments = key.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || /[\\\0]/.test(s))) return null;
  return segments[0] === IMAGES_PATH ? key : null;
}

type Middleware = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;

/** Serves GET and HEAD of /images/* from the bucket, with the object's type and cache headers; 404 for anything else there. */
export function imagesMiddleware(source: ImagesSource): Middleware {
  const s3 = new S3Client({
    region: 'us-east-1',
    endpoint: source.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const notFound = (res: http.ServerResponse) => {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end('Not found');
  };
  return (req, res, next) => {
    const pathname = new URL(req.url ?? '/', 'http://local').pathname;
    if (!pathname.startsWith(`/${IMAGES_PATH}/`)) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' });
      return void res.end();
    }
    const key = publicImageKey(pathname);
    if (!key) return notFound(res);
    s3.send(new GetObjectCommand({ Bucket: source.bucket, Key: key })).then(
      (obj) => {
        res.writeHead(200, {
          'content-type': obj.ContentType ?? 'application/octet-stream',
          ...(obj.ContentLength !== undefined ? { 'content-length': String(obj.ContentLength) } : {}),
          ...(obj.CacheControl ? { 'cache-control': obj.CacheControl } : {}),
          ...(obj.ETag ? { etag: obj.ETag } : {}),
          ...(obj.LastModified ? { 'last-modified': obj.LastModified.toUTCString() } : {}),
          'x-content-type-options': 'nosniff',
        });
        const body = obj.Body as Readable;
        if (req.method === 'HEAD') {
          body.destroy();
          return void res.end();
        }
        // A client that goes away ends the read from the bucket too.
        pipeline(body, res).catch(() => res.destroy());
      },
      () => notFound(res),
    );
  };
}

function imagesPlugin(source: ImagesSource): Plugin {
  return {
    name: 'local-images',
    configureServer(server) {
      server.middlewares.use(imagesMiddleware(source));
    },
  };
}

export async function startViteDev(port: number, configFile: string, images?: ImagesSource): Promise<WebServer> {
  process.env.APP_CONFIG_FILE = configFile;
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile: path.resolve('web/vite.config.ts'),
    server: { port, strictPort: true, host: 'localhost' },
    logLevel: 'warn',
    plugins: images ? [imagesPlugin(images)] : [],
  });
  await server.listen();
  return { close: () => server.close() };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

const COMPRESSIBLE = /^(text\/|application\/json|image\/svg\+xml)/;
const compressed = new Map<string, Buffer>();

/**
 * Sends a response compressed as CloudFront's `compress: true` does: Brotli or gzip for text types when
 * the browser accepts them. Each body is compressed once: built assets by their name (`cacheKey`: they never
 * change), anything else by its content, index.html with the runtime configuration among them (Brotli at its
 * default quality took about 2% of the local stack's CPU in the browser tests when it ran on every page load).
 */
export function sendBody(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: Buffer,
  headers: Record<string, string>,
  cacheKey?: string,
) {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const encoding =
    !COMPRESSIBLE.test(headers['content-type'] ?? '') || body.length < 1024
      ? null
      : /\bbr\b/.test(accepts)
        ? 'br'
        : /\bgzip\b/.test(accepts)
          ? 'gzip'
          : null;
  if (!encoding) {
    res.writeHead(200, { ...headers, vary: 'accept-encoding' });
    return void res.end(req.method === 'HEAD' ? undefined : body);
  }
  const key = `${encoding}:${cacheKey ?? createHash('sha256').update(body).digest('base64')}`;
  let out = compressed.get(key);
  if (!out) {
    out = encoding === 'br' ? zlib.brotliCompressSync(body) : zlib.gzipSync(body);
    compressed.set(key, out);
  }
  res.writeHead(200, { ...headers, 'content-encoding': encoding, vary: 'accept-encoding' });
  res.end(req.method === 'HEAD' ? undefined : out);
}

/** Serves a built bundle with the SPA fallback and the compression CloudFront gives it. */
export function startStaticWeb(port: number, distDir: string, configFile: string, images?: ImagesSource): Promise<WebServer> {
  const root = path.resolve(distDir);
  const serveImages = images ? imagesMiddleware(images) : null;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (serveImages && url.pathname.startsWith(`/${IMAGES_PATH}/`)) return serveImages(req, res, () => {});
    if (url.pathname === '/config.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      return res.end(fs.readFileSync(configFile));
    }
    let file = path.join(root, decodeURIComponent(url.pathname));
    if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      file = path.join(root, 'index.html');
    }
    const immutable = file.includes(`${path.sep}assets${path.sep}`);
    if (file === path.join(root, 'index.html')) {
      // As the deploy does in AWS: the runtime configuration inlined, so the app starts without fetching it.
      const html = inlineRuntimeConfig(fs.readFileSync(file, 'utf8'), fs.readFileSync(configFile, 'utf8'));
      return sendBody(req, res, Buffer.from(html), { 'content-type': TYPES['.html'], 'cache-control': 'no-cache' });
    }
    sendBody(
      req,
      res,
      fs.readFileSync(file),
      {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      },
      immutable ? file : undefined,
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve({ close: () => new Promise<void>((r) => server.close(() => r())) }));
  });
}
