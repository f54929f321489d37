/**
 * A streaming band-limited resampler of 16-bit samples, as ffmpeg's swresample resamples them by default: each
 * output sample interpolated from the input by a Kaiser-windowed sinc (TAPS taps, more as the rate is lowered),
 * its coefficients rounded to 16 bits and summed in integers, the input's ends mirrored beyond them. The
 * Opus codec preview (./opus-codec.ts) feeds its encoder this way, at the rate libopus takes nearest the
 * master's, as ffmpeg feeds libopus the preview's 16-bit master: on the codec set's excerpts and the unit test's
 * signals (44.1 to 48 kHz, 32 to 24 kHz) it gives ffmpeg's own samples, as many as it gives.
 */

/** Taps per output sample: 32, as swresample's default filter (more as a rate is lowered, with its cut-off). */
const TAPS = 32;
/** Kaiser window beta (swresample's default is 9). */
const BETA = 9;
/**
 * The cut-off as a share of the output's Nyquist frequency (swresample's default 0.97), at most the input's: a
 * rate raised keeps all the input has.
 */
const CUTOFF = 0.97;
/** The most filter phases: where the rates' ratio has more, a position is rounded to the nearest of these. */
const PHASES = 1024;
/** 16-bit full scale: a sample s is s / ONE, and so is a coefficient. */
const ONE = 32768;

function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 30; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
  }
  return sum;
}

/** To the nearest integer, a half to the even one (as C's lrintf). */
function rint(v: number): number {
  const r = Math.round(v);
  return r - v === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

const clip16 = (v: number) => Math.max(-ONE, Math.min(ONE - 1, v));

/**
 * The filter for each of `phases` fractional positions (the last at the next input sample), `taps` long, tap j
 * reading the input `j - center` from the sample at or before the point, in 16-bit coefficients, all scaled by
 * the gain at DC of the first (the one at the input's own samples), as swresample scales them.
 */
function filterBank(cut: number, taps: number, center: number, phases: number): Int32Array[] {
  const bank = Array.from({ length: phases + 1 }, (_, p) =>
    Float64Array.from({ length: taps }, (_, j) => {
      const x = j - center - p / phases;
      const w = besselI0(BETA * Math.sqrt(Math.max(0, 1 - ((2 * x) / taps) ** 2)));
      return x === 0 ? w : (Math.sin(Math.PI * cut * x) / (Math.PI * cut * x)) * w;
    }),
  );
  const dc = bank[0].reduce((a, b) => a + b, 0);
  return bank.map((h) => Int32Array.from(h, (v) => clip16(rint(Math.fround((v * ONE) / dc)))));
}

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);

export class Resampler {
  /**
   * Positions are counted in units of 1 / `units` input sample: output n is at n x `advance` units. Where the
   * rates' ratio has at most PHASES phases (44.1 to 48 kHz: 160), each has its own filter, as swresample's exact
   * rational mode takes them.
   */
  private readonly units: number;
  private readonly advance: number;
  private readonly taps: number;
  /** Taps before the input sample at or before the point. */
  private readonly center: number;
  private readonly bank: Int32Array[];
  /** Each channel's input not yet used up, in 16-bit steps, with what the next output reads before it. */
  private held: Int32Array[] = [];
  /** The next output's position in `held`, in units: the first is the input's first sample. */
  private at: number;

  constructor(
    readonly from: number,
    readonly to: number,
  ) {
    const g = gcd(from, to);
    this.units = to / g;
    this.advance = from / g;
    const cut = Math.min(1, (CUTOFF * to) / from);
    this.taps = Math.ceil(TAPS / cut);
    this.center = (this.taps - 1) >> 1;
    this.bank = filterBank(cut, this.taps, this.center, Math.min(this.units, PHASES));
    this.at = this.taps * this.units;
  }

  /** The filter for a position `phase` units past an input sample. */
  private filter(phase: number): Int32Array {
    return this.bank[this.units <= PHASES ? phase : Math.round((phase * PHASES) / this.units)];
  }

  /** Resamples a block of planar channels: output n is the input at n x from / to; the last few input samples wait for more (or `flush`). */
  push(channels: Float32Array[]): Float32Array[] {
    // Before the first sample, the first ones mirrored about it, as swresample starts.
    if (this.held.length === 0)
      this.held = channels.map((x) => Int32Array.from({ length: this.taps }, (_, i) => clip16(Math.round((x[this.taps - i] ?? 0) * ONE))));
    this.held = this.held.map((h, c) => {
      const joined = new Int32Array(h.length + channels[c].length);
      joined.set(h);
      const x = channels[c];
      for (let i = 0; i < x.length; i++) joined[h.length + i] = clip16(Math.round(x[i] * ONE));
      return joined;
    });
    const available = this.held[0].length;
    // An output reads up to `taps - center - 1` samples after the one at or before it.
    const count = Math.max(0, Math.ceil(((available - this.taps + this.center + 1) * this.units - this.at) / this.advance));
    const out = this.held.map(() => new Float32Array(count));
    for (let n = 0; n < count; n++) {
      const pos = this.at + n * this.advance;
      const base = Math.floor(pos / this.units);
      const h = this.filter(pos - base * this.units);
      const first = base - this.center;
      for (let c = 0; c < out.length; c++) {
        const x = this.held[c];
        // Summed in integers (exact here), rounded back to 16 bits.
        let y = ONE / 2;
        for (let j = 0; j < this.taps; j++) y += h[j] * x[first + j];
        out[c][n] = clip16(Math.floor(y / ONE)) / ONE;
      }
    }
    // Keep what the next outputs still read: from `center` before the next position on.
    const next = this.at + count * this.advance;
    const keepFrom = Math.max(0, Math.floor(next / this.units) - this.center);
    this.held = this.held.map((x) => x.slice(keepFrom));
    this.at = next - keepFrom * this.units;
    return out;
  }

  /** The rest: the last samples mirrored after the last (half the filter's taps), as swresample ends. */
  flush(): Float32Array[] {
    const reflected = (Math.min(this.taps, this.held[0]?.length ?? 0) + 1) >> 1;
    return this.held.length
      ? this.push(this.held.map((x) => Float32Array.from({ length: reflected }, (_, j) => x[x.length - 1 - j] / ONE)))
      : [];
  }
}
