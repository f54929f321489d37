/**
 * The local web server's compression, as CloudFront's: Brotli when the browser takes it, each body compressed
 * once (index.html is sent on every page load, its runtime configuration inlined), and a changed body afresh.
 */
import type http from 'node:http';
import zlib from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { sendBody } from '../../../scripts/dev/stack/web.js';

function send(body: string) {
  const req = { headers: { 'accept-encoding': 'gzip, deflate, br' }, method: 'GET' } as unknown as http.IncomingMessage;
  const sent: { headers?: Record<string, string>; out?: Buffer } = {};
  const res = {
    writeHead: (_status: number, headers: Record<string, string>) => void (sent.headers = headers),
    end: (out: Buffer) => void (sent.out = out),
  } as unknown as http.ServerResponse;
  sendBody(req, res, Buffer.from(body), { 'content-type': 'text/html; charset=utf-8' });
  return sent;
}

describe('the local web server compresses a page', () => {
  it('once for the same content, afresh when the content changes, and the browser reads back what was sent', () => {
    const compress = vi.spyOn(zlib, 'brotliCompressSync');
    const page = (apiUrl: string) =>
      `<!doctype html><script id="runtime-config">{"apiUrl":"${apiUrl}"}</script>${'<p>snip</p>'.repeat(200)}`;
    const first = send(page('http://localhost:3001'));
    const again = send(page('http://localhost:3001'));
    expect(compress).toHaveBeenCalledTimes(1);
    expect(first.headers?.['content-encoding']).toBe('br');
    expect(again.out).toEqual(first.out);
    const changed = send(page('http://localhost:4001'));
    expect(compress).toHaveBeenCalledTimes(2);
    expect(zlib.brotliDecompressSync(changed.out!).toString()).toBe(page('http://localhost:4001'));
  });
});
