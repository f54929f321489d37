/**
 * The technical report of a track, measured from the samples the processing already decodes, chunk by chunk:
 * - loudness per ITU-R BS.1770-4: K-weighted (a high shelf, then a high-pass, designed for the sample rate),
 *   squares per 100 ms step, 400 ms blocks every step (75% overlap), an absolute gate at -70 LUFS and a
 *   relative one 10 LU below the loudness of the blocks above it;
 * - loudness range per EBU Tech 3342: 3 s short-term loudness every step, gated at -70 LUFS and 20 LU below,
 *   the spread between the 10th and the 95th percentiles;
 * - true peak: 4x oversampled (shared/true-peak.ts); sample peak; clipped samples (runs of 3 or more at full scale);
 * - DC offset; stereo correlation; the short-term loudness at the end of every second, for a lane under the
 *   waveform.
 * The per-sample work (peaks, clips, filters and their sums) runs in WebAssembly SIMD (./sample-scan.ts); above
 * SIMD_MAX_RATE the filters run in doubles, as single precision moves the high-pass's poles (near 1 there).
 * Memory grows only with the blocks' energies (8 bytes per 100 ms: 1.2 MB for 4 hours).
 */
import { ExactWeighting, type ChannelWeighting } from './k-weighting.js';
import { CARRIED, GROUP, sampleScan, SimdWeighting } from './sample-scan.js';
import { Doubles } from './doubles.js';
import { defaultLayout, loudnessWeights, type Layout } from './channel-layout.js';
import { LOBES } from '../../../shared/true-peak.js';

/**
 * Float samples beyond this (+24 dBFS) or infinite are taken as this, NaN as silence (the scan makes them
 * so): no value breaks the report.
 */
const LIMIT = 16;
/** Above this rate the filters run in doubles (ExactWeighting), below in the kernel's single precision. */
const SIMD_MAX_RATE = 48000;
const STEPS_PER_SECOND = 10;
const MIN_RATE = 1000;
const BLOCK_SECONDS = 0.4;
const SHORT_TERM_SECONDS = 3;
const ABSOLUTE_GATE = -70;

const lufs = (energy: number) => (energy > 0 ? -0.691 + 10 * Math.log10(energy) : -Infinity);
const energyOf = (loudness: number) => 10 ** ((loudness + 0.691) / 10);

class Channel {
  /** The K-weighting filters, with the squares of the step so far and the sum of the samples. */
  filters: ChannelWeighting | null = null;
  /** Samples the current filters have not seen: of earlier filters, and at a change of rate up to GROUP - 1. */
  unweighedSum = 0;
  /** The last samples, which the next run starts with. */
  carried = new Float32Array(CARRIED);
  constructor(readonly weight: number) {}
}

export interface TechnicalReport {
  /** Integrated loudness (LUFS); -70 when nothing passes the absolute gate. */
  integratedLufs: number;
  /** Loudness range (LU). */
  loudnessRange: number;
  /** dBTP; null for silence. */
  truePeakDbtp: number | null;
  /** dBFS; null for silence. */
  samplePeakDbfs: number | null;
  clippedSamples: number;
  /** The mean of the samples of the channel furthest from zero, as a fraction of full scale. */
  dcOffset: number;
  /** Of the first two channels, -1 to 1; null for mono or silence. */
  stereoCorrelation: number | null;
  /** Short-term loudness (LUFS, 3 s ending at each second; -70 at least), one per second. */
  shortTermLufs: number[];
}

export class LoudnessMeter {
  /** Where each channel plays (./channel-layout.ts), when the container says; else what their count means. */
  layout?: Layout;
  private channels: Channel[] = [];
  private rate = 0;
  /** The step's length at this rate (100 ms, whole frames), and where the current one ends. */
  private step = 4800;
  private framesAtRate = 0;
  private stepEnd = 0;
  /** Frames at this rate through the filters: whole groups of four from the rate's first frame. */
  private weighed = 0;
  /** The weighted sums of squares of the steps ending in the current push. */
  private ended = new Float64Array(16);
  /** Weighted sums of squares of the steps, one per step. */
  private steps = new Doubles();
  private blocks = new Doubles();
  private shortTerm = new Doubles();
  private perSecond: number[] = [];
  private truePeak = 0;
  /** The last push had a point between samples above full scale (analysis then places it: ./findings.ts). */
  overInLastPush = false;
  private samplePeak = 0;
  private clipped = 0;
  private frames = 0;
  private lr = 0;
  private ll = 0;
  private rr = 0;

