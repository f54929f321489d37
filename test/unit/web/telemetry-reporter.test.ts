// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TELEMETRY } from '../../../shared/constants';
import type { TelemetryBatch } from '../../../shared/schemas/telemetry';
import {
  flush,
  recordApiCall,
  recordPageView,
  reportError,
  resetTelemetry,
  setPersonalData,
  startTelemetry,
} from '../../../web/src/lib/telemetry/reporter';

const ENDPOINT = 'https://api.example.com/telemetry';
let sent: TelemetryBatch[];

function start(drawn: boolean) {
  sent = [];
  startTelemetry({
    endpoint: ENDPOINT,
    random: () => (drawn ? 0 : 0.99),
    transport: (url, body) => (expect(url).toBe(ENDPOINT), sent.push(JSON.parse(body))),
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  resetTelemetry();
});
afterEach(() => vi.useRealTimers());

describe('the error reporter', () => {
  it('sends an error at once, with what the session held before it, scrubbed of what is personal', () => {
    start(false);
    setPersonalData(['Ada Lovelace', 'adalovelace', 'ada@example.com']);
    recordPageView();
    expect(sent).toEqual([]);
    reportError(new TypeError("Cannot read 'x' of Ada Lovelace's track; token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl"), {
      source: 'render',
    });
    expect(sent).toHaveLength(1);
    const [batch] = sent;
    expect(batch.sampled).toBe(false);
    expect(batch.events.map((e) => e.kind)).toEqual(['session', 'error']);
    const error = batch.events[1] as Extract<TelemetryBatch['events'][number], { kind: 'error' }>;
    expect(error).toMatchObject({ source: 'render', name: 'TypeError', message: "Cannot read 'x' of [personal]'s track; token [token]" });
    expect(JSON.stringify(sent)).not.toMatch(/Lovelace|eyJ/);
  });

  it('reports every API call as a trace, in a batch a few seconds later, and a failed one also as an error with its correlation id', () => {
    start(false);
    recordApiCall({ route: 'listTracks', status: 200, durationMs: 41.6, correlationId: 'aaaaaaaa-0000-4000-8000-000000000001' });
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(TELEMETRY.flushEveryMs);
    expect(sent[0].events).toEqual([expect.objectContaining({ kind: 'trace', route: 'listTracks', status: 200, durationMs: 42 })]);

    recordApiCall({
      route: 'getMe',
      status: 500,
      durationMs: 80,
      correlationId: 'aaaaaaaa-0000-4000-8000-000000000002',
      message: 'internal: Something went wrong',
    });
    // The error goes at once, and takes the trace queued before it.
    expect(sent[1].events).toEqual([
      expect.objectContaining({ kind: 'trace', route: 'getMe', status: 500 }),
      expect.objectContaining({
        kind: 'error',
        source: 'api',
        route: 'getMe',
        status: 500,
        correlationId: 'aaaaaaaa-0000-4000-8000-000000000002',
      }),
    ]);
    // A 4xx is the user's mistake, answered clearly: a trace, not an error.
    recordApiCall({ route: 'createShare', status: 409, durationMs: 30, correlationId: 'aaaaaaaa-0000-4000-8000-000000000003' });
    flush();
    expect(sent[2].events.map((e) => e.kind)).toEqual(['trace']);
  });

  it('does not call a request cut off by leaving the page an error (its trace still goes)', () => {
    start(false);
    window.dispatchEvent(new Event('beforeunload'));
    recordApiCall({
      route: 'listTracks',
      status: 0,
      durationMs: 12,
      correlationId: 'aaaaaaaa-0000-4000-8000-000000000005',
      message: 'network: Failed to fetch',
    });
    flush();
    expect(sent.flatMap((b) => b.events).map((e) => e.kind)).toEqual(['trace']);
    // Back on the page (from the back-forward cache), a call with no answer is an error again.
    window.dispatchEvent(new Event('pageshow'));
    recordApiCall({
      route: 'listTracks',
      status: 0,
      durationMs: 12,
      correlationId: 'aaaaaaaa-0000-4000-8000-000000000006',
      message: 'network: Failed to fetch',
    });
    expect(sent.at(-1)!.events.map((e) => e.kind)).toEqual(['trace', 'error']);
  });

  it("does not report a chunk's load cut off by leaving the page, and reports one that fails while the page stays", () => {
    start(false);
    const cssCutOff = new Error('Unable to preload CSS for /assets/front-page-abc123.css');
    window.dispatchEvent(new Event('beforeunload'));
    reportError(cssCutOff, { source: 'rejection' });
    reportError(new TypeError('error loading dynamically imported module: /assets/app-abc123.js'), { source: 'rejection' });
    // Any other error while leaving is still reported.
    reportError(new Error('The list could not be drawn'), { source: 'error' });
    flush();
    expect(sent.flatMap((b) => b.events).map((e) => (e as { message?: string }).message)).toEqual(['The list could not be drawn']);
    window.dispatchEvent(new Event('pageshow'));
    reportError(cssCutOff, { source: 'rejection' });
    flush();
    expect(sent.at(-1)!.events).toEqual([expect.objectContaining({ kind: 'error', message: cssCutOff.message })]);
  });

  it('reports the session of a drawn visit, and uncaught errors and rejections of any', () => {
    start(true);
    recordPageView();
    flush();
    expect(sent[0]).toMatchObject({ sampled: true, events: [{ kind: 'session', name: 'page' }] });
    window.dispatchEvent(new ErrorEvent('error', { error: new RangeError('out of range'), message: 'out of range' }));
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = new Error('not handled');
    window.dispatchEvent(rejection);
    expect(sent.slice(1).flatMap((b) => b.events)).toEqual([
      expect.objectContaining({ kind: 'error', source: 'error', name: 'RangeError', message: 'out of range' }),
      expect.objectContaining({ kind: 'error', source: 'rejection', message: 'not handled' }),
    ]);
  });

  it('keeps one session across reloads of the tab (sessionStorage), and sends what is queued when the tab is hidden', () => {
    start(false);
    recordApiCall({ route: 'listTracks', status: 200, durationMs: 5, correlationId: 'aaaaaaaa-0000-4000-8000-000000000004' });
    const id = JSON.parse(sessionStorage.getItem('snip.telemetry.session')!).id;
    window.dispatchEvent(new Event('pagehide'));
    expect(sent[0].sessionId).toBe(id);
  });

  it('splits what is queued into batches of at most the bound', () => {
    start(true);
    for (let i = 0; i < TELEMETRY.maxBatch + 3; i++) recordPageView();
    flush();
    expect(sent.map((b) => b.events.length)).toEqual([TELEMETRY.maxBatch, 3]);
  });

  it('cuts a long stack and message to their bounds, so a batch stays under the API body limit', () => {
    start(true);
    const e = new Error('x'.repeat(5000));
    e.stack = `Error: boom\n${'    at somewhere (https://app.example.com/assets/index.js:1:1)\n'.repeat(400)}`;
    reportError(e, { source: 'error' });
    const [error] = sent[0].events as Extract<TelemetryBatch['events'][number], { kind: 'error' }>[];
    expect(error.message.length).toBeLessThanOrEqual(1000);
    expect(error.stack!.length).toBeLessThanOrEqual(4000);
    expect(JSON.stringify(sent[0]).length).toBeLessThan(TELEMETRY.maxBatchBytes);
  });
});
