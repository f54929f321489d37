/**
 * What the pages report through (reporter.ts's calls), light enough for the entry: it listens for
 * uncaught errors from the first moment, and holds each call with the time, page and leaving state it
 * was made at until the reporter (its sampling, scrubbing and batching) has loaded, then replays them in
 * order. The reporter loads at the first error, or a few seconds after the page's load event, when it
 * loads web-vitals at once: the first screen never waits for either.
 */
import type { ErrorContext, Moment, TelemetryOptions } from './reporter';

type Reporter = typeof import('./reporter');

/** The reporter loads this long after the page's load event, unless an error asks for it first. */
const REPORTER_AFTER_LOAD_MS = 3000;

let reporter: Reporter | null = null;
let loading: Promise<void> | null = null;
const held: ((r: Reporter) => void)[] = [];
let listening = false;
/** The page is being left: requests it had under way are cut off, which is not a failure to report. */
let leaving = false;

function loadReporter(): void {
  loading ??= import('./reporter').then(
    (r) => {
      reporter = r;
      for (const call of held.splice(0)) call(r);
      // Hidden before it loaded: what it now holds goes at once, as it would have at the hiding.
      if (document.visibilityState === 'hidden') r.flush();
    },
    () => void (loading = null), // tried again at the next error, or never: reports are best effort
  );
}

function call(record: (r: Reporter) => void): void {
  if (reporter) return record(reporter);
  const at: Moment = { time: Date.now(), path: window.location.pathname, leaving: leaving || document.visibilityState === 'hidden' };
  held.push((r) => r.replayAt(at, () => record(r)));
}

export function reportError(error: unknown, context: ErrorContext): void {
  call((r) => r.reportError(error, context));
  loadReporter();
}

/** One API call; a server error or a call without an answer may be an error, which goes at once. */
export function recordApiCall(c: Parameters<Reporter['recordApiCall']>[0]): void {
  call((r) => r.recordApiCall(c));
  if (c.status >= 500 || c.status === 0) loadReporter();
}

export function recordPageView(): void {
  call((r) => r.recordPageView());
}

/** Text known to be personal (the signed-in user's name, username, e-mail): never reported. */
export function setPersonalData(values: (string | null | undefined)[]): void {
  call((r) => r.setPersonalData(values));
}

/** Starts reporting (reporter.ts's startTelemetry), catching uncaught errors and rejections from now on. */
export function startTelemetry(opts: TelemetryOptions): void {
  call((r) => r.startTelemetry({ ...opts, catchErrors: false, vitalsAfterLoadMs: 0 }));
  if (listening) return;
  listening = true;
  window.addEventListener('error', (e) => reportError(e.error ?? e.message, { source: 'error' }));
  window.addEventListener('unhandledrejection', (e) => reportError(e.reason, { source: 'rejection' }));
  window.addEventListener('beforeunload', () => void (leaving = true));
  window.addEventListener('pagehide', () => void (leaving = true));
  window.addEventListener('pageshow', () => void (leaving = false));
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && held.length > 0 && loadReporter());
  const later = () => setTimeout(loadReporter, REPORTER_AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
