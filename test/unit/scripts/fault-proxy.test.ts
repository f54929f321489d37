/**
 * The fault proxy against a small service of its own: it passes calls through, and armed, loses the answer
 * of a call that took effect, holds one past the client's patience, or answers for a service that is down
 * or throttling, as that service would, for as many calls as asked.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../../../scripts/dev/faults/fault-proxy.js';

let service: http.Server;
let target: string;
/** What reached the service: each call's body. */
const received: string[] = [];

beforeAll(async () => {
  service = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push(body);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ echoed: body }));
    });
  });
  await new Promise<void>((r) => service.listen(0, '127.0.0.1', () => r()));
  target = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => service.close(() => r())));

const post = (proxy: FaultProxy, body: string, headers: Record<string, string> = {}, timeoutMs = 2_000) =>
  fetch(`${proxy.url}/v1/things/ABC12345XYZ`, { method: 'POST', body, headers, signal: AbortSignal.timeout(timeoutMs) });

describe('the fault proxy', () => {
  it('passes calls through, and records them by operation once asked', async () => {
    const proxy = await startFaultProxy({ service: 'paypal', target });
    try {
      expect(await (await post(proxy, 'a')).json()).toEqual({ echoed: 'a' });
      expect(proxy.calls).toEqual([]);
      proxy.record();
      await post(proxy, 'b');
      expect(proxy.calls).toEqual([{ service: 'paypal', operation: 'POST /v1/things/:id', fault: null }]);
    } finally {
      await proxy.close();
    }
  });

  it('loses the answer of the call it is armed for, after the service took it', async () => {
    const proxy = await startFaultProxy({ service: 'paypal', target });
    try {
      proxy.arm({ kind: 'lost_answer', at: 1 });
      expect((await post(proxy, 'first')).status).toBe(200);
      await expect(post(proxy, 'second')).rejects.toThrow();
      expect(received.at(-1)).toBe('second');
      expect(proxy.fired).toBe(true);
      expect((await post(proxy, 'third')).status).toBe(200);
    } finally {
      await proxy.close();
    }
  });

  it('holds an answer past the client giving up, after the service took the call', async () => {
    const proxy = await startFaultProxy({ service: 'paypal', target, lateMs: 1_000 });
    try {
      proxy.arm({ kind: 'late_answer', at: 0 });
      await expect(post(proxy, 'late', {}, 300)).rejects.toThrow(/timeout|aborted/i);
      expect(received.at(-1)).toBe('late');
    } finally {
      await proxy.close();
    }
  });

  it('answers for DynamoDB down or throttling as DynamoDB does, `times` calls in a row, without reaching it', async () => {
    const proxy = await startFaultProxy({ service: 'dynamodb', target });
    const before = received.length;
    const call = () => post(proxy, '{}', { 'x-amz-target': 'DynamoDB_20120810.UpdateItem' });
    try {
      proxy.arm({ kind: 'throttled', at: 0, times: 2 });
      const first = await call();
      expect(first.status).toBe(400);
      expect((await first.json()).__type).toMatch(/#ThrottlingException$/);
      expect((await call()).status).toBe(400);
      expect((await call()).status).toBe(200);
      expect(received.length).toBe(before + 1);
      expect(proxy.calls.map((c) => [c.operation, c.fault])).toEqual([
        ['UpdateItem', 'throttled'],
        ['UpdateItem', 'throttled'],
        ['UpdateItem', null],
      ]);
      proxy.arm({ kind: 'unavailable', at: 0, times: 1 });
      const down = await call();
      expect(down.status).toBe(500);
      expect((await down.json()).__type).toMatch(/#InternalServerError$/);
    } finally {
      await proxy.close();
    }
  });

  it('is armed and read through its local control', async () => {
    const proxy = await startFaultProxy({ service: 'stripe', target });
    try {
      const armed = await fetch(`${proxy.url}/_faults`, { method: 'POST', body: JSON.stringify({ kind: 'unavailable', at: 0, times: 1 }) });
      expect(armed.status).toBe(200);
      expect((await post(proxy, 'x')).status).toBe(500);
      const seen = await (await fetch(`${proxy.url}/_faults`)).json();
      expect(seen).toMatchObject({ fired: true, calls: [{ service: 'stripe', fault: 'unavailable' }] });
      expect((await fetch(`${proxy.url}/_faults`, { method: 'POST', body: JSON.stringify({ kind: 'nonsense' }) })).status).toBe(400);
      await fetch(`${proxy.url}/_faults`, { method: 'DELETE' });
      expect((await post(proxy, 'y')).status).toBe(200);
    } finally {
      await proxy.close();
    }
  });
});
