/**
 * A streaming band-limited resampler: each output sample interpolated from the input by a Kaiser-windowed sinc
 * (TAPS taps, cut off just below the lower rate's Nyquist frequency), as ffmpeg's swresample does by default.
 * The Opus codec preview (./opus-codec.ts) feeds its encoder this way, at the rate libopus takes nearest the
 * master's, as ffmpeg feeds libopus.
 */

/** Taps per output sample: 32, as swresample's default filter. */
const TAPS = 32;
const HALF = TAPS / 2;
/** Kaiser window beta (swresample's default is 9). */
const BETA = 9;
/** The cut-off as a share of the lower Nyquist frequency (swresample's default 0.97). */
const CUTOFF = 0.97;
/** Filter phases the fractional positions are rounded to. */
const PHASES = 1024;

function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 30; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
  }
  return sum;
}

/** The filter for each of PHASES fractional positions, normalised to unity gain at DC. */
function filterBank(ratio: number): Float32Array[] {
  const cut = CUTOFF * Math.min(1, ratio);
  const norm = besselI0(BETA);
  return Array.from({ length: PHASES + 1 }, (_, p) => {
    const frac = p / PHASES;
    const h = new Float32Array(TAPS);
    let sum = 0;
    for (let j = 0; j < TAPS; j++) {
      // Tap j reads the input sample at (j - HALF + 1) from the one before the point.
      const x = j - HALF + 1 - frac;
      const w = Math.abs(x) >= HALF ? 0 : besselI0(BETA * Math.sqrt(1 - (x / HALF) ** 2)) / norm;
      const sinc = x === 0 ? 1 : Math.sin(Math.PI * cut * x) / (Math.PI * cut * x);
      h[j] = cut * sinc * w;
      sum += h[j];
    }
    for (let j = 0; j < TAPS; j++) h[j] /= sum;
    return h;
  });
}

export class Resampler {
  private readonly step: number;
  private readonly bank: Float32Array[];
  /** Each channel's input not yet used up, with what the next output reads before it (silence at first). */
  private held: Float32Array[] = [];
  /** The next output's position in `held`, in input samples: the first is the input's first sample. */
  private at = TAPS;

  constructor(
    readonly from: number,
    readonly to: number,
  ) {
    this.step = from / to;
    this.bank = filterBank(to / from);
  }

  /** Resamples a block of planar channels: output n is the input at n x from / to; the last HALF input samples wait for more (or `flush`). */
  push(channels: Float32Array[]): Float32Array[] {
    if (this.held.length === 0) this.held = channels.map(() => new Float32Array(TAPS));
    this.held = this.held.map((h, c) => {
      const joined = new Float32Array(h.length + channels[c].length);
      joined.set(h);
      joined.set(channels[c], h.length);
      return joined;
    });
    const available = this.held[0].length;
    const count = Math.max(0, Math.ceil((available - HALF - this.at) / this.step));
    const out = this.held.map(() => new Float32Array(count));
    for (let n = 0; n < count; n++) {
      const pos = this.at + n * this.step;
      const base = Math.floor(pos);
      const h = this.bank[Math.round((pos - base) * PHASES)];
      const first = base - HALF + 1;
      for (let c = 0; c < out.length; c++) {
        const x = this.held[c];
        let y = 0;
        for (let j = 0; j < TAPS; j++) y += h[j] * x[first + j];
        out[c][n] = y;
      }
    }
    // Keep what the next outputs still read: from TAPS before the next position on.
    const next = this.at + count * this.step;
    const keepFrom = Math.max(0, Math.floor(next) - HALF + 1);
    this.held = this.held.map((x) => x.slice(keepFrom));
    this.at = next - keepFrom;
    return out;
  }

  /** The rest, as if silence followed. */
  flush(): Float32Array[] {
    return this.held.length ? this.push(this.held.map(() => new Float32Array(TAPS))) : [];
  }
}
