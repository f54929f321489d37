/**
 * Analysis findings (shared/findings.ts), measured in the same decode as the technical report: one pass over
 * the samples keeps a few sums per 100 ms step (levels, the band below 120 Hz, a high-frequency proxy, the
 * stereo products, the means) and the runs it sees as they pass (full-scale samples, digital silence); the
 * findings are read from those at the end, against the track's own balance. Inter-sample overs need the
 * true peak between samples: the report's kernel says which decoder chunk has one, and only those chunks
 * are interpolated here to place it. Memory grows with the steps only (112 bytes per 100 ms: 16 MB for 4 hours).
 */
import { MAX_FINDINGS, type Finding } from '../../../shared/findings.js';
import {
  findClicks,
  findDc,
  findDropouts,
  findJumps,
  findLowEnd,
  findMono,
  finding,
  named,
  STEP_FIELDS,
  STEPS_PER_SECOND,
  type Event,
  type StepField,
  type Steps,
} from './finding-rules.js';
import { Doubles } from './doubles.js';
import { BEHIND, PHASES, TAPS } from './true-peak.js';

/** A sample at or above this is at full scale. */
const FULL_SCALE = 0.9999;
/** Full-scale samples in a row that make a clip (as the report counts them). */
const CLIP_RUN = 3;
/** Below this (-80 dBFS) a sample is silent. */
const SILENT = 1e-4;
/** A dropout lasts at least 3 ms and at most 1.5 s: longer silences are the music's rests. */
const DROPOUT_MIN_SECONDS = 0.003;
const DROPOUT_MAX_SECONDS = 1.5;
/** The low band's corner, and the low-mid band's (from LOW_HZ up: the spectral balance a jump keeps). */
const LOW_HZ = 120;
const MID_HZ = 1000;
/** Events of one kind closer than this make one finding. */
const MERGE_SECONDS = 0.5;
/** Where each field is in the open step's sums. */
const A = Object.fromEntries(STEP_FIELDS.map((f, i) => [f, i])) as Record<StepField, number>;
/** The low band and the correlation take every DECIMATE-th frame: both are slow by nature. */
const DECIMATE = 4;
/** Events merged as they come: one finding per run of events closer than MERGE_SECONDS. */
class Runs {
  readonly list: Event[] = [];
  add(start: number, end: number, value: number, count = 1) {
    const last = this.list.at(-1);
    if (last && start - last.end <= MERGE_SECONDS) {
      last.end = Math.max(last.end, end);
      last.value = Math.max(last.value, value);
      last.count += count;
    } else if (this.list.length < 10 * MAX_FINDINGS) this.list.push({ start, end, value, count });
  }
}

export class FindingsMeter {
  private readonly steps: Steps;
  private rate = 0;
  private step = 4410;
  private secondsBefore = 0;
  private framesAtRate = 0;
  /** The open step's sums. */
  private acc = new Float64Array(STEP_FIELDS.length);
  private lowCoefficient = 0;
  private midCoefficient = 0;
  private mp = 0;
  private lp1 = 0;
  private lp2 = 0;
  private lastMid = 0;
  /** Each channel's last four samples, for the prediction residuals. */
  private last1 = [0, 0];
  private last2 = [0, 0];
  private last3 = [0, 0];
  private last4 = [0, 0];
  private clip = 0;
  private silent = 0;
  private readonly clips = new Runs();
  private readonly overs = new Runs();
  private readonly silences: Event[] = [];
  /** The last samples of each channel, which an over at the start of a chunk reads. */
  private tail: Float32Array[] = [];

  constructor() {
    const steps = { count: 0, seconds: 0 } as Steps;
    for (const f of STEP_FIELDS) steps[f] = new Doubles();
    this.steps = steps;
  }

  private get seconds() {
    return this.secondsBefore + (this.rate ? this.framesAtRate / this.rate : 0);
  }

  /**
   * `n` frames of planar samples (made safe by the report's scan); `over`: the report's kernel found a point
   * between samples above full scale in them.
   */
  push(channels: Float32Array[], frameMax: Float32Array, n: number, rate: number, over = false) {
    if (n === 0 || !(rate > 0) || channels.length === 0) return;
    if (rate !== this.rate) this.startRate(rate);
    if (over) this.findOvers(channels, n);
    for (let i = 0; i < n;) {
      const fill = this.acc[0];
      const to = Math.min(n, i + (this.step - fill));
      this.scanSteps(channels, frameMax, i, to);
      i = to;
      if (this.acc[0] >= this.step) this.closeStep();
    }
    this.keepTail(channels, n);
  }

