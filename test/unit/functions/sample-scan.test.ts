/**
 * The report's per-sample scans in WebAssembly SIMD (functions/domain/audio/sample-scan.wat) against plain
 * scalar versions of what they compute, and the committed kernel module against an assembly of its source.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LoudnessMeter } from '../../../functions/domain/audio/loudness.js';
import { CARRIED, sampleScan } from '../../../functions/domain/audio/sample-scan.js';
import { BEHIND, LOBES, PHASES, TAPS } from '../../../functions/domain/audio/true-peak.js';
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

  it.each(KERNELS)('is committed as the assembly of its source ($source)', async ({ source, module }) => {
    expect(fs.readFileSync(path.join(root, module), 'utf8')).toBe(await moduleText(source, module, await assemble(source)));
  });
});
