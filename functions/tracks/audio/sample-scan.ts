/**
 * The technical report's per-sample work in WebAssembly SIMD (./sample-scan.wat), on one channel's run of
 * samples at a time: `scan` makes the samples safe in place and finds their sample peak, clips and true peak;
 * `weigh` then runs the K-weighting filters over them, four samples at a time, and sums the squares of each
 * 100 ms step. The meter (./loudness.ts) keeps every state between calls; the kernel's memory is scratch.
 * The analysis findings' kernel (./findings-scan.wat) shares that memory and reads the runs where they lie.
 */
import { kWeighting, type Biquad, type ChannelWeighting } from './k-weighting.js';
import { KERNEL as FINDINGS_KERNEL } from './findings-scan-kernel.js';
import { KERNEL } from './sample-scan-kernel.js';
import { FOLDED_TAPS, MAX_GAIN, TAPS } from '../../../shared/true-peak.js';

/**
 * Samples a run starts with, carried from the channel's previous run: the TAPS - 1 the first new point reads
 * before it, and three more so that a run of one new sample still gives the scan the four points it takes.
 * (The filters' groups of four need at most 3 samples left from a run, and the 2 before them.)
 */
export const CARRIED = TAPS + 2;
/** Samples the filters take at a time. */
export const GROUP = 4;

/** The kernel's memory (bytes): see ./sample-scan.wat. */
const TAPS_AT = 0;
const PEAK_AT = 96;
const CLIPS_AT = 100;
const FILTERS_AT = 128;
const STATE_AT = 336;
/** The filters' state (SimdWeighting's). */
const STATE_BYTES = 96;
/** The findings' state (./findings-scan.wat). */
const FINDINGS_AT = 512;
export const FINDINGS_STATE = 28;
/** The sums of a findings step (STEP_FIELDS, ./finding-rules.ts). */
const FINDINGS_FIELDS = 14;
const RUNS_AT = 768;
/** Floats after each run, which a step of four may read past its end. */
const SPARE = 4;
/** The shortest 100 ms step (at 1 kHz, the lowest rate measured), for the room the steps' sums take. */
const MIN_STEP = 100;
const PAGE = 65536;

export interface RunScan {
  /** The true peak so far, the run's points included. */
  truePeak: number;
  /** The run's largest |sample|, once made safe. */
  samplePeak: number;
  /** Samples in runs of 3 or more at full scale, up to the run's last two (counted with the next run). */
  clips: number;
}

const four = (v: number) => [v, v, v, v];

/**
 * Told by the findings' kernel as a run ends at `frame`: of full scale (kind 0) or of silence (1), `run` frames
 * long; a silence's `edge` is the smaller of the largest |sample| just before it and just after it.
 */
export type RunEnded = (kind: number, frame: number, run: number, edge: number) => void;

/** What the kernel's filters take for a biquad: g[1..3] (each four times), then alpha and beta by lane. */
function lookAhead({ a1, a2 }: Biquad): number[] {
  const g = [1, -a1];
  const alpha = [-a1, a1 * a1 - a2];
  const beta = [-a2, a1 * a2];
  for (let k = 2; k < GROUP; k++) {
    g.push(-a1 * g[k - 1] - a2 * g[k - 2]);
    alpha.push(-a1 * alpha[k - 1] - a2 * alpha[k - 2]);
    beta.push(-a1 * beta[k - 1] - a2 * beta[k - 2]);
  }
  // g[j] multiplies the group's inputs j lanes back: lanes 0 .. j - 1 have none in the group (./sample-scan.wat).
  return [0, g[1], g[1], g[1], 0, 0, g[2], g[2], 0, 0, 0, g[3], ...alpha, ...beta];
}

/** The kernel's filter coefficients for K-weighting `[shelf, highPass]` (the high-pass's b are 1, -2, 1). */
function filterCoefficients([shelf, highPass]: [Biquad, Biquad]): Float32Array {
  return Float32Array.from([...four(shelf.b0), ...four(shelf.b1), ...four(shelf.b2), ...lookAhead(shelf), ...lookAhead(highPass)]);
}

export class SampleScan {
  private readonly memory: WebAssembly.Memory;
  private stride = 0;
  private ended = 0;
  private findingsOut = 0;
  private readonly scanKernel: (at: number, length: number, fresh: number, tp: number, gain: number) => number;
  private readonly weighKernel: (at: number, groups: number, first: number, step: number, out: number) => number;
  private readonly findingsKernel: (
    runs: number,
    stride: number,
    channels: number,
    from: number,
    to: number,
    frame: number,
    step: number,
    state: number,
    out: number,
  ) => number;
  private runEnded: RunEnded = () => {};
  private findingsState = new Float64Array(0);

