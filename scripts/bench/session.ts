import { callRoute as callRouteOnce } from '../../test/support/api.js';
import type { LocalStack } from '../dev/stack/stack.js';

export const MB = 1024 * 1024;

export const fmt = (n: number, digits = 1) => n.toFixed(digits);
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * fetch, tried again once when a pooled keep-alive connection turns out to have been closed by the
 * server while idle (undici does not retry requests with a body by itself).
 */
export async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    if ((err as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw err;
    return fetch(url, init);
  }
}

/** callRoute, tried again once when a pooled keep-alive connection was closed while idle (as `send`). */
export const callRoute: typeof callRouteOnce = async (...args) => {
  try {
    return await callRouteOnce(...args);
  } catch (err) {
    if ((err as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw err;
    return callRouteOnce(...args);
  }
};

/**
 * What the sections run on the bench's own stack share: that stack, the signed-in musician's token, and
 * the browser's ways of uploading and waiting for a track.
 */
export function benchSession(stack: LocalStack, token: string) {
  /** The track once processing has finished with it. */
  async function processed(id: string, timeoutMs = 15 * 60_000) {
    for (const until = Date.now() + timeoutMs; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
      const list = await callRoute(stack.apiUrl, 'listTracks', {}, token);
      const track = list.body.tracks.find((t: { id: string }) => t.id === id);
      if (track && track.status !== 'processing') return track;
    }
    throw new Error(`track ${id} still processing after ${timeoutMs / 1000} s`);
  }

  /** The browser's upload: a ticket, then the presigned POST; returns the uploaded key. */
  async function postUpload(bytes: Buffer, filename: string, contentType = 'audio/wav'): Promise<string> {
    const ticket = await callRoute(stack.apiUrl, 'createUploadUrl', { filename, contentType, size: bytes.length }, token);
    const form = new FormData();
    for (const [k, v] of Object.entries(ticket.body.fields as Record<string, string>)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), filename);
    const res = await send(ticket.body.url, { method: 'POST', body: form });
    if (res.status >= 300) throw new Error(`upload failed: ${res.status}`);
    return ticket.body.key;
  }

  /** Uploads, then registers (timed alone); returns the registration's milliseconds and the track. */
  async function uploadAndRegister(bytes: Buffer, filename: string) {
    const key = await postUpload(bytes, filename);
    const start = performance.now();
    const track = await callRoute(stack.apiUrl, 'createTrack', { key, title: filename }, token);
    const ms = performance.now() - start;
    if (track.status !== 200) throw new Error(`register failed: ${JSON.stringify(track.body)}`);
    return { ms, track: track.body, registeredAt: start + ms };
  }

  async function uploadViaApp(bytes: Buffer, filename: string, register: boolean) {
    if (!register) return void (await postUpload(bytes, filename));
    return (await uploadAndRegister(bytes, filename)).track;
  }

  return { stack, token, processed, postUpload, uploadAndRegister, uploadViaApp };
}

export type BenchSession = ReturnType<typeof benchSession>;
