/**
 * The report's per-sample scans in WebAssembly SIMD (functions/tracks/audio/sample-scan.wat) against plain
 * scalar versions of what they compute, and the committed kernel module against an assembly of its source.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LoudnessMeter } from '../../../functions/tracks/audio/loudness.js';
import { ExactWeighting, kWeighting, type ChannelWeighting } from '../../../functions/tracks/audio/k-weighting.js';
import { CARRIED, sampleScan, SimdWeighting } from '../../../functions/tracks/audio/sample-scan.js';
import { BEHIND, LOBES, PHASES, TAPS } from '../../../shared/true-peak.js';
import { assemble, KERNELS, moduleText } from '../../../scripts/wasm/build.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Seeded noise with loud bursts here and there, so that some blocks beat the peak so far and most do not. */
function noise(n: number, seed: number): Float32Array {
  let s = seed;
  const next = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) * 2 - 1;
  return Float32Array.from({ length: n }, (_, i) => next() * (i % 997 < 5 ? 0.99 : 0.2));
}

const safe = (v: number) => (Number.isNaN(v) ? 0 : Math.max(-16, Math.min(16, v)));

/** Every point of every phase between x[i] and x[i + 1], i in [BEHIND, length - LOBES - 1], unfolded. */
function truePeak(x: Float32Array, tp: number): number {
  let peak = tp;
  for (const v of x) peak = Math.max(peak, Math.abs(v));
  for (let i = BEHIND; i <= x.length - LOBES - 1; i++)
    for (const h of PHASES) {
      let y = 0;
      for (let j = 0; j < TAPS; j++) y += h[j] * x[i - BEHIND + j];
      peak = Math.max(peak, Math.abs(y));
    }
  return peak;
}

/** Samples of x[from .. to) in runs of 3 or more at full scale. */
function clips(x: Float32Array, from: number, to: number): number {
  const full = (i: number) => i >= 0 && i < x.length && Math.abs(x[i]) >= 0.9999;
  let count = 0;
  for (let i = from; i < to; i++)
    if (full(i) && ((full(i - 2) && full(i - 1)) || (full(i - 1) && full(i + 1)) || (full(i + 1) && full(i + 2)))) count++;
  return count;
}

function scanOf(samples: Float32Array, tp = 0) {
  const scan = sampleScan();
  const [run] = scan.runs(1, samples.length);
  run.set(samples);
  return { ...scan.scan(run, tp), run: Float32Array.from(run) };
}

