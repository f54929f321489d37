/**
 * The true-peak scan in WebAssembly SIMD (functions/domain/audio/true-peak.wat) against the scalar scan it
 * stands in for, and the committed kernel module against an assembly of its source.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BEHIND, interpolatedPeak, KERNEL_MIN_LENGTH, LOBES, peakKernel } from '../../../functions/domain/audio/true-peak.js';
import { assemble, KERNELS, moduleText } from '../../../scripts/wasm/build.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Seeded noise with loud bursts here and there, so that some blocks beat the peak so far and most do not. */
function noise(n: number, seed: number): Float32Array {
  let s = seed;
  const next = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) * 2 - 1;
  return Float32Array.from({ length: n }, (_, i) => next() * (i % 997 < 5 ? 0.99 : 0.2));
}

/** The scalar scan of every point, as the kernel must give it (it skips only blocks that cannot matter). */
const scalar = (ext: Float32Array, tp: number) => {
  let peak = tp;
  for (const v of ext) peak = Math.max(peak, Math.abs(v));
  return interpolatedPeak(ext, BEHIND, ext.length - LOBES - 1, peak);
};

const kernelPeak = (ext: Float32Array, tp: number) => {
  const kernel = peakKernel();
  kernel.samples(ext.length).set(ext);
  return kernel.truePeak(ext.length, tp);
};

describe('the true-peak kernel', () => {
  it.each([KERNEL_MIN_LENGTH, 16, 17, 18, 19, 267, 268, 300, 4096 + 11, 70_001])('gives the scalar scan’s peak over %i samples', (n) => {
    for (const seed of [1, 2, 3]) {
      const ext = noise(n, seed);
      for (const tp of [0, 0.5, 0.999]) expect(kernelPeak(ext, tp)).toBeCloseTo(scalar(ext, tp), 6);
    }
  });

  it('finds a point between samples that only the last points of a block reach', () => {
    // A quarter-rate sine 45 degrees off its crest, at the end of a run of silence: its samples read 0.707.
    const ext = new Float32Array(600);
    for (let i = 560; i < 600; i++) ext[i] = Math.sin((Math.PI / 2) * i + Math.PI / 4);
    const peak = kernelPeak(ext, 0);
    expect(peak).toBeCloseTo(scalar(ext, 0), 6);
    expect(peak).toBeGreaterThan(0.95);
  });

  it('passes over NaN samples and keeps an infinite one, as the scalar scan does', () => {
    const ext = noise(1000, 4);
    ext[300] = NaN;
    expect(kernelPeak(ext, 0)).toBeCloseTo(
      scalar(
        ext.map((v) => (Number.isNaN(v) ? 0 : v)),
        0,
      ),
      6,
    );
    ext[500] = Infinity;
    expect(kernelPeak(ext, 0)).toBe(Infinity);
  });

  it('grows its memory for a long push and keeps working after', () => {
    const long = noise(2_000_000, 5);
    expect(kernelPeak(long, 0)).toBeCloseTo(scalar(long, 0), 6);
    const short = noise(300, 6);
    expect(kernelPeak(short, 0)).toBeCloseTo(scalar(short, 0), 6);
  });

  it.each(KERNELS)('is committed as the assembly of its source ($source)', async ({ source, module }) => {
    expect(fs.readFileSync(path.join(root, module), 'utf8')).toBe(await moduleText(source, module, await assemble(source)));
  });
});