  constructor() {
    const { exports } = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(KERNEL, 'base64')));
    this.memory = exports.memory as WebAssembly.Memory;
    this.scanKernel = exports.scan as SampleScan['scanKernel'];
    this.weighKernel = exports.weigh as SampleScan['weighKernel'];
    new Float32Array(this.memory.buffer, TAPS_AT, FOLDED_TAPS.length).set(FOLDED_TAPS);
    const findings = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(FINDINGS_KERNEL, 'base64')), {
      env: {
        memory: this.memory,
        ended: (kind: number, frame: number, run: number, edge: number) => this.runEnded(kind, frame, run, edge),
      },
    });
    this.findingsKernel = findings.exports.scan as SampleScan['findingsKernel'];
  }

  /**
   * `count` runs of `length` samples (CARRIED + new ones), to be filled then scanned; valid until the memory
   * grows. A run stays where it is from one call to the next for the same count (the stride between runs only
   * grows), so new samples written into a run before the next call are found there.
   */
  runs(count: number, length: number): Float32Array[] {
    // Whole steps of four, then the spare floats, so that each run starts 16-byte aligned.
    this.stride = Math.max(this.stride, 4 * (4 * Math.ceil(length / 4) + SPARE));
    // After the runs, room for the sums of the steps that a run's samples can end.
    this.ended = RUNS_AT + count * this.stride;
    const steps = Math.ceil(length / MIN_STEP) + 1;
    // Then the findings' steps that a run's samples can end (the first may end at its first sample).
    this.findingsOut = this.ended + 8 * steps;
    const bytes = this.findingsOut + 8 * FINDINGS_FIELDS * (steps + 1);
    const have = this.memory.buffer.byteLength;
    if (bytes > have) this.memory.grow(Math.ceil((bytes - have) / PAGE));
    return Array.from({ length: count }, (_, i) => new Float32Array(this.memory.buffer, RUNS_AT + i * this.stride, length));
  }

  /** Scans a run from `runs` (at least CARRIED + 1 samples), after a true peak of `truePeak` so far. */
  scan(run: Float32Array, truePeak: number): RunScan {
    const tp = this.scanKernel(run.byteOffset, run.length, CARRIED, truePeak, MAX_GAIN);
    const view = new DataView(this.memory.buffer);
    return { truePeak: tp, samplePeak: view.getFloat32(PEAK_AT, true), clips: view.getInt32(CLIPS_AT, true) };
  }

  /**
   * The findings' kernel (./findings-scan.wat) over the `n` new frames of the last `runs` (each channel's, their
   * samples safe), the first of them frame `frame` of the rate; steps end every `step` frames. `state` is the
   * findings' (FINDINGS_STATE doubles in the kernel's layout, the open step's sums first), kept by the caller.
   * Returns the sums of the steps that ended (FINDINGS_FIELDS each), valid until the next call.
   */
  findings(runs: Float32Array[], n: number, frame: number, step: number, state: Float64Array, ended: RunEnded): Float64Array {
    // A view made again only when the memory has grown.
    if (this.findingsState.buffer !== this.memory.buffer)
      this.findingsState = new Float64Array(this.memory.buffer, FINDINGS_AT, FINDINGS_STATE);
    this.findingsState.set(state);
    this.runEnded = ended;
    const count = this.findingsKernel(
      runs[0].byteOffset,
      this.stride,
      runs.length,
      CARRIED,
      CARRIED + n,
      frame,
      step,
      FINDINGS_AT,
      this.findingsOut,
    );
    state.set(this.findingsState);
    return new Float64Array(this.memory.buffer, this.findingsOut, count * FINDINGS_FIELDS);
  }

  /** The kernel's `weigh` (see SimdWeighting), with `filters` and `state` in its layout. */
  weigh(
    run: Float32Array,
    from: number,
    groups: number,
    filters: Float32Array,
    state: Uint8Array,
    first: number,
    step: number,
  ): Float64Array {
    const bytes = new Uint8Array(this.memory.buffer);
    bytes.set(new Uint8Array(filters.buffer, filters.byteOffset, filters.byteLength), FILTERS_AT);
    bytes.set(state, STATE_AT);
    const ended = this.weighKernel(run.byteOffset + 4 * from, groups, first, step, this.ended);
    state.set(bytes.subarray(STATE_AT, STATE_AT + STATE_BYTES));
    return new Float64Array(this.memory.buffer, this.ended, ended);
  }
}

/**
 * K-weighting in the kernel, four samples per step in single precision (./sample-scan.wat): within 0.01 LU of
 * doubles up to 48 kHz, not at 192 kHz (./loudness.ts chooses).
 */
export class SimdWeighting implements ChannelWeighting {
  private coefficients: Float32Array;
  /** The kernel's state: the last group's shelf and high-pass outputs, the squares and sums by lane (./sample-scan.wat). */
  private readonly state = new Uint8Array(STATE_BYTES);

  constructor(rate: number) {
    this.coefficients = filterCoefficients(kWeighting(rate));
  }

  setRate(rate: number) {
    this.coefficients = filterCoefficients(kWeighting(rate));
    // The unfinished step's squares are left out (./loudness.ts), its samples' sum is kept.
    new Float32Array(this.state.buffer, 32, 4).fill(0);
  }

  weigh(run: Float32Array, from: number, groups: number, first: number, step: number): Float64Array {
    return sampleScan().weigh(run, from, groups, this.coefficients, this.state, first, step);
  }

  get sum(): number {
    const steps = new Float64Array(this.state.buffer, 64, 4);
    const step = new Float32Array(this.state.buffer, 48, 4);
    return steps[0] + steps[1] + steps[2] + steps[3] + (step[0] + step[1] + step[2] + step[3]);
  }
}

let shared: SampleScan | null = null;
/** One per process, used synchronously. */
export const sampleScan = () => (shared ??= new SampleScan());
