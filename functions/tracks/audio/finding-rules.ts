/**
 * The findings read from the steps the meter keeps (./findings.ts): each detector a rule over 100 ms steps,
 * set against the track's own balance where it has one (level jumps: ./jump-rule.ts).
 */
import { Doubles } from './doubles.js';
import { FINDING_KINDS, MAX_FINDINGS, type Finding, type FindingKind, type FindingSeverity } from '../../../shared/findings.js';

/**
 * The music on one side of a dropout (its 300 ms) is at least this loud (dBFS, RMS), the other at least
 * DROPOUT_SIDE_DB, and the samples at its edges within DROPOUT_EDGE_DB of the quieter side.
 */
const DROPOUT_CONTEXT_DB = -35;
const DROPOUT_SIDE_DB = -60;
const DROPOUT_EDGE_DB = 30;
export const STEPS_PER_SECOND = 10;
/**
 * A click's prediction residual (the sample against the cubic through its two neighbours either side) above the
 * RMS of the residuals within 1.5 ms of it (dB; ./findings.ts), and at least this large in absolute terms. A
 * drum's attack or a hi-hat leaves large residuals for milliseconds, a click in one sample.
 */
const CLICK_DB = 17;
const CLICK_MIN = 0.05;
/** A click's residual above the step's next largest (more than two frames away): it stands alone. */
const CLICK_ALONE_DB = 5;
/** Steps either side whose residuals are a click's surroundings where its own were not taken. */
const CLICK_CONTEXT = 2;
/** Stereo correlation at or below this, over at least MONO_MIN_STEPS loud steps, is a mono collapse. */
const MONO_CORRELATION = -0.2;
const MONO_MIN_STEPS = 5;
/**
 * The mean of two seconds' samples beyond this (a fraction of full scale) is a DC offset: a bass note's
 * mean over that long stays well under it, a constant's does not.
 */
const DC_LIMIT = 0.015;
const DC_STEPS = 2 * STEPS_PER_SECOND;
/** An offset holds for at least the two seconds a window measures: a shorter lean past the limit is the music's. */
const DC_MIN_SECONDS = DC_STEPS / STEPS_PER_SECOND;
/** The band below 120 Hz this far above the rest more than in the track's median, and its own level as far above its median. */
const LOW_EXCESS_DB = 8;
const LOW_LEVEL_DB = 6;
/** A build-up lasts: a bass hit of the arrangement does not (steps whose excess is LOW_EXCESS_DB or more). */
const LOW_MIN_STEPS = 10;
/** Once found, a build-up runs on while the excess stays this high: a bass line's quieter notes do not end it. */
const LOW_KEEP_DB = 4;
/**
 * A build-up starts with the bass notes the boost meets first, which may be few and apart: a run of half-seconds
 * just before a build-up (at most LOW_JOIN_GAP windows before it) with LOW_JOIN_STRONG of them at LOW_EXCESS_DB
 * is its start. Only a build-up found on its own reaches back: two short runs do not make one.
 */
const LOW_JOIN_GAP = 10;
const LOW_JOIN_STRONG = 3;
/** Steps quieter than this (dBFS) are left out of balances and correlations. */
const QUIET_DB = -45;

const db = (energy: number) => (energy > 0 ? 10 * Math.log10(energy) : -Infinity);

/** Per 100 ms step: sums over its frames. */
export const STEP_FIELDS = [
  'frames',
  'sq',
  'low',
  'hf',
  'lr',
  'll',
  'rr',
  'sumL',
  'sumR',
  'maxD',
  'maxAt',
  'max2',
  'slope',
  'mids',
] as const;
export type StepField = (typeof STEP_FIELDS)[number];
/**
 * What the rules read of each window of steps, kept as each step closes (dcWindow, lowEndWindow and
 * ./jump-rule.ts jumpWindow, from ./findings.ts) rather than at the end: a 4-hour track's 144,000 windows are
 * then ready when its last sample is, and reading the findings takes only their runs and medians.
 */
export const WINDOW_SERIES = ['dcMean', 'lowRatio', 'lowLevel', 'jumpLevel', 'jumpSecond'] as const;
export type Steps = Record<StepField, Doubles> & {
  count: number;
  seconds: number;
  /** Per step: the mean squared residual around its largest (./findings.ts), or NaN where none was taken. */
  context: Doubles;
  windows: Record<(typeof WINDOW_SERIES)[number], Doubles>;
};

