import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createRealtimeClient,
  parseRealtimeMessage,
  reconnectDelay,
  withToken,
  type RealtimeEvent,
  type SocketLike,
} from '../../../web/src/lib/realtime';

class FakeSocket implements SocketLike {
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.({});
  }
  drop() {
    this.onerror?.({});
    this.onclose?.({});
  }
  send(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
}

const change = (id: string, action = 'insert') => ({ type: 'change', entity: 'track', id, action });

let sockets: FakeSocket[];
let tokens = 0;
let now: number;

function client(url: string | null = 'ws://localhost:3001/realtime') {
  return createRealtimeClient({
    url: () => url ?? undefined,
    token: async () => `token-${++tokens}`,
    createSocket: (u) => {
      const s = new FakeSocket(u);
      sockets.push(s);
      return s;
    },
    random: () => 1,
    now: () => now,
  });
}

/** Lets the token promise settle. */
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/** A client started, with what it tells the track subscribers. */
async function started() {
  const c = client();
  const got: RealtimeEvent[] = [];
  c.subscribe('track', (e) => got.push(e));
  c.start();
  await flush();
  return { c, got };
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  tokens = 0;
  now = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('realtime helpers', () => {
  it('backs off exponentially with jitter, up to a cap', () => {
    expect(reconnectDelay(0, 1000, 30_000, () => 1)).toBe(1000);
    expect(reconnectDelay(0, 1000, 30_000, () => 0)).toBe(500);
    expect(reconnectDelay(3, 1000, 30_000, () => 1)).toBe(8000);
    expect(reconnectDelay(10, 1000, 30_000, () => 1)).toBe(30_000);
  });
  it('adds the token to the address', () => {
    expect(withToken('ws://h/realtime', 'a.b+c')).toBe('ws://h/realtime?token=a.b%2Bc');
    expect(withToken('wss://h/prod?x=1', 't')).toBe('wss://h/prod?x=1&token=t');
  });
  it('reads only well-formed change messages', async () => {
    expect(await parseRealtimeMessage(JSON.stringify(change('t1')))).toEqual(change('t1'));
    expect(await parseRealtimeMessage('not json')).toBeNull();
    expect(await parseRealtimeMessage(JSON.stringify({ type: 'change', entity: 'nope', id: 'x', action: 'insert' }))).toBeNull();
    expect(await parseRealtimeMessage({})).toBeNull();
  });
});

describe('the realtime client', () => {
  it('connects with the token and tells the subscribers of that entity', async () => {
    const { c, got } = await started();
    expect(sockets).toHaveLength(1);
    expect(sockets[0].url).toBe('ws://localhost:3001/realtime?token=token-1');
    sockets[0].open();
    expect(c.status).toBe('open');
    sockets[0].send(change('t1'));
    sockets[0].send('garbage');
    sockets[0].send(change('t2', 'remove'));
    // The message schema loads with the first message; the messages still come out in order.
    await vi.waitFor(() => expect(got).toEqual([change('t1'), change('t2', 'remove')]), { timeout: 5000 });
  });

  it('reconnects by itself with backoff and a fresh token, then asks subscribers to resync', async () => {
    const { c, got } = await started();
    sockets[0].open();
    sockets[0].drop();
    expect(c.status).toBe('closed');
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(sockets).toHaveLength(2);
    expect(sockets[1].url).toContain('token=token-2');
    // Refused again: the wait doubles.
    sockets[1].drop();
    await vi.advanceTimersByTimeAsync(1999);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(sockets).toHaveLength(3);
    sockets[2].open();
    expect(got).toEqual([{ type: 'resync' }]);
  });

  it('starts the backoff over after a connection that lasted', async () => {
    const c = client();
    c.start();
    await flush();
    sockets[0].drop();
    await vi.advanceTimersByTimeAsync(1000);
    await flush();
    sockets[1].drop();
    await vi.advanceTimersByTimeAsync(2000);
    await flush();
    sockets[2].open();
    now += 60_000;
    sockets[2].drop();
    await vi.advanceTimersByTimeAsync(1000);
    await flush();
    expect(sockets).toHaveLength(4);
  });

  it('closes on stop and never reconnects after it', async () => {
    const c = client();
    const listener = vi.fn();
    const unsubscribe = c.subscribe('track', listener);
    c.start();
    await flush();
    const s = sockets[0];
    s.open();
    c.stop();
    expect(s.closed).toBe(true);
    expect(c.status).toBe('idle');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    s.send(change('late'));
    expect(listener).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('does nothing without an address, and stops a connection that was still getting its token', async () => {
    const none = client(null);
    none.start();
    await flush();
    expect(sockets).toHaveLength(0);
    const c = client();
    c.start();
    c.stop();
    await flush();
    expect(sockets).toHaveLength(0);
  });

  it('reconnects at once when asked while waiting', async () => {
    const c = client();
    c.start();
    await flush();
    sockets[0].drop();
    c.reconnectNow();
    await flush();
    expect(sockets).toHaveLength(2);
    // Connected: asking again does not open a second socket.
    c.reconnectNow();
    await flush();
    expect(sockets).toHaveLength(2);
  });
});
