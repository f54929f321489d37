/**
 * True peak per ITU-R BS.1770-4 Annex 2: the signal between samples, 4x oversampled by a windowed sinc
 * (Lanczos, 12 taps per phase), each phase normalised to unity gain at DC.
 */

import { KERNEL } from './true-peak-kernel.js';

const OVERSAMPLE = 4;
/** Lanczos lobes: taps per phase = 2 x LOBES. */
export const LOBES = 6;
export const TAPS = 2 * LOBES;
/** Samples before the interpolated point that a phase reads (after it: LOBES). */
export const BEHIND = LOBES - 1;

const sinc = (x: number) => (x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x));

/** The phases between two samples (1/4, 2/4, 3/4 of the way), each normalised to unity gain, and the largest gain any input can get from one. */
function interpolationPhases(): { phases: Float64Array[]; maxGain: number } {
  const phases: Float64Array[] = [];
  let maxGain = 0;
  for (let p = 1; p < OVERSAMPLE; p++) {
    const f = p / OVERSAMPLE;
    const h = new Float64Array(TAPS);
    // Tap j reads x[n - BEHIND + j], at distance (j - BEHIND) - f from the point.
    for (let j = 0; j < TAPS; j++) {
      const t = j - BEHIND - f;
      h[j] = sinc(t) * sinc(t / LOBES);
    }
    const sum = h.reduce((s, v) => s + v, 0);
    for (let j = 0; j < TAPS; j++) h[j] /= sum;
    maxGain = Math.max(
      maxGain,
      h.reduce((s, v) => s + Math.abs(v), 0),
    );
    phases.push(h);
  }
  return { phases, maxGain };
}
const { phases: PHASES, maxGain } = interpolationPhases();
/** The most any point between samples can be, as a multiple of the largest |sample| its phase reads. */
export const MAX_GAIN = maxGain;

/**
 * The phases folded by their symmetry (the 3/4 phase is the 1/4 one reversed, the 1/2 one is its own
 * reverse), so 18 multiplications give the three points between two samples instead of 36: with
 * s = x[j] + x[11 - j] and d = x[j] - x[11 - j], y1/4 = P + Q, y3/4 = P - Q and y1/2 = M, where
 * P = sum of SUM[j] s, Q = sum of DIFF[j] d and M = sum of MID[j] s over j < 6.
 */
const SUM = Float64Array.from({ length: LOBES }, (_, j) => (PHASES[0][j] + PHASES[0][TAPS - 1 - j]) / 2);
const DIFF = Float64Array.from({ length: LOBES }, (_, j) => (PHASES[0][j] - PHASES[0][TAPS - 1 - j]) / 2);
const MID = Float64Array.from({ length: LOBES }, (_, j) => PHASES[1][j]);

/** The largest |point| between ext[i] and ext[i + 1] for i in [start, end], or `tp` if none is larger. */
export function interpolatedPeak(ext: Float32Array, start: number, end: number, tp: number): number {
  const [a0, a1, a2, a3, a4, a5] = SUM;
  const [e0, e1, e2, e3, e4, e5] = DIFF;
  const [m0, m1, m2, m3, m4, m5] = MID;
  for (let i = start; i <= end; i++) {
    const b = i - BEHIND;
    const x0 = ext[b];
    const x11 = ext[b + 11];
    const x1 = ext[b + 1];
    const x10 = ext[b + 10];
    const x2 = ext[b + 2];
    const x9 = ext[b + 9];
    const x3 = ext[b + 3];
    const x8 = ext[b + 8];
    const x4 = ext[b + 4];
    const x7 = ext[b + 7];
    const x5 = ext[b + 5];
    const x6 = ext[b + 6];
    const s0 = x0 + x11;
    const s1 = x1 + x10;
    const s2 = x2 + x9;
    const s3 = x3 + x8;
    const s4 = x4 + x7;
    const s5 = x5 + x6;
    const p = a0 * s0 + a1 * s1 + a2 * s2 + a3 * s3 + a4 * s4 + a5 * s5;
    const q = e0 * (x0 - x11) + e1 * (x1 - x10) + e2 * (x2 - x9) + e3 * (x3 - x8) + e4 * (x4 - x7) + e5 * (x5 - x6);
    const m = m0 * s0 + m1 * s1 + m2 * s2 + m3 * s3 + m4 * s4 + m5 * s5;
    const y1 = p + q < 0 ? -(p + q) : p + q;
    const y3 = p - q < 0 ? q - p : p - q;
    const y2 = m < 0 ? -m : m;
    if (y1 > tp) tp = y1;
    if (y3 > tp) tp = y3;
    if (y2 > tp) tp = y2;
  }
  return tp;
}

/** Where the kernel's samples start in its memory (the folded taps are before). */
const EXT = 128;
const PAGE = 65536;
/** The kernel takes four points at least: ext of 15 samples. */
export const KERNEL_MIN_LENGTH = TAPS + 3;

/** The same scan in WebAssembly SIMD (./true-peak.wat): four points per step, blocks that cannot beat the peak skipped. */
export class PeakKernel {
  private readonly memory: WebAssembly.Memory;
  private readonly scan: (length: number, tp: number, gain: number) => number;
  private view = new Float32Array(0);

  constructor() {
    const { exports } = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(KERNEL, 'base64')));
    this.memory = exports.memory as WebAssembly.Memory;
    this.scan = exports.truePeak as (length: number, tp: number, gain: number) => number;
    new Float32Array(this.memory.buffer, 0, 3 * LOBES).set([...SUM, ...DIFF, ...MID]);
  }

  /** Room for `length` samples (and a step's overrun), to be filled before `truePeak`. */
  samples(length: number): Float32Array {
    const bytes = EXT + 4 * (length + 4);
    if (bytes > this.memory.buffer.byteLength) this.memory.grow(Math.ceil((bytes - this.memory.buffer.byteLength) / PAGE));
    if (this.view.buffer !== this.memory.buffer || this.view.length < length)
      this.view = new Float32Array(this.memory.buffer, EXT, length + 4);
    return this.view.subarray(0, length);
  }

  /** The true peak after `tp` of the `length` samples written, as `interpolatedPeak` over all their points (length >= KERNEL_MIN_LENGTH). */
  truePeak(length: number, tp: number): number {
    return this.scan(length, tp, MAX_GAIN);
  }
}

let kernel: PeakKernel | null = null;
/** One per process: its memory is scratch, used synchronously. */
export const peakKernel = () => (kernel ??= new PeakKernel());
