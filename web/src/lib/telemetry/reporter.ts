/**
 * The browser's error reports, traces and Core Web Vitals, sampled by the spec's rule (sampling.ts),
 * scrubbed of personal data (shared/scrub.ts) and sent in batches to `POST /telemetry`, where the
 * telemetry function logs them beside the functions' own logs (CloudWatch in AWS, the local collector
 * here). The pages call it through client.ts, which catches what fails from the first moment and loads
 * this module at the first error or once the page has loaded; web-vitals loads with it.
 */
import { TELEMETRY } from '@shared/constants';
import { scrubPath, scrubText } from '@shared/scrub';
import type { TelemetryBatch, TelemetryEvent } from '@shared/schemas/telemetry';
import { newSession, offer, type SessionState } from './sampling';

const STORE_KEY = 'snip.telemetry.session';
/** web-vitals (3 KB gzip) loads this long after the page's load event (by default). */
export const VITALS_AFTER_LOAD_MS = 3000;

export interface TelemetryOptions {
  /** Where batches go (the API's /telemetry), or null to record without sending (tests). */
  endpoint: string | null;
  random?: () => number;
  /** Sends a batch; fetch with keepalive by default. */
  transport?: (url: string, body: string) => void;
  /** Also says each error in the console (local development). */
  echo?: boolean;
  /** Listens for uncaught errors and rejections itself (the default); client.ts does from the start instead. */
  catchErrors?: boolean;
  /** How long after the page's load event web-vitals loads (VITALS_AFTER_LOAD_MS by default). */
  vitalsAfterLoadMs?: number;
}

/** When and where a call was made, and whether the page was being left or hidden then. */
export interface Moment {
  time: number;
  path: string;
  leaving: boolean;
}

let options: TelemetryOptions | null = null;
let session: SessionState | null = null;
let queue: TelemetryEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let personal: string[] = [];
let listening = false;
/** The page is being left: requests it had under way are cut off, which is not a failure to report. */
let leaving = false;
const started = typeof performance !== 'undefined' ? performance.timeOrigin : Date.now();
/** The moment of a call held by client.ts before this module loaded, while it is replayed. */
let moment: Moment | null = null;

function loadSession(random: () => number): SessionState {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORE_KEY) ?? 'null') as SessionState | null;
    if (stored && typeof stored.id === 'string' && Array.isArray(stored.held)) return stored;
  } catch {
    // A session we cannot read is a new one.
  }
  return newSession(random);
}

function saveSession() {
  try {
    if (session) sessionStorage.setItem(STORE_KEY, JSON.stringify(session));
  } catch {
    // Storage full or refused: the session lasts as long as the page.
  }
}

const now = () => Math.round((moment?.time ?? Date.now()) - started);
const page = () => scrubPath(moment?.path ?? window.location.pathname);

/**
 * Records what `record` records as of `at`: a call client.ts held until this module loaded (called on the
 * module client.ts imports on demand, hence unseen by the unused-export check).
 * @public
 */
export function replayAt(at: Moment, record: () => void): void {
  moment = at;
  try {
    record();
  } finally {
    moment = null;
  }
}
const scrub = (text: string, max?: number) => scrubText(text, personal, max);

function defaultTransport(url: string, body: string) {
  // text/plain keeps it a simple request (no CORS preflight); keepalive lets it outlive the page.
  void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain' } }).catch(() => {});
}

