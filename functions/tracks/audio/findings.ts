/**
 * Analysis findings (shared/findings.ts), measured in the same decode as the technical report: one pass over
 * the samples (./findings-scan.wat, on the report's runs) keeps a few sums per 100 ms step (levels, the band
 * below 120 Hz, a high-frequency proxy, the stereo products, the means) and the runs it sees as they pass
 * (full-scale samples, digital silence); the findings are read from those at the end, against the track's own
 * balance. Inter-sample overs need the true peak between samples: the report's kernel says which decoder
 * chunk has one, and only those chunks are interpolated here to place it. Memory grows with the steps only
 * (112 bytes per 100 ms: 16 MB for 4 hours).
 */
import { MAX_FINDINGS, type Finding } from '../../../shared/findings.js';
import {
  dcWindow,
  findClicks,
  findDc,
  findDropouts,
  findLowEnd,
  findMono,
  finding,
  lowEndWindow,
  mayBeClick,
  named,
  STEP_FIELDS,
  STEPS_PER_SECOND,
  WINDOW_SERIES,
  type Event,
  type StepField,
  type Steps,
} from './finding-rules.js';
import { ClickContext } from './click-context.js';
import { findJumps, jumpWindow } from './jump-rule.js';
import { Doubles } from './doubles.js';
import { CARRIED, FINDINGS_STATE, sampleScan } from './sample-scan.js';
import { BEHIND, PHASES, TAPS } from '../../../shared/true-peak.js';

/**
 * A sample at or above this is at full scale; CLIP_RUN of them in a row make a clip (as the report counts them).
 * The kernel holds the same, and a frame below -80 dBFS in every channel as silent.
 */
const FULL_SCALE = 0.9999;
const CLIP_RUN = 3;
/**
 * An over is told from where it shows (+0.05 dB says +0.1 dBTP): below that the interpolator's own error on
 * music (its 12 taps against a long sinc) is larger than the over.
 */
const OVER_MIN = 10 ** (0.05 / 20);
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
/** The low band takes every DECIMATE-th frame (the mean of four), slow by nature; the correlation takes every frame. */
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

/** Where the kernel's state (./findings-scan.wat) keeps what is not a step's sum, after STEP_FIELDS. */
const LP1 = STEP_FIELDS.length;
const LOW_COEFFICIENT = LP1 + 4;
const MID_COEFFICIENT = LP1 + 5;
const CLIP = LP1 + 6;
const SHORTEST_SILENCE = LP1 + 8;

export class FindingsMeter {
  private readonly steps: Steps;
  /** The steps' series in STEP_FIELDS' order, as the open step's sums are. */
  private readonly series: Doubles[];
  private rate = 0;
  private step = 4410;
  private secondsBefore = 0;
  private framesAtRate = 0;
  /** The kernel's state: the open step's sums (`acc`), then the filters and the open runs. */
  private readonly state = new Float64Array(FINDINGS_STATE);
  private readonly acc = this.state.subarray(0, STEP_FIELDS.length);
  private readonly clips = new Runs();
  private readonly overs = new Runs();
  private readonly silences: Event[] = [];
  /** The open step's largest residual's surroundings (Steps.context), once known, and the step and frame last measured. */
  private openContext = NaN;
  private measured = { step: -1, at: -1 };
  private readonly context = new ClickContext((step, value) => {
    if (step < this.steps.count) this.steps.context.values[step] = value;
    else this.openContext = value;
  });

  constructor() {
    const windows = Object.fromEntries(WINDOW_SERIES.map((w) => [w, new Doubles()])) as Steps['windows'];
    const steps = { count: 0, seconds: 0, context: new Doubles(), windows } as Steps;
    for (const f of STEP_FIELDS) steps[f] = new Doubles();
    this.steps = steps;
    this.series = STEP_FIELDS.map((f) => steps[f]);
  }

  private get seconds() {
    return this.secondsBefore + (this.rate ? this.framesAtRate / this.rate : 0);
  }

