/**
 * What a click stands out from (./finding-rules.ts findClicks): the mean squared prediction residual of the
 * frames from the third to CONTEXT_SECONDS either side of a step's largest, per channel and frame, the same
 * however the samples come in pushes. The frames before it come from the push's runs or, across a push's start,
 * from the last frames kept here; those after it that have not arrived yet are summed as later pushes bring them.
 */
import { CARRIED } from './sample-scan.js';

/** A drum's attack or a hi-hat leaves large residuals for milliseconds; a click, in one sample. */
const CONTEXT_SECONDS = 0.0015;
/** A sample at or above this is at full scale (./findings.ts). */
const FULL_SCALE = 0.9999;

interface Pending {
  at: number;
  energy: number;
  count: number;
  /** The first frame after it not summed yet. */
  next: number;
}

export class ClickContext {
  private reach = 3;
  /** The last `reach` + 4 frames before the current push's runs, of the first two channels; ending at `kept`. */
  private history: Float32Array[] = [];
  private kept = 0;
  private runs: Float32Array[] = [];
  /** The frame of the push's first new sample, and the frame after its last. */
  private first = 0;
  private end = 0;
  private readonly pending = new Map<number, Pending>();

  /** `store` takes a step's value once known (NaN: no frame around it; Infinity: it is a sample at full scale). */
  constructor(private readonly store: (step: number, value: number) => void) {}

  /** A new rate: what is pending ends where the old rate's samples do. */
  startRate(rate: number) {
    this.finish();
    this.reach = Math.max(3, Math.round(CONTEXT_SECONDS * rate));
    this.history = [];
    this.kept = 0;
  }

  /** A push's runs (CARRIED samples before, then `n` new), its first frame `frame`: sums what was waiting on them. */
  begin(runs: Float32Array[], n: number, frame: number) {
    this.runs = runs.slice(0, 2);
    this.first = frame;
    this.end = frame + n;
    for (const [step, p] of this.pending) this.sumAfter(step, p);
  }

  /** Measures around step `step`'s largest residual, at frame `at` of this push (or the frames kept before it). */
  measure(step: number, at: number) {
    this.pending.delete(step);
    if (this.runs.some((_, c) => Math.abs(this.sample(c, at)) >= FULL_SCALE)) {
      this.store(step, Infinity);
      return;
    }
    const p: Pending = { at, energy: 0, count: 0, next: at + 3 };
    const from = at - this.reach - 2 - (this.first - CARRIED);
    const to = at + this.reach + 3 - (this.first - CARRIED);
    if (from >= 0 && to <= this.end - this.first + CARRIED) {
      // The usual case: every frame it reads in the runs, read directly.
      for (const run of this.runs)
        for (let i = from + 2; i < to - 2; i++) {
          if (Math.abs(i - (at - this.first + CARRIED)) < 3) continue;
          const d = run[i] - (4 * (run[i - 1] + run[i + 1]) - run[i - 2] - run[i + 2]) / 6;
          p.energy += d * d;
          p.count++;
        }
      this.store(step, p.energy / p.count);
      return;
    }
    for (let f = at - this.reach; f <= at - 3; f++) this.add(p, f);
    this.sumAfter(step, p);
  }

  /** The push is done: its last frames are kept for the next. */
  close() {
    const keep = this.reach + 4;
    const last = this.end - this.first + CARRIED;
    if (this.history.length !== this.runs.length || this.history[0].length !== keep || last < keep) {
      // A push shorter than what is kept (or the first at this rate): frame by frame, from the frames kept too.
      this.history = this.runs.map((_, c) => Float32Array.from({ length: keep }, (_, i) => this.sample(c, this.end - keep + i)));
    } else this.runs.forEach((run, c) => this.history[c].set(run.subarray(last - keep, last)));
    this.kept = this.end;
  }

  /** No more samples: what is pending is what it has. */
  finish() {
    for (const [step, p] of this.pending) this.store(step, p.count ? p.energy / p.count : NaN);
    this.pending.clear();
  }

  /** Sample `frame` of channel `c`, from the runs or the frames kept; NaN where there is none. */
  private sample(c: number, frame: number): number {
    const run = this.runs[c];
    if (frame >= this.first - CARRIED && frame < this.end) return run[frame - this.first + CARRIED];
    const kept = this.history[c];
    const i = kept ? frame - this.kept + kept.length : -1;
    return i >= 0 && i < (kept?.length ?? 0) ? kept[i] : NaN;
  }

  /** Frame `f`'s squared residuals (each channel) into `p`, where its samples either side are known. */
  private add(p: Pending, f: number) {
    for (let c = 0; c < this.runs.length; c++) {
      const d =
        this.sample(c, f) - (4 * (this.sample(c, f - 1) + this.sample(c, f + 1)) - this.sample(c, f - 2) - this.sample(c, f + 2)) / 6;
      if (Number.isNaN(d)) continue;
      p.energy += d * d;
      p.count++;
    }
  }

  /** The frames after it that this push has (a residual reads two samples on): stored once all are in. */
  private sumAfter(step: number, p: Pending) {
    for (; p.next <= p.at + this.reach && p.next + 2 < this.end; p.next++) this.add(p, p.next);
    if (p.next > p.at + this.reach) {
      this.pending.delete(step);
      this.store(step, p.count ? p.energy / p.count : NaN);
    } else this.pending.set(step, p);
  }
}
