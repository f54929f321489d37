/**
 * A gain and a look-ahead peak limiter over blocks of samples, as the player's 'Play as' applies them (the
 * browser runs it in an AudioWorklet, tests run it here): the gain first, then, when limiting, no sample
 * beyond the ceiling. The output runs the attack behind the input whether limiting or not, so that switching
 * the limit on or off leaves no gap. The gain each sample needs is known `attack` ahead (the output is that much late): the
 * least needed over the look-ahead, eased back up over `release`, then averaged over the look-ahead. Each
 * sample's gain is then an average of values none above what that sample needs, so it never passes the
 * ceiling, and the gain falls over the attack rather than at once. The channels share one gain, so the stereo
 * image holds.
 */
export interface LimiterOptions {
  rate: number;
  ceilingDb: number;
  attackMs: number;
  releaseMs: number;
}

export class Limiter {
  private readonly ceiling: number;
  /** Look-ahead in samples: the attack. */
  private readonly look: number;
  private readonly releaseStep: number;
  /** The last `look` samples of each channel, and the gain each needed, in rings. */
  private readonly delayed: Float32Array[] = [];
  private readonly needed: Float32Array;
  private readonly eased: Float32Array;
  private at = 0;
  private easedSum: number;
  private last = 1;
  gain = 1;
  limiting = false;

  constructor({ rate, ceilingDb, attackMs, releaseMs }: LimiterOptions) {
    this.ceiling = 10 ** (ceilingDb / 20);
    this.look = Math.max(1, Math.round((attackMs / 1000) * rate));
    this.releaseStep = 1 - Math.exp(-1 / ((releaseMs / 1000) * rate));
    this.needed = new Float32Array(this.look).fill(1);
    this.eased = new Float32Array(this.look).fill(1);
    this.easedSum = this.look;
  }

  /** Samples the output runs behind the input, limiting or not: switching the limit on or off moves nothing in time. */
  get latency(): number {
    return this.look - 1;
  }

  /** Applies the gain (and the limit) to `channels` in place: `n` samples each. */
  process(channels: Float32Array[], n: number): void {
    const gain = this.gain;
    const ceiling = this.limiting ? this.ceiling : Infinity;
    while (this.delayed.length < channels.length) this.delayed.push(new Float32Array(this.look));
    const look = this.look;
    for (let i = 0; i < n; i++) {
      let peak = 0;
      for (const c of channels) peak = Math.max(peak, Math.abs(c[i] * gain));
      const slot = this.at;
      this.needed[slot] = peak > ceiling ? ceiling / peak : 1;
      // The least gain any sample in the look-ahead needs, eased back up after it passes.
      let least = 1;
      for (let k = 0; k < look; k++) least = Math.min(least, this.needed[k]);
      this.last = least < this.last ? least : this.last + (least - this.last) * this.releaseStep;
      this.easedSum += this.last - this.eased[slot];
      this.eased[slot] = this.last;
      const g = this.easedSum / look;
      // The sample that leaves now is the oldest in the ring: the one `look - 1` before this one.
      const out = (slot + 1) % look;
      channels.forEach((c, ch) => {
        const ring = this.delayed[ch];
        ring[slot] = c[i] * gain;
        c[i] = ring[out] * g;
      });
      this.at = out;
      // The running sum, summed afresh once round the ring, so that rounding never builds up past the ceiling.
      if (out === 0) this.easedSum = this.eased.reduce((a, b) => a + b, 0);
    }
  }
}
