/**
 * True peak per ITU-R BS.1770-4 Annex 2: the signal between samples, 4x oversampled by a windowed sinc
 * (Lanczos, 12 taps per phase), each phase normalised to unity gain at DC.
 */

const OVERSAMPLE = 4;
/** Lanczos lobes: taps per phase = 2 x LOBES. */
export const LOBES = 6;
export const TAPS = 2 * LOBES;
/** Samples before the interpolated point that a phase reads (after it: LOBES). */
export const BEHIND = LOBES - 1;

const sinc = (x: number) => (x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x));

/** The phases between two samples (1/4, 2/4, 3/4 of the way), each normalised to unity gain, and the largest gain any input can get from one. */
function interpolationPhases(): { phases: Float64Array[]; maxGain: number } {
  const phases: Float64Array[] = [];
  let maxGain = 0;
  for (let p = 1; p < OVERSAMPLE; p++) {
    const f = p / OVERSAMPLE;
    const h = new Float64Array(TAPS);
    // Tap j reads x[n - BEHIND + j], at distance (j - BEHIND) - f from the point.
    for (let j = 0; j < TAPS; j++) {
      const t = j - BEHIND - f;
      h[j] = sinc(t) * sinc(t / LOBES);
    }
    const sum = h.reduce((s, v) => s + v, 0);
    for (let j = 0; j < TAPS; j++) h[j] /= sum;
    maxGain = Math.max(
      maxGain,
      h.reduce((s, v) => s + Math.abs(v), 0),
    );
    phases.push(h);
  }
  return { phases, maxGain };
}
const { phases, maxGain } = interpolationPhases();
/** The three phases, tap j reading x[n - BEHIND + j]. */
export const PHASES: readonly Float64Array[] = phases;
/** The most any point between samples can be, as a multiple of the largest |sample| its phase reads. */
export const MAX_GAIN = maxGain;

/**
 * The phases folded by their symmetry (the 3/4 phase is the 1/4 one reversed, the 1/2 one is its own
 * reverse), so 18 multiplications give the three points between two samples instead of 36: with
 * s = x[j] + x[11 - j] and d = x[j] - x[11 - j], y1/4 = P + Q, y3/4 = P - Q and y1/2 = M, where
 * P = sum of SUM[j] s, Q = sum of DIFF[j] d and M = sum of MID[j] s over j < 6. The scan (./sample-scan.wat)
 * reads them in this order.
 */
export const FOLDED_TAPS = Float32Array.from([
  ...Array.from({ length: LOBES }, (_, j) => (PHASES[0][j] + PHASES[0][TAPS - 1 - j]) / 2),
  ...Array.from({ length: LOBES }, (_, j) => (PHASES[0][j] - PHASES[0][TAPS - 1 - j]) / 2),
  ...Array.from({ length: LOBES }, (_, j) => PHASES[1][j]),
]);
