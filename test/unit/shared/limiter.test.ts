import { describe, expect, it } from 'vitest';
import { LOUD_LIMITER } from '../../../shared/play-as.js';
import { Limiter } from '../../../shared/limiter.js';
import { LoudnessMeter } from '../../../functions/tracks/audio/loudness.js';

const RATE = 48_000;
const dbOf = (x: number) => 20 * Math.log10(x);

/** A loud master: a quiet tone with a drum-like hit every half second, peaking near full scale. */
function loudMaster(seconds: number): Float32Array[] {
  const n = seconds * RATE;
  const l = new Float32Array(n);
  const r = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const t = i / RATE;
    const hit = Math.exp(-((t % 0.5) / 0.02)) * Math.sin(2 * Math.PI * 60 * t);
    l[i] = 0.2 * Math.sin(2 * Math.PI * 220 * t) + 0.8 * hit;
    r[i] = 0.2 * Math.sin(2 * Math.PI * 330 * t) + 0.8 * hit;
  }
  return [l, r];
}

/** Runs the limiter over `channels` in blocks of 128 (as an AudioWorklet does), on copies. */
function run(limiter: Limiter, channels: Float32Array[]): Float32Array[] {
  const out = channels.map((c) => c.slice());
  for (let i = 0; i < out[0].length; i += 128) {
    const n = Math.min(128, out[0].length - i);
    limiter.process(
      out.map((c) => c.subarray(i, i + n)),
      n,
    );
  }
  return out;
}

const peak = (c: Float32Array) => c.reduce((m, v) => Math.max(m, Math.abs(v)), 0);

/** The true peak (dBTP) the technical report's meter measures, BS.1770's 4x oversampled points included. */
function truePeakDbtp(channels: Float32Array[]): number {
  const meter = new LoudnessMeter();
  meter.push(channels, channels[0].length, RATE);
  return meter.result().truePeakDbtp!;
}

/** Signals whose peaks fall between samples: a tone at a quarter of the rate, 45 degrees off, and bright noise bursts. */
function overs(seconds: number, seed = 7): Float32Array[] {
  const n = seconds * RATE;
  let x = seed;
  const random = () => ((x = (x * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  const l = new Float32Array(n);
  const r = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const t = i / RATE;
    const tone = 0.7 * Math.sin((Math.PI / 2) * i + Math.PI / 4);
    const burst = t % 0.4 < 0.1 ? 0.9 * random() : 0.1 * random();
    l[i] = t < seconds / 2 ? tone : burst;
    r[i] = t < seconds / 2 ? -tone : 0.8 * burst + 0.2 * random();
  }
  return [l, r];
}

describe("Spotify Loud's limiter: a gain, then nothing past -1 dB", () => {
  it('keeps a loud master turned up 9 dB at or below the ceiling, sample by sample', () => {
    const limiter = new Limiter({ rate: RATE, ...LOUD_LIMITER });
    limiter.gain = 10 ** (9 / 20);
    limiter.limiting = true;
    const out = run(limiter, loudMaster(3));
    expect(dbOf(Math.max(...out.map(peak)))).toBeLessThanOrEqual(LOUD_LIMITER.ceilingDb);
    expect(truePeakDbtp(out)).toBeLessThanOrEqual(LOUD_LIMITER.ceilingDb);
    // It limits the hits, rather than turning everything down: between them the tone has its 9 dB back.
    const quiet = out[0].subarray(RATE * 0.4, RATE * 0.45);
    expect(dbOf(peak(quiet) / 0.2)).toBeGreaterThan(8.5);
  });

  it('keeps the true peak between samples at or below the ceiling too, however far the gain lifts', () => {
    for (const liftDb of [0, 3, 6, 12]) {
      const limiter = new Limiter({ rate: RATE, ...LOUD_LIMITER });
      limiter.gain = 10 ** (liftDb / 20);
      limiter.limiting = true;
      const input = overs(2, liftDb + 1);
      // The input's own peaks fall between samples: a sample-peak limiter would let them through.
      expect(truePeakDbtp(input) - dbOf(Math.max(...input.map(peak)))).toBeGreaterThan(2.5);
      expect(truePeakDbtp(run(limiter, input))).toBeLessThanOrEqual(LOUD_LIMITER.ceilingDb);
    }
  });

  it('falls over the attack, not at once, and comes back up over the release', () => {
    const limiter = new Limiter({ rate: RATE, ...LOUD_LIMITER });
    limiter.limiting = true;
    // A steady tone at 0.5, then one at 1.0 (6 dB over -1 dB... of which 5 must go) from 0.5 s to 1 s, then 0.5 again.
    const n = RATE * 2;
    const x = new Float32Array(n).map((_, i) => (i >= RATE / 2 && i < RATE ? 1 : 0.5) * Math.sin((2 * Math.PI * 100 * i) / RATE));
    const [y] = run(limiter, [x]);
    const delay = limiter.latency;
    const gainAt = (i: number) => {
      // The gain on the sample that left at `i`: its peak over one period against the input's.
      const from = i - delay;
      return peak(y.subarray(i, i + RATE / 100)) / peak(x.subarray(from, from + RATE / 100));
    };
    expect(gainAt(RATE * 0.3)).toBeCloseTo(1, 3);
    // Within the margin the limiter keeps below the ceiling for the points between samples (0.02 dB).
    expect(dbOf(gainAt(RATE * 0.75))).toBeGreaterThan(-1.05);
    expect(dbOf(gainAt(RATE * 0.75))).toBeLessThanOrEqual(-1);
    expect(truePeakDbtp([y])).toBeLessThanOrEqual(-1);
    // 20 ms after the loud part ends the gain is still on its way back; 600 ms after, it is back.
    expect(gainAt(RATE + RATE / 50 + delay)).toBeLessThan(0.99);
    expect(gainAt(RATE * 1.6 + delay)).toBeCloseTo(1, 2);
  });

  it('only applies the gain when not limiting, the same time late, so that switching leaves no gap', () => {
    const limiter = new Limiter({ rate: RATE, ...LOUD_LIMITER });
    limiter.gain = 0.5;
    const x = new Float32Array(RATE / 10).map((_, i) => Math.sin((2 * Math.PI * 440 * i) / RATE));
    const [y] = run(limiter, [x]);
    // The attack, and the six samples after a sample that its points between samples are drawn from.
    expect(limiter.latency).toBe(Math.round((LOUD_LIMITER.attackMs / 1000) * RATE) - 1 + 6);
    for (let i = limiter.latency; i < y.length; i += 97) expect(y[i]).toBeCloseTo(0.5 * x[i - limiter.latency], 6);
  });
});
