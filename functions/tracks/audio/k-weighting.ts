/** BS.1770's K-weighting filters, designed for any sample rate. */

/** A biquad's coefficients, a0 = 1. */
export interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/**
 * BS.1770's two stages at any rate, by the bilinear transform of their analogue prototypes (at 48 kHz they are
 * the standard's published coefficients): a +4 dB shelf above about 1.7 kHz, and a high-pass at 38 Hz.
 */
export function kWeighting(rate: number): [Biquad, Biquad] {
  const shelf = (() => {
    const f0 = 1681.974450955533;
    const gainDb = 3.999843853973347;
    const q = 0.7071752369554196;
    const k = Math.tan((Math.PI * f0) / rate);
    const vh = 10 ** (gainDb / 20);
    const vb = vh ** 0.4996667741545416;
    const a0 = 1 + k / q + k * k;
    return {
      b0: (vh + (vb * k) / q + k * k) / a0,
      b1: (2 * (k * k - vh)) / a0,
      b2: (vh - (vb * k) / q + k * k) / a0,
      a1: (2 * (k * k - 1)) / a0,
      a2: (1 - k / q + k * k) / a0,
    };
  })();
  const highPass = (() => {
    const f0 = 38.13547087602444;
    const q = 0.5003270373238773;
    const k = Math.tan((Math.PI * f0) / rate);
    const a0 = 1 + k / q + k * k;
    return { b0: 1, b1: -2, b2: 1, a1: (2 * (k * k - 1)) / a0, a2: (1 - k / q + k * k) / a0 };
  })();
  return [shelf, highPass];
}

/**
 * A channel's K-weighting filters and their sums, run over whole groups of four samples (aligned to the first
 * frame at the rate, so that chunking changes nothing), with the squares summed per 100 ms step.
 */
export interface ChannelWeighting {
  /**
   * Filters `groups` groups of four samples of `run` from `from` (at least 2: the two before are read). The
   * current step ends after `first` of these samples (1 or more), the next every `step`: returns the sums of
   * squares of the steps that ended (valid until the next call).
   */
  weigh(run: Float32Array, from: number, groups: number, first: number, step: number): Float64Array;
  /** The filters for another rate, the state kept; the unfinished step's squares dropped. */
  setRate(rate: number): void;
  /** The sum of the samples filtered. */
  readonly sum: number;
}

/** In doubles, a sample at a time: where single precision is not enough (high rates: ./loudness.ts). */
export class ExactWeighting implements ChannelWeighting {
  private shelf: Biquad;
  private highPass: Biquad;
  // Direct form I: the shelf's inputs x and outputs m, the high-pass's outputs y.
  private x1 = 0;
  private x2 = 0;
  private m1 = 0;
  private m2 = 0;
  private y1 = 0;
  private y2 = 0;
  private squares = 0;
  sum = 0;
  private ended = new Float64Array(16);

  constructor(rate: number) {
    [this.shelf, this.highPass] = kWeighting(rate);
  }

  setRate(rate: number) {
    [this.shelf, this.highPass] = kWeighting(rate);
    this.squares = 0;
  }

  weigh(run: Float32Array, from: number, groups: number, first: number, step: number): Float64Array {
    const { b0, b1, b2, a1, a2 } = this.shelf;
    const { a1: h1, a2: h2 } = this.highPass;
    let { x1, x2, m1, m2, y1, y2, squares, sum } = this;
    const to = from + groups * 4;
    const most = Math.ceil((to - from) / step) + 1;
    if (this.ended.length < most) this.ended = new Float64Array(most);
    let ended = 0;
    for (let i = from, until = first; i < to; i++) {
      const v = run[i];
      // The feedback terms last: each output waits on the previous one through one multiply and one add.
      const m = b0 * v + b1 * x1 + b2 * x2 - a2 * m2 - a1 * m1;
      // The high-pass reads the shelf's output: its input history is the shelf's.
      const y = m - 2 * m1 + m2 - h2 * y2 - h1 * y1;
      x2 = x1;
      x1 = v;
      m2 = m1;
      m1 = m;
      y2 = y1;
      y1 = y;
      squares += y * y;
      sum += v;
      if (--until === 0) {
        this.ended[ended++] = squares;
        squares = 0;
        until = step;
      }
    }
    // Field by field: an object spread here cost more than the loop at 100 ms steps.
    this.x1 = x1;
    this.x2 = x2;
    this.m1 = m1;
    this.m2 = m2;
    this.y1 = y1;
    this.y2 = y2;
    this.squares = squares;
    this.sum = sum;
    return this.ended.subarray(0, ended);
  }
}
