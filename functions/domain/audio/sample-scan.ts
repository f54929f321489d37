/**
 * The technical report's per-sample scans in WebAssembly SIMD (./sample-scan.wat), one channel's run of
 * samples at a time: the samples made safe in place, their sample peak, clips and true peak. What needs the
 * samples in order (the K-weighting filters) reads the safe samples after it (./loudness.ts).
 */
import { KERNEL } from './sample-scan-kernel.js';
import { FOLDED_TAPS, MAX_GAIN, TAPS } from './true-peak.js';

/**
 * Samples a run starts with, carried from the channel's previous run: the TAPS - 1 the first new point reads
 * before it, and three more so that a run of one new sample still gives the scan the four points it takes.
 */
export const CARRIED = TAPS + 2;

/** The kernel's memory: its taps, what a scan writes besides its result, the runs (each with 4 spare floats). */
const TAPS_AT = 0;
const PEAK_AT = 96;
const CLIPS_AT = 100;
const RUNS_AT = 128;
const SPARE = 4;
const PAGE = 65536;

export interface RunScan {
  /** The true peak so far, the run's points included. */
  truePeak: number;
  /** The run's largest |sample|, once made safe. */
  samplePeak: number;
  /** Samples in runs of 3 or more at full scale, up to the run's last two (counted with the next run). */
  clips: number;
}

export class SampleScan {
  private readonly memory: WebAssembly.Memory;
  private stride = 0;
  private readonly kernel: (at: number, length: number, fresh: number, tp: number, gain: number) => number;

  constructor() {
    const { exports } = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(KERNEL, 'base64')));
    this.memory = exports.memory as WebAssembly.Memory;
    this.kernel = exports.scan as SampleScan['kernel'];
    new Float32Array(this.memory.buffer, TAPS_AT, FOLDED_TAPS.length).set(FOLDED_TAPS);
  }

  /**
   * `count` runs of `length` samples (CARRIED + new ones), to be filled then scanned; valid until the memory
   * grows. A run stays where it is from one call to the next for the same count (the stride between runs only
   * grows), so new samples written into a run before the next call are found there.
   */
  runs(count: number, length: number): Float32Array[] {
    // Whole steps of four, then the spare floats, so that each run starts 16-byte aligned.
    this.stride = Math.max(this.stride, 4 * (4 * Math.ceil(length / 4) + SPARE));
    const bytes = RUNS_AT + count * this.stride;
    const have = this.memory.buffer.byteLength;
    if (bytes > have) this.memory.grow(Math.ceil((bytes - have) / PAGE));
    return Array.from({ length: count }, (_, i) => new Float32Array(this.memory.buffer, RUNS_AT + i * this.stride, length));
  }

  /** Scans a run from `runs` (at least CARRIED + 1 samples), after a true peak of `truePeak` so far. */
  scan(run: Float32Array, truePeak: number): RunScan {
    const tp = this.kernel(run.byteOffset, run.length, CARRIED, truePeak, MAX_GAIN);
    const view = new DataView(this.memory.buffer);
    return { truePeak: tp, samplePeak: view.getFloat32(PEAK_AT, true), clips: view.getInt32(CLIPS_AT, true) };
  }
}

let shared: SampleScan | null = null;
/** One per process: its memory is scratch, used synchronously. */
export const sampleScan = () => (shared ??= new SampleScan());