/** Sends what is queued (at most a batch at a time). */
export function flush(): void {
  clearTimeout(timer);
  timer = undefined;
  if (!options || !session) return;
  const send = (events: TelemetryEvent[]) => {
    const body = JSON.stringify({ sessionId: session!.id, sampled: session!.sampled, events } satisfies TelemetryBatch);
    if (options?.endpoint) (options.transport ?? defaultTransport)(options.endpoint, body);
  };
  // Batches of at most maxBatch events and maxBatchBytes (each event is bounded well below it).
  let batch: TelemetryEvent[] = [];
  let bytes = 0;
  for (const event of queue.splice(0)) {
    const size = JSON.stringify(event).length + 1;
    if (batch.length && (batch.length === TELEMETRY.maxBatch || bytes + size > TELEMETRY.maxBatchBytes)) {
      send(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(event);
    bytes += size;
  }
  if (batch.length) send(batch);
}

function record(event: TelemetryEvent) {
  if (!options || !session) return;
  const out = offer(session, event);
  saveSession();
  if (!out.length) return;
  queue.push(...out);
  // An error goes at once; the rest in a batch every few seconds.
  if (event.kind === 'error') flush();
  else timer ??= setTimeout(flush, TELEMETRY.flushEveryMs);
}

/** Text known to be personal (the signed-in user's name, username, e-mail): never reported. */
export function setPersonalData(values: (string | null | undefined)[]): void {
  personal = values.filter((v): v is string => !!v);
}

export interface ErrorContext {
  source: 'error' | 'rejection' | 'render' | 'api';
  correlationId?: string;
  route?: string;
  status?: number;
}

/** The page is being left or is hidden, now or when a held call was made. */
const leavingNow = () => (moment ? moment.leaving : leaving || document.visibilityState === 'hidden');

/**
 * A lazy chunk or its stylesheet that did not load, as each engine words it (Vite's preload, Chromium,
 * Firefox, Safari). Firefox fails a load the page cuts off by being left, which is no fault to report.
 */
const CHUNK_LOAD_FAILED =
  /^(Unable to preload CSS for |Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed)/;

export function reportError(error: unknown, context: ErrorContext): void {
  const err = error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'Non-error value thrown');
  if (CHUNK_LOAD_FAILED.test(err.message) && leavingNow()) return;
  if (options?.echo)
    console.error(`[reported] ${err.name}: ${err.message}`, context.correlationId ? `(correlation id ${context.correlationId})` : '');
  record({
    kind: 'error',
    at: now(),
    page: page(),
    source: context.source,
    name: scrub(err.name || 'Error', 100),
    message: scrub(err.message || '(no message)', 1000),
    ...(err.stack ? { stack: scrub(err.stack, 4000) } : {}),
    ...(context.correlationId ? { correlationId: context.correlationId } : {}),
    ...(context.route ? { route: context.route } : {}),
    ...(context.status !== undefined ? { status: context.status } : {}),
  });
}

/**
 * One API call (every one is a trace); a server error or a call that got no answer is also an error,
 * unless the page was being left or hidden, which cuts requests off by itself.
 */
export function recordApiCall(call: { route: string; status: number; durationMs: number; correlationId: string; message?: string }): void {
  record({
    kind: 'trace',
    at: now(),
    page: page(),
    route: call.route,
    status: call.status,
    durationMs: Math.round(call.durationMs),
    correlationId: call.correlationId,
  });
  const cutOff = call.status === 0 && leavingNow();
  if (call.status >= 500 || (call.status === 0 && !cutOff)) {
    const error = new Error(call.message ?? `API ${call.route} failed`);
    error.name = 'ApiError';
    reportError(error, { source: 'api', correlationId: call.correlationId, route: call.route, status: call.status });
  }
}

export function recordPageView(): void {
  record({ kind: 'session', at: now(), page: page(), name: 'page' });
}

type Vital = { name: 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB'; value: number; rating: 'good' | 'needs-improvement' | 'poor' };

export function recordVital(v: Vital): void {
  record({ kind: 'session', at: now(), page: page(), name: v.name, value: Math.max(0, v.value), rating: v.rating });
}

/**
 * Starts reporting: uncaught errors and unhandled rejections from now on, the page views the app
 * records, and the Core Web Vitals once the page has loaded. Safe to call again (the later options win).
 */
export function startTelemetry(opts: TelemetryOptions): void {
  options = opts;
  session ??= loadSession(opts.random ?? Math.random);
  saveSession();
  if (listening) return;
  listening = true;
  if (opts.catchErrors !== false) {
    window.addEventListener('error', (e) => reportError(e.error ?? e.message, { source: 'error' }));
    window.addEventListener('unhandledrejection', (e) => reportError(e.reason, { source: 'rejection' }));
  }
  // What is queued goes when the tab is hidden or closed.
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  window.addEventListener('pagehide', flush);
  window.addEventListener('beforeunload', () => void (leaving = true));
  window.addEventListener('pagehide', () => void (leaving = true));
  window.addEventListener('pageshow', () => void (leaving = false));
  const vitals = () =>
    void import('web-vitals')
      .then(({ onLCP, onINP, onCLS, onFCP, onTTFB }) => {
        for (const on of [onLCP, onINP, onCLS, onFCP, onTTFB]) on((m) => recordVital(m as Vital));
      })
      .catch(() => {});
  // After the page has loaded and settled: the vitals' observers read what happened before them
  // (buffered entries), so waiting costs no measure, and the first load does not carry the library.
  const later = () => setTimeout(vitals, opts.vitalsAfterLoadMs ?? VITALS_AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/** For tests: forget the session and the queue. */
export function resetTelemetry(): void {
  options = null;
  session = null;
  queue = [];
  personal = [];
  leaving = false;
  moment = null;
  clearTimeout(timer);
  timer = undefined;
  try {
    sessionStorage.removeItem(STORE_KEY);
  } catch {
    // nothing stored
  }
}
