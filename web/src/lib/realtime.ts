/**
 * One small realtime client: a WebSocket to `${realtimeUrl}?token=<ID token>` that tells subscribers which
 * entity changed, so they reload what they show. It reconnects by itself with exponential backoff and a
 * fresh token, and after a reconnect tells every subscriber to resync (changes may have been missed).
 */
import type { RealtimeMessage } from '@shared/schemas/tracks';
import { loadOnce } from './load-once';

export type RealtimeEntity = RealtimeMessage['entity'];
export type RealtimeEvent = RealtimeMessage | { type: 'resync' };
export type RealtimeListener = (event: RealtimeEvent) => void;
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'closed';

/** The part of the browser's WebSocket the client uses. */
export interface SocketLike {
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  close(code?: number, reason?: string): void;
}

export interface RealtimeClientOptions {
  /** The channel's address without the token; nothing happens while it is missing. */
  url: () => string | undefined;
  /** A current ID token, read before every connection attempt. */
  token: () => Promise<string | undefined>;
  createSocket?: (url: string) => SocketLike;
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** A connection that stayed open this long resets the backoff. */
  stableAfterMs?: number;
  random?: () => number;
  now?: () => number;
}

/** Exponential backoff with jitter: between half and all of min(max, initial * 2^attempt). */
export function reconnectDelay(attempt: number, initialMs = 1000, maxMs = 30_000, random: () => number = Math.random): number {
  const base = Math.min(maxMs, initialMs * 2 ** Math.max(0, attempt));
  return Math.round(base / 2 + (random() * base) / 2);
}

/**
 * Loaded with the first message, not with the first page: zod is no part of the page's first JavaScript.
 * A chunk that failed to load is tried again with the next message.
 */
const loadMessageSchema = loadOnce(() => import('@shared/schemas/tracks').then((m) => m.realtimeMessage));

/** Reads a message of the channel; null for anything else. Messages resolve in the order they came. */
export async function parseRealtimeMessage(data: unknown): Promise<RealtimeMessage | null> {
  if (typeof data !== 'string') return null;
  try {
    const parsed = (await loadMessageSchema()).safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function withToken(url: string, token: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

export interface RealtimeClient {
  start(): void;
  stop(): void;
  /** Connects at once if a reconnection is waiting (e.g. the device came back online). */
  reconnectNow(): void;
  subscribe(entity: RealtimeEntity, listener: RealtimeListener): () => void;
  onStatus(listener: (status: RealtimeStatus) => void): () => void;
  readonly status: RealtimeStatus;
}

export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const initial = options.initialDelayMs ?? 1000;
  const max = options.maxDelayMs ?? 30_000;
  const stableAfter = options.stableAfterMs ?? 5000;
  const now = options.now ?? Date.now;
  const listeners = new Map<RealtimeEntity, Set<RealtimeListener>>();
  const statusListeners = new Set<(s: RealtimeStatus) => void>();

  let running = false;
  let socket: SocketLike | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let generation = 0;
  let hasConnected = false;
  let status: RealtimeStatus = 'idle';

  const setStatus = (next: RealtimeStatus) => {
    if (status === next) return;
    status = next;
    for (const l of statusListeners) l(next);
  };

  const emit = (entity: RealtimeEntity | null, event: RealtimeEvent) => {
    const targets = entity ? [listeners.get(entity)] : [...listeners.values()];
    for (const set of targets) {
      for (const l of set ?? []) {
        try {
          l(event);
        } catch (err) {
          console.error(err);
        }
      }
    }
  };

  const schedule = () => {
    clearTimeout(timer);
    if (!running) return;
    setStatus('closed');
    timer = setTimeout(() => void connect(), reconnectDelay(attempt++, initial, max, options.random));
  };

  const connect = async () => {
    const gen = ++generation;
    clearTimeout(timer);
    const base = options.url();
    if (!running || !base) return;
    setStatus('connecting');
    let token: string | undefined;
    try {
      token = await options.token();
    } catch {
      token = undefined;
    }
    if (!running || gen !== generation) return;
    if (!token) return schedule();
    let ws: SocketLike;
    try {
      ws = createSocket(withToken(base, token));
    } catch {
      return schedule();
    }
    socket = ws;
    let openedAt: number | null = null;
    ws.onopen = () => {
      if (socket !== ws) return;
      openedAt = now();
      setStatus('open');
      if (hasConnected) emit(null, { type: 'resync' });
      hasConnected = true;
    };
    ws.onmessage = (ev) => {
      if (socket !== ws) return;
      void parseRealtimeMessage(ev.data).then((message) => {
        if (message && socket === ws) emit(message.entity, message);
      });
    };
    ws.onerror = () => {
      // A close event follows.
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      if (openedAt !== null && now() - openedAt >= stableAfter) attempt = 0;
      schedule();
    };
  };

  return {
    get status() {
      return status;
    },
    start() {
      if (running) return;
      running = true;
      attempt = 0;
      void connect();
    },
    stop() {
      running = false;
      generation++;
      clearTimeout(timer);
      const ws = socket;
      socket = null;
      hasConnected = false;
      if (ws) {
        ws.onopen = ws.onclose = ws.onerror = ws.onmessage = null;
        try {
          ws.close(1000, 'signed out');
        } catch {
          // Already closed.
        }
      }
      setStatus('idle');
    },
    reconnectNow() {
      if (!running || socket) return;
      attempt = 0;
      void connect();
    },
    subscribe(entity, listener) {
      let set = listeners.get(entity);
      if (!set) listeners.set(entity, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
  };
}