describe('the sample scan', () => {
  it.each([CARRIED + 1, CARRIED + 2, CARRIED + 3, CARRIED + 4, 267, 268, 300, 4096 + CARRIED, 70_001])(
    'gives the true peak and sample peak of every point over %i samples',
    (n) => {
      for (const seed of [1, 2, 3]) {
        const x = noise(n, seed);
        for (const tp of [0, 0.5, 0.999]) {
          const got = scanOf(x, tp);
          expect(got.truePeak).toBeCloseTo(truePeak(x, tp), 5);
          expect(got.samplePeak).toBe(Math.max(...x.map(Math.abs)));
        }
      }
    },
  );

  it('finds a point between samples that only the last points of a block reach', () => {
    // A quarter-rate sine 45 degrees off its crest, after silence: its samples read 0.707, its crest 1.
    const x = new Float32Array(600);
    for (let i = 560; i < 600; i++) x[i] = Math.sin((Math.PI / 2) * i + Math.PI / 4);
    const got = scanOf(x).truePeak;
    expect(got).toBeCloseTo(truePeak(x, 0), 5);
    expect(got).toBeGreaterThan(0.95);
  });

  it('counts the samples in runs of 3 or more at full scale, up to the last two', () => {
    const x = noise(400, 7);
    // Runs of 1, 2, 3 and 5 full-scale samples, one across the start of the new samples, one at the end.
    for (const [at, length] of [
      [40, 1],
      [80, 2],
      [120, 3],
      [200, 5],
      [CARRIED - 3, 4],
      [395, 5],
    ])
      for (let i = at; i < at + length; i++) x[i] = i % 2 ? 1 : -1;
    const got = scanOf(x);
    expect(got.clips).toBe(clips(x, CARRIED - 2, x.length - 2));
    expect(got.clips).toBe(3 + 5 + 3 + 3);
  });

  it('makes the samples safe in place: NaN as silence, beyond +-16 or infinite as +-16', () => {
    const x = noise(1000, 4);
    x[300] = NaN;
    x[500] = Infinity;
    x[600] = -1e30;
    const got = scanOf(x);
    expect(got.run).toEqual(x.map(safe));
    expect(got.samplePeak).toBe(16);
    expect(got.truePeak).toBeCloseTo(truePeak(x.map(safe), 0), 4);
  });

  it('grows its memory for a long run and keeps working after', () => {
    const long = noise(2_000_000, 5);
    expect(scanOf(long).truePeak).toBeCloseTo(truePeak(long, 0), 5);
    const short = noise(300, 6);
    expect(scanOf(short).truePeak).toBeCloseTo(truePeak(short, 0), 5);
  });

  it('gives the meter the same clips however the samples are chunked', () => {
    const rate = 8000;
    const x = Float32Array.from({ length: rate }, (_, i) => Math.max(-1, Math.min(1, 2 * Math.sin((2 * Math.PI * 50 * i) / rate))));
    const report = (chunk: number) => {
      const meter = new LoudnessMeter();
      for (let at = 0; at < x.length; at += chunk) meter.push([x.subarray(at, at + chunk)], Math.min(chunk, x.length - at), rate);
      return meter.result();
    };
    const whole = report(x.length);
    expect(whole.clippedSamples).toBe(clips(x, 0, x.length));
    for (const chunk of [1, 2, 3, 5, 4096]) expect(report(chunk)).toEqual(whole);
  });

  it('gives the same report for samples decoded into its own buffers as for samples it copies', () => {
    const rate = 8000;
    const left = noise(3 * rate + 123, 8);
    const right = noise(3 * rate + 123, 9);
    const chunk = 5000;
    const copied = new LoudnessMeter();
    const inPlace = new LoudnessMeter();
    for (let at = 0; at < left.length; at += chunk) {
      const n = Math.min(chunk, left.length - at);
      copied.push([left.subarray(at, at + n), right.subarray(at, at + n)], n, rate);
      // As a decoder does: asks for room for a whole chunk, fills what it has (the last chunk is short).
      const buffers = inPlace.buffers(2, chunk);
      buffers[0].set(left.subarray(at, at + n));
      buffers[1].set(right.subarray(at, at + n));
      inPlace.push(
        buffers.map((b) => b.subarray(0, n)),
        n,
        rate,
      );
    }
    expect(inPlace.result()).toEqual(copied.result());
  });

  it.each([
    ['in the kernel', 8000, 2e-4],
    ['in the kernel', 44100, 2e-4],
    ['in the kernel', 48000, 2e-4],
    ['in doubles', 48000, 1e-12],
    ['in doubles', 192000, 1e-12],
  ] as const)('K-weights %s at %i Hz as the two biquads do, step by step', (kind, rate, within) => {
    const [shelf, high] = kWeighting(rate);
    const x = noise(rate / 2 + 7, 11).map((v, i) => v + 0.3 * Math.sin(i / 40));
    // The plain recursion in doubles: the sums of squares of each step, the first ending after `first`.
    const step = Math.floor(rate / 10);
    const first = 37;
    const expected: number[] = [];
    let [x1, x2, m1, m2, y1, y2, squares, until] = [0, 0, 0, 0, 0, 0, 0, first];
    const groups = Math.floor(x.length / 4);
    for (let i = 0; i < groups * 4; i++) {
      const m = shelf.b0 * x[i] + shelf.b1 * x1 + shelf.b2 * x2 - shelf.a1 * m1 - shelf.a2 * m2;
      const y = m - 2 * m1 + m2 - high.a1 * y1 - high.a2 * y2;
      [x2, x1, m2, m1, y2, y1] = [x1, x[i], m1, m, y1, y];
      squares += y * y;
      if (--until === 0) {
        expected.push(squares);
        squares = 0;
        until = step;
      }
    }
    const scan = sampleScan();
    const [run] = scan.runs(1, CARRIED + x.length);
    run.fill(0, 0, CARRIED);
    run.set(x, CARRIED);
    scan.scan(run, 0);
    const filters: ChannelWeighting = kind === 'in the kernel' ? new SimdWeighting(rate) : new ExactWeighting(rate);
    // In two calls, the second starting inside a step, as pushes do.
    const part = 25;
    const ended = [...filters.weigh(run, CARRIED, part, first, step)];
    ended.push(...filters.weigh(run, CARRIED + 4 * part, groups - part, first + step - 4 * part, step));
    expect(ended).toHaveLength(expected.length);
    ended.forEach((sum, k) => expect(Math.abs(sum - expected[k]) / expected[k]).toBeLessThan(within));
    expect(filters.sum).toBeCloseTo(
      x.subarray(0, groups * 4).reduce((a, v) => a + v, 0),
      3,
    );
  });

  it('measures 192 kHz, where single precision would not do, as doubles do: a 20 Hz tone under a quiet 2 kHz one', () => {
    const rate = 192000;
    const n = rate * 4;
    const x = Float32Array.from(
      { length: n },
      (_, i) => 0.5 * Math.sin((2 * Math.PI * 20 * i) / rate) + 0.001 * Math.sin((2 * Math.PI * 2000 * i) / rate),
    );
    const meter = new LoudnessMeter();
    for (let at = 0; at < n; at += 65536) meter.push([x.subarray(at, at + 65536)], Math.min(65536, n - at), rate);
    // The K-weighted power of the tones, from the filters' response at their frequencies.
    const [shelf, high] = kWeighting(rate);
    const gain = (f: number) => {
      const w = (2 * Math.PI * f) / rate;
      const h = ({ b0, b1, b2, a1, a2 }: { b0: number; b1: number; b2: number; a1: number; a2: number }) => {
        const re = (c0: number, c1: number, c2: number) => c0 + c1 * Math.cos(w) + c2 * Math.cos(2 * w);
        const im = (c1: number, c2: number) => -(c1 * Math.sin(w) + c2 * Math.sin(2 * w));
        return Math.hypot(re(b0, b1, b2), im(b1, b2)) / Math.hypot(re(1, a1, a2), im(a1, a2));
      };
      return h(shelf) * h(high);
    };
    const power = (0.5 * gain(20)) ** 2 / 2 + (0.001 * gain(2000)) ** 2 / 2;
    expect(Math.abs(meter.result().integratedLufs - (-0.691 + 10 * Math.log10(power)))).toBeLessThan(0.02);
  });

  it('measures a stream that changes its rate, and counts every sample in the DC offset', () => {
    const meter = new LoudnessMeter();
    for (const rate of [44100, 48000]) {
      // 5.5 s of a -23 dBFS 1 kHz sine in both channels at each rate, plus 3 samples (an unfinished group).
      const n = Math.round(5.5 * rate) + 3;
      const tone = Float32Array.from({ length: n }, (_, i) => 10 ** (-23 / 20) * Math.sin((2 * Math.PI * 1000 * i) / rate) + 0.05);
      for (let at = 0; at < n; at += 4099)
        meter.push([tone.subarray(at, at + 4099), tone.subarray(at, at + 4099)], Math.min(4099, n - at), rate);
    }
    const r = meter.result();
    expect(Math.abs(r.integratedLufs + 23)).toBeLessThanOrEqual(0.1);
    // The sine's own mean is not quite zero over a part period: 0.05 within 1e-4.
    expect(Math.abs(r.dcOffset - 0.05)).toBeLessThan(1e-4);
  });

  it.each(KERNELS)('is committed as the assembly of its source ($source)', async ({ source, module }) => {
    expect(fs.readFileSync(path.join(root, module), 'utf8')).toBe(await moduleText(source, module, await assemble(source)));
  });
});