  /**
   * `n` frames of planar samples in [-1, 1] at `rate` (1 kHz or more, as the decoders take: steps of 100 frames
   * at least). Returns each channel's run (./sample-scan.ts), its samples made safe, for the findings to read
   * before anything else uses the kernel; none when nothing was measured.
   */
  push(channels: Float32Array[], n: number, rate: number): Float32Array[] {
    if (n === 0 || !(rate >= MIN_RATE)) return [];
    if (this.channels.length === 0) {
      const weights = loudnessWeights(this.layout?.length === channels.length ? this.layout : defaultLayout(channels.length));
      this.channels = channels.map((_, i) => new Channel(weights[i]));
    }
    if (rate !== this.rate) this.startRate(rate);
    const runs = this.scan(channels, n);
    this.weigh(runs, n);
    this.correlate(channels, n);
    this.frames += n;
    return runs;
  }

  /**
   * Where a decoder may write the next push's `n` frames of `channels` channels, sparing their copy into the
   * scan's memory. That memory is the process's: fill them and push without awaiting anything in between.
   */
  buffers(channels: number, n: number): Float32Array[] {
    return sampleScan()
      .runs(channels, CARRIED + n)
      .map((run) => run.subarray(CARRIED));
  }

  /** Scans each channel's run (./sample-scan.ts) and returns the runs, their samples made safe. */
  private scan(channels: Float32Array[], n: number): Float32Array[] {
    const scan = sampleScan();
    const runs = scan.runs(this.channels.length, CARRIED + n);
    this.overInLastPush = false;
    return runs.map((run, c) => {
      const ch = this.channels[c];
      run.set(ch.carried, 0);
      const fresh = channels[c] ?? channels[0];
      // Samples decoded into `buffers` are in place already.
      if (fresh.buffer !== run.buffer || fresh.byteOffset !== run.byteOffset + 4 * CARRIED) run.set(fresh.subarray(0, n), CARRIED);
      // Points at or below full scale are skipped only up to it, so that a run with an over says so.
      const { truePeak, samplePeak, clips } = scan.scan(run, Math.min(this.truePeak, 1));
      if (truePeak > 1) this.overInLastPush = true;
      if (truePeak > this.truePeak) this.truePeak = truePeak;
      if (samplePeak > this.samplePeak) this.samplePeak = samplePeak;
      this.clipped += clips;
      ch.carried.set(run.subarray(n, n + CARRIED));
      return run;
    });
  }

  private startRate(rate: number) {
    // The samples of an unfinished group at the old rate are left out of the filters (a stream may change its
    // rate, some MP3 streams do), the unfinished step too.
    const left = this.framesAtRate - this.weighed;
    const simd = rate <= SIMD_MAX_RATE;
    for (const c of this.channels) {
      for (let i = CARRIED - left; i < CARRIED; i++) c.unweighedSum += c.carried[i];
      // The same kind of filters go on from where they are; the other kind starts afresh.
      if (c.filters && c.filters instanceof SimdWeighting === simd) c.filters.setRate(rate);
      else {
        c.unweighedSum += c.filters?.sum ?? 0;
        c.filters = simd ? new SimdWeighting(rate) : new ExactWeighting(rate);
      }
    }
    this.rate = rate;
    this.framesAtRate = 0;
    this.weighed = 0;
    this.step = Math.floor(rate / STEPS_PER_SECOND);
    this.stepEnd = this.step;
  }

  /**
   * The filters over the whole groups of four that the runs complete (the push's `n` frames, after any left
   * by the last push), then the steps that ended, closed in order once every channel has been through them.
   * A push that ends inside a group leaves that group to the next (or to `result`), so how the samples are
   * chunked changes nothing.
   */
  private weigh(runs: Float32Array[], n: number, finalGroup = false) {
    const frames = this.framesAtRate + n;
    const groups = finalGroup ? 1 : Math.floor((frames - this.weighed) / GROUP);
    this.framesAtRate = frames;
    if (groups === 0) return;
    // Where the first group starts in the runs, and how many of its frames until the current step ends (in the
    // final group, padded with silence, a step ends only where real frames complete it).
    const from = CARRIED + this.weighed - (frames - n);
    const first = !finalGroup || this.stepEnd <= frames ? this.stepEnd - this.weighed : GROUP + 1;
    let count = 0;
    for (let c = 0; c < this.channels.length; c++) {
      const ch = this.channels[c];
      const sums = ch.filters!.weigh(runs[c], from, groups, first, this.step);
      if (c === 0) {
        count = sums.length;
        if (this.ended.length < count) this.ended = new Float64Array(count);
        this.ended.fill(0, 0, count);
      }
      for (let k = 0; k < count; k++) this.ended[k] += ch.weight * sums[k];
    }
    this.weighed += groups * GROUP;
    for (let k = 0; k < count; k++) this.closeStep(this.ended[k]);
  }

  /** The sums of the first two channels' raw samples for their correlation (NaN ones make it none). */
  private correlate(channels: Float32Array[], n: number) {
    if (channels.length < 2) return;
    const l = channels[0];
    const r = channels[1];
    let { lr, ll, rr } = this;
    for (let i = 0; i < n; i++) {
      lr += l[i] * r[i];
      ll += l[i] * l[i];
      rr += r[i] * r[i];
    }
    this.lr = lr;
    this.ll = ll;
    this.rr = rr;
  }

