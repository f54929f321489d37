/** Reading a request's body and writing the stand-in's JSON, HTML and redirect answers. */
import type http from 'node:http';
import type { Json } from './records.js';

export function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= limit) chunks.push(c);
    });
    req.on('end', () => resolve(size > limit ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

export function sendJson(res: http.ServerResponse, status: number, body: Json | string, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-cache, no-store', ...headers });
  res.end(text);
}

export function sendHtml(res: http.ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

export function redirect(res: http.ServerResponse, location: string) {
  res.writeHead(303, { location, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`See ${location}`);
}
