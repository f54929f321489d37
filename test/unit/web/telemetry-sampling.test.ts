import { describe, expect, it } from 'vitest';
import { TELEMETRY } from '../../../shared/constants';
import type { TelemetryEvent } from '../../../shared/schemas/telemetry';
import { isReported, newSession, offer } from '../../../web/src/lib/telemetry/sampling';

const pageView = (at: number): TelemetryEvent => ({ kind: 'session', at, page: '/dashboard', name: 'page' });
const trace = (at: number): TelemetryEvent => ({
  kind: 'trace',
  at,
  page: '/dashboard',
  route: 'listTracks',
  status: 200,
  durationMs: 40,
  correlationId: 'c0ffee00-0000-4000-8000-000000000000',
});
const error = (at: number): TelemetryEvent => ({
  kind: 'error',
  at,
  page: '/dashboard',
  source: 'error',
  name: 'TypeError',
  message: 'x is undefined',
});

/** A seeded generator (mulberry32): the same simulated sessions on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("the spec's sampling: 100% of traces, 10% of sessions, 100% of sessions with errors", () => {
  it('keeps a session in which an error happens, from its start', () => {
    const s = newSession(() => 0.99); // not drawn
    expect(s.sampled).toBe(false);
    expect(offer(s, pageView(1))).toEqual([]);
    expect(offer(s, pageView(2))).toEqual([]);
    // The error goes with what the session held before it, in order.
    expect(offer(s, error(3)).map((e) => e.at)).toEqual([1, 2, 3]);
    expect(s.held).toEqual([]);
    // From then on the session is reported like a drawn one.
    expect(offer(s, pageView(4)).map((e) => e.at)).toEqual([4]);
    expect(isReported(s)).toBe(true);
  });

  it('sends every trace, whatever the session', () => {
    for (const r of [0, 0.5, 0.99]) {
      const s = newSession(() => r);
      expect(offer(s, trace(1))).toHaveLength(1);
      expect(s.held).toEqual([]);
    }
  });

  it('keeps a clean session about 1 in 10, over many simulated sessions', () => {
    const random = seeded(20261123);
    const runs = 20_000;
    let reported = 0;
    for (let i = 0; i < runs; i++) {
      const s = newSession(random, `session-${i}`);
      const sent = [pageView(1), trace(2), pageView(3)].flatMap((e) => offer(s, e)).filter((e) => e.kind !== 'trace');
      if (sent.length) reported++;
      expect(sent.length === 0 || sent.length === 2).toBe(true);
    }
    // Binomial(20000, 0.1): sd ~ 42, so +-1.5 points is more than 7 sd.
    expect(reported / runs).toBeGreaterThan(TELEMETRY.sessionSampleRate - 0.015);
    expect(reported / runs).toBeLessThan(TELEMETRY.sessionSampleRate + 0.015);
  });

  it('keeps an error of any session: 100% of sessions with errors', () => {
    const random = seeded(7);
    for (let i = 0; i < 1000; i++) {
      const s = newSession(random, `session-${i}`);
      offer(s, pageView(1));
      expect(offer(s, error(2)).some((e) => e.kind === 'error')).toBe(true);
    }
  });

  it('holds a bounded number of events before an error, dropping the oldest', () => {
    const s = newSession(() => 0.99);
    for (let i = 0; i < TELEMETRY.heldEvents + 25; i++) offer(s, pageView(i));
    const sent = offer(s, error(9999));
    expect(sent).toHaveLength(TELEMETRY.heldEvents + 1);
    expect(sent[0].at).toBe(25);
  });
});
