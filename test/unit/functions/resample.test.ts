/** The resampler the Opus preview feeds its encoder through (functions/tracks/audio/resample.ts). */
import fs from 'node:fs';
import { expect, it } from 'vitest';
import { Resampler } from '../../../functions/tracks/audio/resample.js';

const tone = (rate: number, i: number) => 0.5 * Math.sin((2 * Math.PI * 1000 * i) / rate);

it.each([
  [44_100, 48_000],
  [48_000, 44_100],
  [22_050, 48_000],
  // A ratio of more phases than the filter has (6,000): each position rounded to the nearest of 1,024.
  [44_056, 48_000],
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

/** The fixture's signal (test/fixtures/resample-ffmpeg.json says how ffmpeg resampled it). */
const signal = (rate: number, n: number) =>
  Int16Array.from({ length: n }, (_, i) =>
    Math.round(
      12000 * Math.sin((2 * Math.PI * 1000 * i) / rate) +
        9000 * Math.sin((2 * Math.PI * 0.34 * rate * i) / rate + 0.3) +
        4000 * Math.sin((2 * Math.PI * 0.47 * rate * i) / rate),
    ),
  );

const fixture: { cases: { from: number; to: number; output: string }[] } = JSON.parse(
  fs.readFileSync(new URL('../../fixtures/resample-ffmpeg.json', import.meta.url), 'utf8'),
);

it.each(fixture.cases.map((c) => [c.from, c.to, c.output]))(
  'resamples a 16-bit master %i Hz to %i Hz sample for sample as ffmpeg does (as it feeds libopus)',
  (from, to, output) => {
    const bytes = Buffer.from(output as string, 'base64');
    const ffmpeg = new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2);
    const input = Float32Array.from(signal(from as number, (from as number) / 5), (s) => s / 32768);
    const r = new Resampler(from as number, to as number);
    const ours: number[] = [];
    for (let i = 0; i < input.length; i += 1000) ours.push(...r.push([input.subarray(i, i + 1000)])[0]);
    ours.push(...r.flush()[0]);
    expect(ours.length).toBe(ffmpeg.length);
    let differ = 0;
    for (let n = 0; n < ffmpeg.length; n++) if (Math.round(ours[n] * 32768) !== ffmpeg[n]) differ++;
    expect(differ).toBe(0);
  },
);
