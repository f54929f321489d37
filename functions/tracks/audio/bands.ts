/**
 * The tonal balance and stereo width that a reference comparison reads (shared/reference-compare.ts): the
 * energy of four broad bands (REFERENCE_BANDS) of the mid and of the side, split by second-order Butterworth
 * low- and high-passes at each corner. A Butterworth pair at one corner is power complementary (|LP|^2 +
 * |HP|^2 = 1), so the bands' energies add up to the whole and none is counted twice. A chain of splits, each
 * high-pass feeding the next corner: six biquads per signal, about 40 ns a frame in all, for a run that
 * measures a reference and its version once.
 */
import { REFERENCE_BANDS, type BandBalance } from '../../../shared/reference-compare.js';
import type { PcmSink } from './measure.js';
import { defaultLayout, foldDownGains, type Layout } from './channel-layout.js';

/** One biquad's coefficients (RBJ's cookbook, Q = 1/sqrt(2)) and its state (transposed direct form II). */
class Biquad {
  private z1 = 0;
  private z2 = 0;
  constructor(
    private readonly b0: number,
    private readonly b1: number,
    private readonly b2: number,
    private readonly a1: number,
    private readonly a2: number,
  ) {}

  static pass(kind: 'low' | 'high', hz: number, rate: number): Biquad {
    const w = (2 * Math.PI * hz) / rate;
    const alpha = Math.sin(w) / Math.SQRT2;
    const cos = Math.cos(w);
    const a0 = 1 + alpha;
    // b0 = b2 = (1 -/+ cos) / 2, b1 = +/-(1 -/+ cos): low / high.
    const edge = (kind === 'low' ? 1 - cos : 1 + cos) / 2 / a0;
    return new Biquad(edge, kind === 'low' ? 2 * edge : -2 * edge, edge, (-2 * cos) / a0, (1 - alpha) / a0);
  }

  next(x: number): number {
    const y = this.b0 * x + this.z1;
    this.z1 = this.b1 * x - this.a1 * y + this.z2;
    this.z2 = this.b2 * x - this.a2 * y;
    return y;
  }
}

/** A corner closer to Nyquist than this share of the rate leaves the band above it empty (a 16 kHz file has no air band). */
const NYQUIST_SHARE = 0.45;

/** The splits of one signal (mid or side): at each corner a low-pass (the band below) and a high-pass (the rest). */
class Splitter {
  private readonly splits: { low: Biquad; high: Biquad }[];
  /** Energy per band, the last the high-pass past the last corner. */
  readonly energy = new Float64Array(REFERENCE_BANDS.length);

  constructor(rate: number) {
    this.splits = REFERENCE_BANDS.slice(0, -1).map((band) => ({
      low: Biquad.pass('low', band.upToHz!, rate),
      high: Biquad.pass('high', band.upToHz!, rate),
    }));
    this.usable = REFERENCE_BANDS.slice(0, -1).filter((b) => b.upToHz! < NYQUIST_SHARE * rate).length;
  }

  /** Corners the rate can carry: bands past the last of them stay empty, the whole of the rest in the band at it. */
  private readonly usable: number;

  push(x: number) {
    let rest = x;
    for (let i = 0; i < this.usable; i++) {
      const { low, high } = this.splits[i];
      const below = low.next(rest);
      this.energy[i] += below * below;
      rest = high.next(rest);
    }
    this.energy[this.usable] += rest * rest;
  }
}

/** Band energies of the mid and the side, pushed as the decoders give the samples. */
export class BandMeter implements PcmSink {
  private mid: Splitter | null = null;
  private side: Splitter | null = null;
  private rate = 0;
  private readonly total = { mid: new Float64Array(REFERENCE_BANDS.length), side: new Float64Array(REFERENCE_BANDS.length) };

  /** `n` frames of planar samples; a mono stream is all mid, a surround one folded down to two channels. */
  write(channels: Float32Array[], n: number, rate: number) {
    if (n === 0 || !(rate > 0) || channels.length === 0) return;
    if (rate !== this.rate) this.startRate(rate);
    const [l, r] = channels.length > 2 ? this.foldDown(channels, n) : [channels[0], channels[1] ?? channels[0]];
    const mid = this.mid!;
    const side = this.side!;
    for (let i = 0; i < n; i++) {
      mid.push((l[i] + r[i]) / 2);
      side.push((l[i] - r[i]) / 2);
    }
  }

  private folded: Float32Array[] = [];
  private layout?: Layout;

  /** Where each channel plays (./channel-layout.ts), when the container says; else what their count means. */
  speakers(layout: Layout) {
    this.layout = layout;
  }

  /** Surround channels down to left and right (./channel-layout.ts foldDownGains). */
  private foldDown(channels: Float32Array[], n: number): Float32Array[] {
    if (!this.folded.length || this.folded[0].length < n) this.folded = [new Float32Array(n), new Float32Array(n)];
    const gains = foldDownGains(this.layout?.length === channels.length ? this.layout : defaultLayout(channels.length));
    return this.folded.map((out, side) => {
      out.fill(0, 0, n);
      channels.forEach((c, i) => {
        const g = gains[side][i];
        if (g) for (let k = 0; k < n; k++) out[k] += g * c[k];
      });
      return out.subarray(0, n);
    });
  }

  private startRate(rate: number) {
    this.keep();
    this.rate = rate;
    this.mid = new Splitter(rate);
    this.side = new Splitter(rate);
  }

  /** Adds the current rate's energies to the totals (a stream may change its rate). */
  private keep() {
    if (!this.mid || !this.side) return;
    for (let b = 0; b < REFERENCE_BANDS.length; b++) {
      this.total.mid[b] += this.mid.energy[b];
      this.total.side[b] += this.side.energy[b];
    }
    this.mid = null;
    this.side = null;
  }

  /** Each band's share of the whole (dB) and its width (the side's share of the band's energy, 0 to 1); null when silent. */
  result(): BandBalance[] | null {
    this.keep();
    const band = (b: number) => this.total.mid[b] + this.total.side[b];
    const whole = REFERENCE_BANDS.reduce((sum, _, b) => sum + band(b), 0);
    if (!(whole > 0)) return null;
    return REFERENCE_BANDS.map((_, b) => {
      const energy = band(b);
      return energy > whole * 1e-10
        ? { shareDb: round(10 * Math.log10(energy / whole)), width: round(this.total.side[b] / energy, 3) }
        : { shareDb: null, width: null };
    });
  }
}

const round = (v: number, places = 2) => Math.round(v * 10 ** places) / 10 ** places;