  private startRate(rate: number) {
    if (this.acc[0] > 0) this.closeStep();
    this.secondsBefore = this.seconds;
    this.framesAtRate = 0;
    this.rate = rate;
    this.step = Math.max(1, Math.floor(rate / STEPS_PER_SECOND));
    // Two one-pole low-passes in a row at LOW_HZ: 12 dB an octave above it.
    this.lowCoefficient = 1 - Math.exp((-2 * Math.PI * LOW_HZ * DECIMATE) / rate);
    this.midCoefficient = 1 - Math.exp((-2 * Math.PI * MID_HZ * DECIMATE) / rate);
  }

  /**
   * The per-sample work over frames [from, to) of the open step, in three tight loops: each channel's
   * prediction residuals (each sample against the cubic through its two neighbours either side: the largest
   * two apart, for clicks; their energy, the highs) and sum; the frames' largest |sample| for full-scale runs
   * and silences; and every DECIMATE-th frame's mid for the low band and both channels for the correlation.
   */
  private scanSteps(channels: Float32Array[], frameMax: Float32Array, from: number, to: number) {
    const a = this.acc;
    const base = this.framesAtRate - from;
    let hf = 0;
    for (let c = 0; c < Math.min(2, channels.length); c++) {
      const x = channels[c];
      let x1 = this.last1[c];
      let x2 = this.last2[c];
      let x3 = this.last3[c];
      let x4 = this.last4[c];
      let sum = 0;
      let max1 = a[A.maxD];
      let max1At = a[A.maxAt];
      let max2 = a[A.max2];
      for (let i = from; i < to; i++) {
        const v = x[i];
        // The sample two back against the cubic through the two either side of it: music, band-limited,
        // is predicted closely; a click (one sample off its neighbours) is not.
        const d = x2 - (4 * (x3 + x1) - x4 - v) / 6;
        x4 = x3;
        x3 = x2;
        x2 = x1;
        x1 = v;
        sum += v;
        const d2 = d * d;
        hf += d2;
        if (d2 > max2) {
          // The largest two that are more than two frames apart: a click stands alone, a transient does not.
          const at = base + i - 2;
          if (d2 > max1) {
            if (at - max1At > 2) max2 = max1;
            max1 = d2;
            max1At = at;
          } else if (at - max1At > 2) max2 = d2;
        }
      }
      this.last1[c] = x1;
      this.last2[c] = x2;
      this.last3[c] = x3;
      this.last4[c] = x4;
      a[c === 0 ? A.sumL : A.sumR] += sum;
      a[A.maxD] = max1;
      a[A.maxAt] = max1At;
      a[A.max2] = max2;
    }
    if (channels.length === 1) a[A.sumR] = a[A.sumL];
    let { clip, silent } = this;
    for (let i = from; i < to; i++) {
      const m = frameMax[i];
      if (m >= FULL_SCALE) clip++;
      else {
        if (clip) clip = this.endClip(base + i, clip);
        if (m < SILENT) silent++;
        else if (silent) silent = this.endSilence(base + i, silent);
      }
    }
    this.clip = clip;
    this.silent = silent;
    const left = channels[0];
    const right = channels.length > 1 ? channels[1] : left;
    const c = this.lowCoefficient;
    const cm = this.midCoefficient;
    let { lp1, lp2, lastMid, mp } = this;
    let mids = 0;
    let sq = 0,
      low = 0,
      slope = 0,
      lr = 0,
      ll = 0,
      rr = 0;
    // Each DECIMATE frames' mean first: its zeros fall where the frames left out would fold onto the low band.
    for (let i = from + ((DECIMATE - ((base + from) % DECIMATE)) % DECIMATE); i + DECIMATE <= to; i += DECIMATE) {
      const l = left[i];
      const r = right[i];
      const m = (l + r + left[i + 1] + right[i + 1] + left[i + 2] + right[i + 2] + left[i + 3] + right[i + 3]) * 0.125;
      lp1 += c * (m - lp1);
      lp2 += c * (lp1 - lp2);
      sq += m * m;
      low += lp2 * lp2;
      mp += cm * (m - mp);
      mids += (mp - lp2) * (mp - lp2);
      slope += (m - lastMid) * (m - lastMid);
      lastMid = m;
      lr += l * r;
      ll += l * l;
      rr += r * r;
    }
    this.lp1 = lp1;
    this.lp2 = lp2;
    this.mp = mp;
    a[A.mids] += mids;
    this.lastMid = lastMid;
    a[A.slope] += slope;
    a[A.frames] += to - from;
    a[A.sq] += sq * DECIMATE;
    a[A.low] += low * DECIMATE;
    a[A.hf] += hf;
    a[A.lr] += lr;
    a[A.ll] += ll;
    a[A.rr] += rr;
    this.framesAtRate += to - from;
  }

