/**
 * Level jumps, read from the 100 ms steps the meter keeps (./findings.ts, ./finding-rules.ts): the same music at
 * another gain, told from the music's own changes by how the level steps and by the spectral balance around it.
 */
import { finding, levelOf, lowToRest, stepStart, type Steps, STEPS_PER_SECOND } from './finding-rules.js';
import type { Finding } from '../../../shared/findings.js';

/** A step in level of at least this (dB) within a second, both sides steady and of the same spectral balance. */
const JUMP_DB = 6;
/** Each side's second stays within this of its level (dB). */
const STEADY_DB = 3;
/**
 * Or the music drifts under the step: each side's second moves at most DRIFT_MAX_DB, and the step is at least
 * DRIFT_RATIO times the two sides' moves together. A gain turned down into a passage that swells again is
 * still a gain's step; a section starting, whose level keeps moving, is not.
 */
const DRIFT_MAX_DB = 6;
const DRIFT_RATIO = 2;
/**
 * A gain's step holds while the second-long windows slide past it: at least this many steps in a row see it. A
 * note's swell or a fill moves a window or two.
 */
const JUMP_HELD_STEPS = 5;
/**
 * How far each band's energy against the whole may move across a jump (dB): the low band against the rest
 * (./finding-rules.ts lowToRest), the low band, the low mids and the highs against the whole. A gain moves none
 * of them; a section of the song starting (a bass, a drum kit, a pad coming in) moves one at least. The highs
 * are the loosest: a hi-hat's pattern moves them by several dB within a second.
 */
const JUMP_BALANCE_DB = [4, 2, 1, 7];
/**
 * And between the second beyond on either side, three seconds apart, within four times as much: a gain keeps the
 * music's balance around it, while a bass or a kit that came in a second before the step (rybky02 at 112 s: its
 * low band 12.6 dB up) is a section of the song changing. The music's own balance moves up to three times the
 * step's tolerance over three seconds on the bench's set.
 */
const JUMP_BEYOND_DB = JUMP_BALANCE_DB.map((db) => 4 * db);
/**
 * Steps quieter than this (dBFS) have no level for a jump: far below ./finding-rules.ts QUIET_DB, since a gain
 * turned down 12 dB is still music.
 */
const JUMP_QUIET_DB = -70;

/**
 * Where the level steps by JUMP_DB or more: the same music at another gain, not a section of the song
 * starting. Each 100 ms step's level is read as a median over the second before and the second after, so a
 * drum hit or a fill moves neither: the level must step (and the seconds' energies with it), each side must hold
 * it through the second beyond (or drift far less than it steps), and the step must hold while the seconds slide
 * past it (JUMP_HELD_STEPS). The step is placed where a two-level fit of the steps around it fits best, and there
 * the spectral balance of the second before and the second after must be the same (JUMP_BALANCE_DB), and
 * nearly so of the seconds beyond them (JUMP_BEYOND_DB).
 */
export function findJumps(s: Steps, dropouts: { start: number; end: number }[]): Omit<Finding, 'id'>[] {
  const w = STEPS_PER_SECOND;
  const level = s.windows.jumpLevel.view();
  const second = s.windows.jumpSecond.view();
  const runs: { from: number; to: number; change: number }[] = [];
  for (let k = 2 * w; k + 2 * w <= s.count; k++) {
    const before = second[k - w];
    const after = second[k];
    const change = after - before;
    if (!(Math.abs(change) >= JUMP_DB)) continue;
    // Written so that an unknown (NaN) side fails.
    const moves = [Math.abs(second[k - 2 * w] - before), Math.abs(second[k + w] - after)];
    const steady = moves.every((m) => m <= STEADY_DB);
    const drifting = moves.every((m) => m <= DRIFT_MAX_DB) && Math.abs(change) >= DRIFT_RATIO * (moves[0] + moves[1]);
    const energy = secondsEnergy(s, k, w);
    // A gain moves the seconds' energies with their medians: where the medians step and the energies hardly
    // do, the music thinned out or filled in (fewer notes, the same loud ones).
    const energyStep = energy[2] - energy[1];
    if (!(Math.sign(energyStep) === Math.sign(change) && Math.abs(energyStep) >= JUMP_DB / 2)) continue;
    // The energies speak for the sides' steadiness only where the seconds' medians are known (a mostly quiet
    // second has none).
    const known = Number.isFinite(second[k - 2 * w]) && Number.isFinite(second[k + w]);
    if (!(steady || drifting || (known && steadyByEnergy(energy)))) continue;
    const last = runs.at(-1);
    if (last && k - last.to < w && Math.sign(change) === Math.sign(last.change)) {
      last.to = k + 1;
      if (Math.abs(change) > Math.abs(last.change)) last.change = change;
    } else runs.push({ from: k, to: k + 1, change });
  }
  return runs
    .filter(({ from, to }) => to - from >= JUMP_HELD_STEPS)
    .map(({ from, to, change }) => ({ k: bestSplit(level, from, to, w), change }))
    .filter(({ k }) => {
      const before = balance(s, k - w, k);
      const after = balance(s, k, k + w);
      // The seconds beyond too (an unknown balance, of quiet seconds, does not count against it).
      const beyondBefore = balance(s, k - 2 * w, k - w);
      const beyondAfter = balance(s, k + w, k + 2 * w);
      return (
        before.every((v, i) => Math.abs(after[i] - v) <= JUMP_BALANCE_DB[i]) &&
        beyondBefore.every((v, i) => !(Math.abs(beyondAfter[i] - v) > JUMP_BEYOND_DB[i]))
      );
    })
    .map(({ k, change }) => finding('jump', stepStart(s, k), stepStart(s, k), change))
    .filter((f) => !dropouts.some((d) => f.start >= d.start - 1 && f.start <= d.end + 1));
}