export interface Event {
  start: number;
  end: number;
  value: number;
  count: number;
  /** A silence's: the smaller of the largest |sample| in the few frames before it and after it. */
  edge?: number;
}

const SEVERITY: Record<FindingKind, (v: number) => FindingSeverity> = {
  clip: (v) => (v >= 100 ? 'high' : v >= 10 ? 'medium' : 'low'),
  over: (v) => (v >= 1 ? 'high' : v >= 0.3 ? 'medium' : 'low'),
  mono: (v) => (v <= -0.6 ? 'high' : v <= -0.4 ? 'medium' : 'low'),
  dropout: (v) => (v >= 0.1 ? 'high' : v >= 0.02 ? 'medium' : 'low'),
  click: (v) => (v >= 32 ? 'high' : v >= 27 ? 'medium' : 'low'),
  jump: (v) => (Math.abs(v) >= 10 ? 'high' : Math.abs(v) >= 8 ? 'medium' : 'low'),
  dc: (v) => (Math.abs(v) >= 0.05 ? 'high' : Math.abs(v) >= 0.02 ? 'medium' : 'low'),
  lowEnd: (v) => (v >= 12 ? 'high' : v >= 10 ? 'medium' : 'low'),
  codecOver: (v) => (v >= 1 ? 'high' : v >= 0.3 ? 'medium' : 'low'),
};

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

export function finding(kind: FindingKind, start: number, end: number, value: number): Omit<Finding, 'id'> {
  return { kind, start: round(start, 3), end: round(Math.max(start, end), 3), severity: SEVERITY[kind](value), value: round(value, 3) };
}

const RANK: Record<FindingSeverity, number> = { high: 0, medium: 1, low: 2 };

/** The most severe MAX_FINDINGS, in time order, each named by its kind and its order ('clip-2'). */
export function named(found: Omit<Finding, 'id'>[]): Finding[] {
  const kept = [...found].sort((a, b) => RANK[a.severity] - RANK[b.severity] || a.start - b.start).slice(0, MAX_FINDINGS);
  kept.sort((a, b) => a.start - b.start || FINDING_KINDS.indexOf(a.kind) - FINDING_KINDS.indexOf(b.kind));
  const counts = new Map<FindingKind, number>();
  return kept.map((f) => {
    const n = (counts.get(f.kind) ?? 0) + 1;
    counts.set(f.kind, n);
    return { id: `${f.kind}-${n}`, ...f };
  });
}

/** Where step `k` starts (a step is a tenth of a second of frames, to the frame). */
export const stepStart = (_s: Steps, k: number) => k / STEPS_PER_SECOND;

/** Sums of a field over steps [from, to). */
function sum(series: Doubles, from: number, to: number) {
  let total = 0;
  for (let k = Math.max(0, from); k < to; k++) total += series.get(k);
  return total;
}

/** Mean-square level (dBFS) of steps [from, to). */
export function levelOf(s: Steps, from: number, to: number, field: 'sq' | 'low' | 'hf' | 'mids' = 'sq') {
  return db(sum(s[field], from, to) / Math.max(1, sum(s.frames, from, to)));
}

/**
 * Silences cut into sound: the music at least DROPOUT_CONTEXT_DB on one side (each side's 300 ms) and not
 * silent on the other (a dropout may come as a note decays), and cut abruptly, the samples at its edges within
 * DROPOUT_EDGE_DB of that quieter side's level. Music that stops (a fade, a note's release, a gated stutter)
 * reaches silence through samples far quieter than the music around it.
 */
export function findDropouts(s: Steps, silences: Event[]): Omit<Finding, 'id'>[] {
  const stepOf = (t: number) => Math.floor(t * STEPS_PER_SECOND);
  return silences
    .filter((e) => {
      const before = stepOf(e.start);
      const after = stepOf(e.end);
      if (before < 3 || after + 4 > s.count) return false;
      const sides = [levelOf(s, before - 3, before), levelOf(s, after + 1, after + 4)];
      const quieter = Math.min(...sides);
      return (
        Math.max(...sides) >= DROPOUT_CONTEXT_DB && quieter >= DROPOUT_SIDE_DB && 20 * Math.log10(e.edge ?? 0) >= quieter - DROPOUT_EDGE_DB
      );
    })
    .map((e) => finding('dropout', e.start, e.end, e.value));
}

