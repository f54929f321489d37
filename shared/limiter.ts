/**
 * A gain and a look-ahead true-peak limiter over blocks of samples, as the player's 'Play as' applies them (the
 * browser runs it in an AudioWorklet, tests run it here): the gain first, then, when limiting, no true peak
 * (BS.1770's 4x oversampled points between samples, ./true-peak.ts, as the report measures it) beyond the
 * ceiling. The output runs behind the input by the same time whether limiting or not, so that switching the
 * limit on or off leaves no gap: LOBES samples, so that the points after a sample are known before it is
 * weighed, then the attack.
 *
 * The gain each sample needs is known `attack` ahead: the least any sample in the look-ahead needs (a sliding
 * minimum), eased back up over `release`, then averaged over the look-ahead. Each sample's gain is then an
 * average of values none above what that sample needs, so it never passes the ceiling, and the gain falls over
 * the attack rather than at once. A sample needs what its own value and the points on either side of it need,
 * so both samples an inter-sample peak is drawn from are turned down for it. The channels share one gain, so
 * the stereo image holds.
 */
import { BEHIND, LOBES, PHASES, TAPS } from './true-peak.js';

export interface LimiterOptions {
  rate: number;
  ceilingDb: number;
  attackMs: number;
  releaseMs: number;
}

/**
 * What the ceiling is lowered by inside, in dB: the gain moves a little across the 12 samples a point between
 * two is drawn from, so a gain held to the points alone let bright test signals overshoot by up to 0.003 dB.
 */
const MARGIN_DB = 0.02;

export class Limiter {
  private readonly ceiling: number;
  /** Look-ahead in samples: the attack. */
  private readonly look: number;
  private readonly releaseStep: number;
  /** Each channel's last TAPS gained samples, written twice (at p and p + TAPS) so they read in order from p + 1. */
  private readonly recent: Float64Array[] = [];
  private recentAt = 0;
  /** The largest point between the sample about to enter and the one before it. */
  private pointsBefore = 0;
  /** The last `look` samples of each channel, and the eased gain of each, in rings. */
  private readonly delayed: Float32Array[] = [];
  private readonly eased: Float32Array;
  /** The sliding minimum of the needed gains over the look-ahead: a queue of rising needs and their sample numbers. */
  private readonly queueNeed: Float64Array;
  private readonly queueAt: Float64Array;
  private queueFront = 0;
  private queueLength = 0;
  private count = 0;
  private at = 0;
  private easedSum: number;
  private last = 1;
  gain = 1;
  limiting = false;

  constructor({ rate, ceilingDb, attackMs, releaseMs }: LimiterOptions) {
    this.ceiling = 10 ** ((ceilingDb - MARGIN_DB) / 20);
    this.look = Math.max(1, Math.round((attackMs / 1000) * rate));
    this.releaseStep = 1 - Math.exp(-1 / ((releaseMs / 1000) * rate));
    this.eased = new Float32Array(this.look).fill(1);
    this.easedSum = this.look;
    this.queueNeed = new Float64Array(this.look + 1);
    this.queueAt = new Float64Array(this.look + 1);
  }

  /** Samples the output runs behind the input, limiting or not: switching the limit on or off moves nothing in time. */
  get latency(): number {
    return LOBES + this.look - 1;
  }

  /** Applies the gain (and the limit) to `channels` in place: `n` samples each. */
  process(channels: Float32Array[], n: number): void {
    while (this.recent.length < channels.length) {
      this.recent.push(new Float64Array(2 * TAPS));
      this.delayed.push(new Float32Array(this.look));
    }
    for (let i = 0; i < n; i++) {
      // The sample entering the look-ahead is LOBES old: the points after it are drawn from samples up to this one.
      const p = this.recentAt;
      let peak = 0;
      let pointsAfter = 0;
      for (let ch = 0; ch < channels.length; ch++) {
        const r = this.recent[ch];
        r[p] = r[p + TAPS] = channels[ch][i] * this.gain;
        const entering = r[p + 1 + BEHIND];
        peak = Math.max(peak, Math.abs(entering));
        if (this.limiting) pointsAfter = Math.max(pointsAfter, pointsBetween(r, p + 1));
        channels[ch][i] = entering;
      }
      this.recentAt = (p + 1) % TAPS;
      const need = this.limiting ? this.ceiling / Math.max(peak, this.pointsBefore, pointsAfter, this.ceiling) : 1;
      this.pointsBefore = pointsAfter;
      const g = this.eased1(need);
      // The sample that leaves now is the oldest in the ring: the one `look - 1` before this one.
      const slot = this.at;
      const out = (slot + 1) % this.look;
      for (let ch = 0; ch < channels.length; ch++) {
        const ring = this.delayed[ch];
        ring[slot] = channels[ch][i];
        channels[ch][i] = ring[out] * g;
      }
      this.at = out;
      // The running sum, summed afresh once round the ring, so that rounding never builds up past the ceiling.
      if (out === 0) this.easedSum = this.eased.reduce((a, b) => a + b, 0);
    }
  }

  /** Takes the sample now entering's need; gives the gain on the sample now leaving. */
  private eased1(need: number): number {
    const look = this.look;
    const size = this.queueNeed.length;
    // Needs at or above the new one can never be the least again: dropped from the back.
    while (this.queueLength && this.queueNeed[(this.queueFront + this.queueLength - 1) % size] >= need) this.queueLength--;
    const back = (this.queueFront + this.queueLength) % size;
    this.queueNeed[back] = need;
    this.queueAt[back] = this.count;
    this.queueLength++;
    if (this.queueAt[this.queueFront] <= this.count - look) {
      this.queueFront = (this.queueFront + 1) % size;
      this.queueLength--;
    }
    this.count++;
    const least = this.queueNeed[this.queueFront];
    this.last = least < this.last ? least : this.last + (least - this.last) * this.releaseStep;
    this.easedSum += this.last - this.eased[this.at];
    this.eased[this.at] = this.last;
    return this.easedSum / look;
  }
}

/** The largest of the three points between samples BEHIND and BEHIND + 1 of `r` from `from` (the one entering and the next). */
function pointsBetween(r: Float64Array, from: number): number {
  let largest = 0;
  for (const h of PHASES) {
    let y = 0;
    for (let j = 0; j < TAPS; j++) y += h[j] * r[from + j];
    largest = Math.max(largest, Math.abs(y));
  }
  return largest;
}
