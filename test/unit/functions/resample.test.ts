/** The resampler the Opus preview feeds its encoder through (functions/tracks/audio/resample.ts). */
import { expect, it } from 'vitest';
import { Resampler } from '../../../functions/tracks/audio/resample.js';

const tone = (rate: number, i: number) => 0.5 * Math.sin((2 * Math.PI * 1000 * i) / rate);

it.each([
  [44_100, 48_000],
  [48_000, 44_100],
  [22_050, 48_000],
])('resamples %i Hz to %i Hz: a tone keeps its level and its phase, whatever the blocks', (from, to) => {
  const x = Float32Array.from({ length: from }, (_, i) => tone(from, i));
  const r = new Resampler(from, to);
  const y: number[] = [];
  for (let i = 0; i < from; i += 777) y.push(...r.push([x.subarray(i, i + 777)])[0]);
  y.push(...r.flush()[0]);
  expect(Math.abs(y.length - to)).toBeLessThan(40);
  let worst = 0;
  // Away from the ends, where the filter reads the silence around the tone.
  for (let k = 1000; k < to - 1000; k++) worst = Math.max(worst, Math.abs(y[k] - tone(to, k)));
  expect(worst).toBeLessThan(1e-3);
});