/**
 * Whether a step's largest squared residual `peak` may be a click's, with the next largest (more than two frames
 * away) `next`: large enough, and alone. While the step is open, `next` only grows: once false, false for that peak.
 */
export const mayBeClick = (peak: number, next: number) =>
  peak >= CLICK_MIN * CLICK_MIN && db(peak / Math.max(next, 1e-12)) >= CLICK_ALONE_DB;

/**
 * A step whose largest prediction residual stands CLICK_DB above the RMS of the residuals around it (those of
 * the frames within 1.5 ms, or where they were not taken, of the steps around), away from clips and dropouts
 * (their edges are steep by nature).
 */
export function findClicks(s: Steps, near: { start: number; end: number }[]): Omit<Finding, 'id'>[] {
  const out: Omit<Finding, 'id'>[] = [];
  for (let k = 0; k < s.count; k++) {
    const peak = s.maxD.get(k);
    if (!mayBeClick(peak, s.max2.get(k))) continue;
    const from = k - CLICK_CONTEXT;
    const to = k + CLICK_CONTEXT + 1;
    // hf sums both channels' squares per frame.
    const around = (sum(s.hf, from, to) - peak) / Math.max(1, 2 * sum(s.frames, from, to) - 1);
    const local = s.context.get(k);
    const rise = db(peak / Math.max(Number.isNaN(local) ? around : local, 1e-12));
    const t = s.maxAt.get(k);
    if (rise < CLICK_DB || t < 0.05) continue;
    if (near.some((e) => t >= e.start - 0.03 && t <= e.end + 0.03)) continue;
    out.push(finding('click', t, t, rise));
  }
  return out;
}

/** The middle of `values` (NaNs left out), or NaN: selected in place of a copy, not sorted (a 4-hour track has 144,000 steps). */
export function median(values: ArrayLike<number>): number {
  const known = new Float64Array(values.length);
  let n = 0;
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i])) known[n++] = values[i];
  if (!n) return NaN;
  const m = n >> 1;
  const upper = select(known, n, m);
  if (n % 2) return upper;
  // The lower middle is the largest of those the selection left below the middle.
  let lower = -Infinity;
  for (let i = 0; i < m; i++) lower = Math.max(lower, known[i]);
  return (lower + upper) / 2;
}

/** The `k`-th smallest of a[0 .. n), with a[0 .. k) no larger and a[k + 1 .. n) no smaller (Hoare's selection). */
function select(a: Float64Array, n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i++] = a[j];
        a[j--] = t;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return a[k];
}

/** Where steps [from, to) split best into two flat parts (the least squares about each part's mean). */
function twoLevels(value: (k: number) => number, count: number, from: number, to: number): number {
  const part = (a: number, b: number) => {
    const known: number[] = [];
    for (let k = Math.max(0, a); k < Math.min(count, b); k++) known.push(value(k));
    const m = known.reduce((x, y) => x + y, 0) / Math.max(1, known.length);
    return known.reduce((x, y) => x + (y - m) ** 2, 0);
  };
  let best = from + 1;
  let bestCost = Infinity;
  for (let k = from + 1; k < to; k++) {
    const cost = part(from, k) + part(k, to);
    if (cost < bestCost) [best, bestCost] = [k, cost];
  }
  return best;
}