  /**
   * The report's `runs` of the push (./loudness.ts: each channel's CARRIED samples before, then `n` new ones,
   * made safe, in the kernel's memory); `over`: the report's kernel found a point between samples above full
   * scale in them.
   */
  push(runs: Float32Array[], n: number, rate: number, over = false) {
    if (n === 0 || !(rate > 0) || runs.length === 0) return;
    if (rate !== this.rate) this.startRate(rate);
    if (over) this.findOvers(runs, n);
    this.context.begin(runs, n, this.framesAtRate);
    const ended = sampleScan().findings(runs, n, this.framesAtRate, this.step, this.state, this.ended);
    for (let k = 0; k < ended.length; k += STEP_FIELDS.length) {
      const sums = ended.subarray(k, k + STEP_FIELDS.length);
      this.measureContext(sums);
      this.closeStep(sums);
    }
    this.measureContext(this.acc);
    this.context.close();
    this.framesAtRate += n;
  }

  /** A step's largest residual's surroundings, where it may be a click's and was set in this push (none measured it). */
  private measureContext(sums: ArrayLike<number>) {
    const at = sums[A.maxAt];
    const step = this.steps.count;
    if (!mayBeClick(sums[A.maxD], sums[A.max2]) || (this.measured.step === step && this.measured.at === at)) return;
    this.measured = { step, at };
    this.context.measure(step, at);
  }

  private startRate(rate: number) {
    if (this.acc[A.frames] > 0) this.closeStep();
    this.secondsBefore = this.seconds;
    this.framesAtRate = 0;
    this.rate = rate;
    this.context.startRate(rate);
    this.step = Math.max(1, Math.floor(rate / STEPS_PER_SECOND));
    // Two one-pole low-passes in a row at LOW_HZ: 12 dB an octave above it.
    this.state[LOW_COEFFICIENT] = 1 - Math.exp((-2 * Math.PI * LOW_HZ * DECIMATE) / rate);
    this.state[MID_COEFFICIENT] = 1 - Math.exp((-2 * Math.PI * MID_HZ * DECIMATE) / rate);
    // The kernel tells silences from this length on; `ended` applies the limits exactly.
    this.state[SHORTEST_SILENCE] = Math.max(1, Math.floor(DROPOUT_MIN_SECONDS * rate));
  }

  /** A run of full-scale frames (kind 0) or of silence (1) ended at `frame`, `run` frames long (RunEnded). */
  private readonly ended = (kind: number, frame: number, run: number, edge: number) => {
    if (kind === 0) this.clips.add(this.at(frame - run), this.at(frame), run, run);
    else {
      const seconds = run / this.rate;
      if (seconds >= DROPOUT_MIN_SECONDS && seconds <= DROPOUT_MAX_SECONDS && this.silences.length < 10 * MAX_FINDINGS)
        this.silences.push({ start: this.at(frame - run), end: this.at(frame), value: seconds, count: 1, edge });
    }
  };

  /** Seconds at frame `frame` of the current rate. */
  private at(frame: number) {
    return this.secondsBefore + frame / this.rate;
  }

  /** Keeps a step's sums and its largest residual's context: the open step's, which then start again, or one the kernel ended. */
  private closeStep(sums: ArrayLike<number> = this.acc) {
    for (let i = 0; i < this.series.length; i++) this.series[i].push(sums[i]);
    this.steps.context.push(this.openContext);
    this.openContext = NaN;
    this.steps.maxAt.values[this.steps.count] = this.at(sums[A.maxAt]);
    this.steps.count++;
    dcWindow(this.steps);
    lowEndWindow(this.steps);
    jumpWindow(this.steps);
    if (sums === this.acc) this.acc.fill(0);
  }

  /**
   * Places the points between samples above full scale in a chunk the kernel flagged, with the true-peak
   * phases (shared/true-peak.ts). A point next to a full-scale sample belongs to a clip, not to an over.
   */
  private findOvers(runs: Float32Array[], n: number) {
    for (const run of runs) {
      // The run's first CARRIED samples are the ones before: the interpolator reads BEHIND of them.
      const sample = (i: number) => run[CARRIED + i];
      for (let i = 0; i + TAPS - BEHIND < n; i++) {
        const here = Math.abs(sample(i));
        const next = Math.abs(sample(i + 1));
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
        if (peak >= OVER_MIN && !clipped) {
          const t = this.at(this.framesAtRate + i);
          this.overs.add(t, t + 1 / this.rate, 20 * Math.log10(peak));
        }
      }
    }
  }

  /** The findings, once every sample has been pushed. */
  result(): Finding[] {
    // A silence running to the end is the track's end, not a dropout.
    if (this.state[CLIP] >= CLIP_RUN) this.ended(0, this.framesAtRate, this.state[CLIP], 0);
    this.state[CLIP] = 0;
    if (this.acc[A.frames] > 0) this.closeStep();
    this.context.finish();
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