  /** Closes the step whose weighted sums of squares, over the channels, are `squares`. */
  private closeStep(squares: number) {
    this.steps.push(squares);
    this.stepEnd += this.step;
    const k = this.steps.length;
    const block = this.window(BLOCK_SECONDS);
    if (block !== null) this.blocks.push(block);
    const shortTerm = this.window(SHORT_TERM_SECONDS);
    if (shortTerm !== null) this.shortTerm.push(shortTerm);
    if (k % STEPS_PER_SECOND === 0) {
      const energy = shortTerm ?? mean(this.steps.view(), 0, k) / this.step;
      this.perSecond.push(Math.max(ABSOLUTE_GATE, round(lufs(energy), 1)));
    }
  }

  /**
   * The weighted mean square of the last `seconds` of samples at the step just closed, null until that much has
   * been measured. A step is floor(rate / 10) frames, so the window may take a part of one more step than it
   * spans whole (2 frames of 1102 at 11.025 kHz): that part is taken at its step's mean.
   */
  private window(seconds: number): number | null {
    const frames = Math.floor(this.rate * seconds);
    const whole = Math.floor(frames / this.step);
    const part = (frames - whole * this.step) / this.step;
    const k = this.steps.length;
    if (k < whole + (part > 0 ? 1 : 0)) return null;
    const all = this.steps.values;
    let sum = part > 0 ? part * all[k - whole - 1] : 0;
    for (let i = k - whole; i < k; i++) sum += all[i];
    return sum / frames;
  }

  /** The report, once every sample has been pushed (it measures what follows the last ones as silence). */
  result(): TechnicalReport {
    // The last samples' points, clips and unfinished group need what follows them: silence.
    if (this.frames > 0) {
      const runs = this.scan(
        this.channels.map(() => new Float32Array(LOBES + 1)),
        LOBES + 1,
      );
      if (this.framesAtRate > this.weighed) this.weigh(runs, 0, true);
    }
    const { samplePeak, clipped } = this;
    const dc = this.channels
      .map((c) => (this.frames ? ((c.filters?.sum ?? 0) + c.unweighedSum) / this.frames : 0))
      .reduce((a, b) => (Math.abs(b) > Math.abs(a) ? b : a), 0);
    const dbfs = (v: number) => (v > 0 ? round(20 * Math.log10(v), 2) : null);
    // NaN samples reach these sums unclamped: a correlation that is not a number is none.
    const r = this.channels.length >= 2 && this.ll > 0 && this.rr > 0 ? this.lr / Math.sqrt(this.ll * this.rr) : NaN;
    const correlation = Number.isFinite(r) ? r : null;
    return {
      integratedLufs: round(integrated(this.blocks.view()), 2),
      loudnessRange: round(loudnessRange(this.shortTerm.view()), 2),
      truePeakDbtp: dbfs(Math.min(LIMIT, Math.max(this.truePeak, samplePeak))),
      samplePeakDbfs: dbfs(samplePeak),
      clippedSamples: clipped,
      dcOffset: round(dc, 6),
      stereoCorrelation: correlation === null ? null : round(correlation, 3),
      shortTermLufs: this.perSecond,
    };
  }
}

function mean(values: Float64Array, from: number, to: number): number {
  let s = 0;
  for (let i = from; i < to; i++) s += values[i];
  return s / (to - from);
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** BS.1770-4's gated loudness of the 400 ms blocks (-70 when none passes the absolute gate). */
export function integrated(blocks: Float64Array): number {
  const absolute = energyOf(ABSOLUTE_GATE);
  let sum = 0;
  let count = 0;
  for (const e of blocks)
    if (e > absolute) {
      sum += e;
      count++;
    }
  if (!count) return ABSOLUTE_GATE;
  const relative = energyOf(lufs(sum / count) - 10);
  let gated = 0;
  let kept = 0;
  for (const e of blocks)
    if (e > absolute && e > relative) {
      gated += e;
      kept++;
    }
  return Math.max(ABSOLUTE_GATE, lufs(gated / kept));
}

/** EBU Tech 3342's loudness range of the short-term values (0 when fewer than two pass the gates). */
export function loudnessRange(shortTerm: Float64Array): number {
  const absolute = energyOf(ABSOLUTE_GATE);
  const above = [...shortTerm].filter((e) => e > absolute);
  if (above.length < 2) return 0;
  const relative = energyOf(lufs(above.reduce((s, e) => s + e, 0) / above.length) - 20);
  const kept = above
    .filter((e) => e > relative)
    .map(lufs)
    .sort((a, b) => a - b);
  if (kept.length < 2) return 0;
  const at = (p: number) => kept[Math.min(kept.length - 1, Math.max(0, Math.round((p / 100) * (kept.length - 1))))];
  return at(95) - at(10);
}