  /** Seconds at frame `frame` of the current rate. */
  private at(frame: number) {
    return this.secondsBefore + frame / this.rate;
  }

  private endClip(frame: number, run: number): number {
    if (run >= CLIP_RUN) this.clips.add(this.at(frame - run), this.at(frame), run, run);
    return 0;
  }

  private endSilence(frame: number, run: number): number {
    const seconds = run / this.rate;
    if (seconds >= DROPOUT_MIN_SECONDS && seconds <= DROPOUT_MAX_SECONDS && this.silences.length < 10 * MAX_FINDINGS)
      this.silences.push({ start: this.at(frame - run), end: this.at(frame), value: seconds, count: 1 });
    return 0;
  }

  private closeStep() {
    const a = this.acc;
    const s = this.steps;
    STEP_FIELDS.forEach((f, i) => s[f].push(f === 'maxAt' ? this.at(a[i]) : a[i]));
    s.count++;
    a.fill(0);
  }

  /**
   * Places the points between samples above full scale in a chunk the kernel flagged, with the true-peak
   * phases (./true-peak.ts). A point next to a full-scale sample belongs to a clip, not to an over.
   */
  private findOvers(channels: Float32Array[], n: number) {
    for (let c = 0; c < channels.length; c++) {
      const x = channels[c];
      const tail = this.tail[c];
      const sample = (i: number) => (i >= 0 ? x[i] : tail ? tail[tail.length + i] : 0);
      for (let i = 0; i + TAPS - BEHIND < n; i++) {
        const here = Math.abs(x[i]);
        const next = Math.abs(x[i + 1]);
        if (here < 0.7 && next < 0.7) continue;
        let peak = 0;
        let clipped = false;
        for (const phase of PHASES) {
          let y = 0;
          for (let j = 0; j < TAPS; j++) {
            const v = sample(i - BEHIND + j);
            if (v >= FULL_SCALE || v <= -FULL_SCALE) clipped = true;
            y += phase[j] * v;
          }
          if (Math.abs(y) > peak) peak = Math.abs(y);
        }
        if (peak > 1 && !clipped) {
          const t = this.at(this.framesAtRate + i);
          this.overs.add(t, t + 1 / this.rate, 20 * Math.log10(peak));
        }
      }
    }
  }

  private keepTail(channels: Float32Array[], n: number) {
    this.tail = channels.map((ch, c) => {
      const keep = this.tail[c]?.length === BEHIND ? this.tail[c] : new Float32Array(BEHIND);
      if (n >= BEHIND) keep.set(ch.subarray(n - BEHIND, n));
      else {
        keep.copyWithin(0, n);
        keep.set(ch.subarray(0, n), BEHIND - n);
      }
      return keep;
    });
  }

  /** The findings, once every sample has been pushed. */
  result(): Finding[] {
    // A silence running to the end is the track's end, not a dropout.
    if (this.clip) this.clip = this.endClip(this.framesAtRate, this.clip);
    if (this.acc[0] > 0) this.closeStep();
    this.steps.seconds = this.seconds;
    const clipRuns = this.clips.list;
    const dropouts = findDropouts(this.steps, this.silences);
    const found: Omit<Finding, 'id'>[] = [
      ...clipRuns.map((e) => finding('clip', e.start, e.end, e.count)),
      ...this.overs.list.map((e) => finding('over', e.start, e.end, e.value)),
      ...findMono(this.steps),
      ...dropouts,
      ...findClicks(this.steps, [...clipRuns, ...dropouts]),
      ...findJumps(this.steps, dropouts),
      ...findDc(this.steps),
      ...findLowEnd(this.steps),
    ];
    return named(found);
  }
}