/** Runs of loud steps whose stereo correlation is at or below MONO_CORRELATION. */
export function findMono(s: Steps): Omit<Finding, 'id'>[] {
  const out: Omit<Finding, 'id'>[] = [];
  let from = -1;
  let worst = 1;
  let gap = 0;
  const close = (to: number) => {
    if (from >= 0 && to - from >= MONO_MIN_STEPS) {
      const r = sum(s.lr, from, to) / Math.sqrt(sum(s.ll, from, to) * sum(s.rr, from, to));
      out.push(finding('mono', stepStart(s, from), stepStart(s, to), Math.min(worst, r)));
    }
    from = -1;
    worst = 1;
    gap = 0;
  };
  for (let k = 0; k < s.count; k++) {
    const ll = s.ll.get(k);
    const rr = s.rr.get(k);
    const loud = db((ll + rr) / (2 * Math.max(1, s.frames.get(k)))) >= QUIET_DB;
    const r = ll > 0 && rr > 0 ? s.lr.get(k) / Math.sqrt(ll * rr) : 1;
    if (loud && r <= MONO_CORRELATION) {
      if (from < 0) from = k;
      worst = Math.min(worst, r);
      gap = 0;
    } else if (from >= 0 && ++gap > 1) close(k - gap + 1);
  }
  close(s.count - gap);
  return out;
}

/** Step `s.count - 1` has closed: the DC window that ends with it (findDc). */
export function dcWindow(s: Steps) {
  const w = DC_STEPS;
  const k = s.count - w;
  if (k < 0) return;
  const frames = Math.max(1, sum(s.frames, k, k + w));
  const l = sum(s.sumL, k, k + w) / frames;
  const r = sum(s.sumR, k, k + w) / frames;
  s.windows.dcMean.push(Math.abs(l) > Math.abs(r) ? l : r);
}

/**
 * Two seconds whose mean (either channel) is beyond DC_LIMIT, over a window sliding a step at a time; a run's
 * edges are placed where its mean crosses half its largest, which is where the offset starts and ends.
 */
export function findDc(s: Steps): Omit<Finding, 'id'>[] {
  const w = DC_STEPS;
  // A track shorter than a window is one.
  const means =
    s.count < w && s.count > 0
      ? Float64Array.of(sum(s.sumL, 0, s.count) / Math.max(1, sum(s.frames, 0, s.count)))
      : s.windows.dcMean.view();
  const half = (i: number, peak: number) => Math.abs(means[i]) >= Math.abs(peak) / 2;
  // Each step's mean of one channel, for placing the edges to the step.
  const stepMean = (series: Doubles) => (k: number) => series.get(k) / Math.max(1, s.frames.get(k));
  const left = stepMean(s.sumL);
  const right = stepMean(s.sumR);
  const side = w / 2;
  return spans(means, (m) => Math.abs(m) > DC_LIMIT)
    .map(([from, to]) => {
      const peak = means.slice(from, to).reduce((a, b) => (Math.abs(b) > Math.abs(a) ? b : a), 0);
      let first = from;
      while (first > 0 && half(first - 1, peak)) first--;
      let last = to - 1;
      while (last + 1 < means.length && half(last + 1, peak)) last++;
      // A window's mean is half the offset where the offset starts or ends near its middle; the edge is then the
      // step where the channel's step means split best into two levels over a second either side (the music's
      // own mean leaning one way moves the half-way point by up to half a second, not the split). An offset
      // from the first (or to the last) window on starts with the track (or ends with it).
      const channel = sum(s.sumL, first, last + w) * peak >= sum(s.sumR, first, last + w) * peak ? left : right;
      const edge = (k: number) => twoLevels(channel, s.count, k - side, k + side);
      const whole = (i: number) => Math.abs(means[i]) >= 0.75 * Math.abs(peak);
      const start = first === 0 && whole(0) ? 0 : edge(first + side);
      const end = last === means.length - 1 && whole(last) ? s.count : edge(last + side);
      // An offset holds over its whole span: a mean beyond the limit in a window or two is the music's.
      const mean = sum(channel === left ? s.sumL : s.sumR, start, end) / Math.max(1, sum(s.frames, start, end));
      return { mean, found: finding('dc', stepStart(s, start), end === s.count ? s.seconds : stepStart(s, end), mean) };
    })
    .filter(({ mean }) => Math.abs(mean) > DC_LIMIT)
    .map(({ found }) => found)
    .filter((f) => f.end - f.start >= DC_MIN_SECONDS)
    .filter((f, i, all) => i === 0 || f.start >= all[i - 1].end);
}