/** A median per second, with no array made for it: insertion into a small sorted buffer. */
const sorted = new Float64Array(STEPS_PER_SECOND);

/**
 * Step `s.count - 1` has closed: its level (NaN below JUMP_QUIET_DB), and the median level of the second that
 * ends with it, from the second's first step (NaN for a second mostly quiet: its few loud steps are not the
 * music's).
 */
export function jumpWindow(s: Steps) {
  const w = STEPS_PER_SECOND;
  const level = s.windows.jumpLevel;
  const l = levelOf(s, s.count - 1, s.count);
  level.push(l >= JUMP_QUIET_DB ? l : NaN);
  const k = s.count - w;
  if (k < 0) return;
  let n = 0;
  for (let i = k; i < k + w; i++) {
    const v = level.get(i);
    if (!Number.isFinite(v)) continue;
    let j = n++;
    for (; j > 0 && sorted[j - 1] > v; j--) sorted[j] = sorted[j - 1];
    sorted[j] = v;
  }
  const m = n >> 1;
  s.windows.jumpSecond.push(n < 0.8 * w ? NaN : n % 2 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2);
}

/** The energy levels (dB) of the seconds around step `k`: the one beyond before, before, after, the one beyond after. */
function secondsEnergy(s: Steps, k: number, w: number): number[] {
  return [-2, -1, 0, 1].map((i) => levelOf(s, k + i * w, k + (i + 1) * w));
}

/**
 * Or the seconds' energies hold where their medians move: each side's second within STEADY_DB of the one beyond
 * by energy, and the energies step by JUMP_DB too. A gain moves every measure of level alike; a passage thinning
 * out or filling in moves its quiet steps (the median) and not its loud ones (the energy).
 */
function steadyByEnergy([beyondBefore, before, after, beyondAfter]: number[]): boolean {
  const held = Math.abs(beyondBefore - before) <= STEADY_DB && Math.abs(beyondAfter - after) <= STEADY_DB;
  return held && Math.abs(after - before) >= JUMP_DB;
}

/** The step in [from, to) that best splits the levels of the `w` steps either side into two flat parts. */
function bestSplit(level: Float64Array, from: number, to: number, w: number): number {
  let best = from;
  let bestCost = Infinity;
  for (let k = from; k < to; k++) {
    let cost = 0;
    for (const [a, b] of [
      [k - w, k],
      [k, k + w],
    ]) {
      const part = level.slice(Math.max(0, a), b).filter(Number.isFinite);
      const m = part.reduce((x, y) => x + y, 0) / Math.max(1, part.length);
      cost += part.reduce((x, y) => x + (y - m) ** 2, 0);
    }
    if (cost < bestCost) [best, bestCost] = [k, cost];
  }
  return best;
}

/**
 * The spectral balance of steps [from, to) by energy (dB; JUMP_BALANCE_DB): the low band against the rest, and
 * the low band, the low mids and the highs against the whole. Energy, not a median of the steps' balances: the
 * quiet steps a median picks carry the noise floor in their highs, which moves with any gain.
 */
function balance(s: Steps, from: number, to: number): number[] {
  const whole = levelOf(s, from, to);
  return [
    lowToRest(s, from, to),
    levelOf(s, from, to, 'low') - whole,
    levelOf(s, from, to, 'mids') - whole,
    levelOf(s, from, to, 'hf') - whole,
  ];
}