/** [from, to) index runs where `test` holds. */
function spans(values: ArrayLike<number>, test: (v: number) => boolean, gap = 0): [number, number][] {
  const out: [number, number][] = [];
  let from = -1;
  for (let i = 0; i < values.length; i++) {
    const inside = test(values[i]);
    if (inside && from < 0) from = i;
    else if (!inside && from >= 0) {
      out.push([from, i]);
      from = -1;
    }
  }
  if (from >= 0) out.push([from, values.length]);
  // Runs at most `gap` apart are one.
  return out.reduce<[number, number][]>((merged, run) => {
    const last = merged.at(-1);
    if (last && run[0] - last[1] <= gap) last[1] = run[1];
    else merged.push(run);
    return merged;
  }, []);
}

/** The low end's windows: half a second. */
const LOW_WINDOW = STEPS_PER_SECOND / 2;

/** Step `s.count - 1` has closed: the low end's window that ends with it (findLowEnd), NaN where it is quiet. */
export function lowEndWindow(s: Steps) {
  const k = s.count - LOW_WINDOW;
  if (k < 0) return;
  const loud = levelOf(s, k, k + LOW_WINDOW) >= QUIET_DB;
  s.windows.lowRatio.push(loud ? lowToRest(s, k, k + LOW_WINDOW) : NaN);
  s.windows.lowLevel.push(loud ? levelOf(s, k, k + LOW_WINDOW, 'low') : NaN);
}

/**
 * Half-seconds where the band below 120 Hz stands LOW_EXCESS_DB above the rest of the spectrum than it does
 * in the track's median half-second, and is itself LOW_LEVEL_DB above its median level: a build-up, not a
 * section that merely lacks highs. It starts where its first boosted notes do (LOW_JOIN_*), to the step.
 */
export function findLowEnd(s: Steps): Omit<Finding, 'id'>[] {
  const w = LOW_WINDOW;
  const ratio = s.windows.lowRatio.view();
  const level = s.windows.lowLevel.view();
  const ratioMedian = median(ratio);
  const levelMedian = median(level);
  if (!Number.isFinite(ratioMedian)) return [];
  const excess = ratio.map((v, i) => (level[i] - levelMedian >= LOW_LEVEL_DB ? v - ratioMedian : NaN));
  const strong = ([from, to]: [number, number]) => excess.slice(from, to).filter((e) => e >= LOW_EXCESS_DB).length;
  // A step's own excess, for placing a build-up's start to the step.
  const inStep = (k: number) =>
    k >= 0 && lowToRest(s, k, k + 1) - ratioMedian >= LOW_KEEP_DB && levelOf(s, k, k + 1, 'low') - levelMedian >= LOW_LEVEL_DB;
  const runs = spans(excess, (e) => e >= LOW_KEEP_DB, w);
  return runs.flatMap((run, i) => {
    if (strong(run) < LOW_MIN_STEPS) return [];
    let [from] = run;
    let j = i - 1;
    const joins = (r: [number, number]) => from - r[1] <= LOW_JOIN_GAP && strong(r) >= LOW_JOIN_STRONG && strong(r) < LOW_MIN_STEPS;
    while (j >= 0 && joins(runs[j])) from = runs[j--][0];
    // Never back past the run before (one of its own, or one too far or too weak to join).
    const floor = j >= 0 ? runs[j][1] : 0;
    const back = (k: number) => k >= floor && inStep(k);
    const most = Math.max(...excess.slice(from, run[1]).filter(Number.isFinite));
    // It starts at the first step of its first window that is in, and back over the steps before that are in
    // (a gap of one step bridged); where no step is in alone, where its first window is half in. So does a
    // window end a run once its half is out.
    let k = from;
    while (k < from + w && !inStep(k)) k++;
    while (k < from + w && (back(k - 1) || back(k - 2))) k -= back(k - 1) ? 1 : 2;
    return [finding('lowEnd', stepStart(s, k < from + w ? k : from + w / 2), stepStart(s, run[1] - 1 + w / 2), most)];
  });
}

/**
 * The band below 120 Hz against the rest of the spectrum (dB) over steps [from, to), the rest weighed by the
 * mid's first differences (rising 6 dB an octave, so the low band hardly counts in it): unlike a share of the
 * whole, it keeps rising with the low band however much of the level that already is.
 */
export function lowToRest(s: Steps, from: number, to: number) {
  return db(sum(s.low, from, to) / Math.max(sum(s.slope, from, to), 1e-12));
}
