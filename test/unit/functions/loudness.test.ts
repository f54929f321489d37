/**
 * The technical report's meter (functions/tracks/audio/loudness.ts): against ffmpeg's EBU R128 meter on every
 * file of the audio corpus (test/fixtures/audio/loudness.json, made by make-loudness-references.ts), and
 * against the test signals of EBU Tech 3341 (loudness, true peak) and 3342 (loudness range), made here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyseAudioFile } from '../../../functions/tracks/audio.js';
import { kWeighting } from '../../../functions/tracks/audio/k-weighting.js';
import { LoudnessMeter, type TechnicalReport } from '../../../functions/tracks/audio/loudness.js';

const DIR = fileURLToPath(new URL('../../fixtures/audio/', import.meta.url));

interface Reference {
  integratedLufs: number;
  loudnessRange: number;
  truePeakDbtp: number | null;
  samplePeakDbfs: number | null;
  seconds: number | null;
}
const references: { files: Record<string, { ffmpeg: Reference | null; ourDecode?: Reference }> } = JSON.parse(
  fs.readFileSync(path.join(DIR, 'loudness.json'), 'utf8'),
);

/** `seconds` of a sine per channel (`dbfs` its peak), at `rate`, fed in chunks of `chunk` frames. */
function sine(
  parts: { seconds: number; dbfs: number }[],
  opts: { rate?: number; channels?: number; hz?: number; phase?: number; chunk?: number } = {},
) {
  const { rate = 48000, channels = 2, hz = 1000, phase = 0, chunk = 4096 } = opts;
  const total = parts.reduce((s, p) => s + Math.round(p.seconds * rate), 0);
  const samples = new Float32Array(total);
  let at = 0;
  for (const p of parts) {
    const a = 10 ** (p.dbfs / 20);
    for (let i = 0; i < Math.round(p.seconds * rate); i++, at++) samples[at] = a * Math.sin((2 * Math.PI * hz * at) / rate + phase);
  }
  return measure(
    Array.from({ length: channels }, () => samples),
    rate,
    chunk,
  );
}

function measure(channels: Float32Array[], rate: number, chunk = 4096): TechnicalReport {
  const meter = new LoudnessMeter();
  for (let at = 0; at < channels[0].length; at += chunk) {
    const n = Math.min(chunk, channels[0].length - at);
    meter.push(
      channels.map((c) => c.subarray(at, at + n)),
      n,
      rate,
    );
  }
  return meter.result();
}

describe('the loudness meter against ffmpeg on the corpus', () => {
  const files = Object.entries(references.files).filter(([, r]) => r.ffmpeg);

  it.each(files)('%s: integrated within 0.1 LU, true peak within 0.2 dB', async (file, ref) => {
    const report = (await analyseAudioFile(path.join(DIR, file))).report!;
    // Where the decoders give different audio, ffmpeg measured ours (see make-loudness-references.ts).
    const r = ref.ourDecode ?? ref.ffmpeg!;
    expect(Math.abs(report.integratedLufs - r.integratedLufs)).toBeLessThanOrEqual(0.1);
    if (r.truePeakDbtp === null) expect(report.truePeakDbtp).toBeNull();
    else expect(Math.abs(report.truePeakDbtp! - r.truePeakDbtp)).toBeLessThanOrEqual(0.2);
    if (r.samplePeakDbfs === null) expect(report.samplePeakDbfs).toBeNull();
    else expect(Math.abs(report.samplePeakDbfs! - r.samplePeakDbfs)).toBeLessThanOrEqual(0.05);
    // ffmpeg's range of a few seconds is an artefact of its histogram (20 LU for a 3 s tone): long files only.
    if (r.seconds !== null && r.seconds >= 10) expect(Math.abs(report.loudnessRange - r.loudnessRange)).toBeLessThanOrEqual(0.2);
  });

  it("measures ffmpeg's own decode within the bounds where only AAC's priming differs", () => {
    // A new file whose decodes differ shows up here, to be looked at rather than passed unseen.
    const differing = Object.entries(references.files).flatMap(([f, r]) => (r.ourDecode ? [f] : []));
    expect(differing.sort()).toEqual([
      'aac-4.0.m4a',
      'aac-7.1.m4a',
      'aac-adts-4.0.aac',
      'aac-adts.aac',
      'aac-fragmented.m4a',
      'aac-moov-end.m4a',
      'aac-small-faststart.m4a',
    ]);
  });
});

describe('the loudness meter against the EBU test signals', () => {
  it("has the standard's K-weighting coefficients at 48 kHz", () => {
    const [shelf, highPass] = kWeighting(48000);
    expect(shelf.b0).toBeCloseTo(1.53512485958697, 10);
    expect(shelf.b1).toBeCloseTo(-2.69169618940638, 10);
    expect(shelf.b2).toBeCloseTo(1.19839281085285, 10);
    expect(shelf.a1).toBeCloseTo(-1.69065929318241, 10);
    expect(shelf.a2).toBeCloseTo(0.73248077421585, 10);
    expect(highPass.a1).toBeCloseTo(-1.99004745483398, 10);
    expect(highPass.a2).toBeCloseTo(0.99007225036621, 10);
  });

  it.each([48000, 44100, 22050, 11025])('reads a -23 dBFS stereo 1 kHz sine as -23.0 LUFS at %i Hz, and -33 as -33.0', (rate) => {
    expect(Math.abs(sine([{ seconds: 20, dbfs: -23 }], { rate }).integratedLufs + 23)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(sine([{ seconds: 20, dbfs: -33 }], { rate }).integratedLufs + 33)).toBeLessThanOrEqual(0.1);
  });

  it('gates: -36 / -23 / -36 dBFS reads -23.0, and with -72 dBFS at both ends too (Tech 3341 cases 3 and 4)', () => {
    const three = sine([
      { seconds: 10, dbfs: -36 },
      { seconds: 60, dbfs: -23 },
      { seconds: 10, dbfs: -36 },
    ]);
    expect(Math.abs(three.integratedLufs + 23)).toBeLessThanOrEqual(0.1);
    const four = sine([
      { seconds: 10, dbfs: -72 },
      { seconds: 10, dbfs: -36 },
      { seconds: 60, dbfs: -23 },
      { seconds: 10, dbfs: -36 },
      { seconds: 10, dbfs: -72 },
    ]);
    expect(Math.abs(four.integratedLufs + 23)).toBeLessThanOrEqual(0.1);
  });

  it.each([
    [-20, -30, 10],
    [-20, -15, 5],
    [-40, -20, 20],
  ])('gives a range of %i then %i dBFS (20 s each) as %i LU, within 1 (Tech 3342)', (a, b, lra) => {
    const r = sine([
      { seconds: 20, dbfs: a },
      { seconds: 20, dbfs: b },
    ]);
    expect(Math.abs(r.loudnessRange - lra)).toBeLessThanOrEqual(1);
  });

  it('finds the peak between samples: a quarter-rate sine sampled 45 degrees off its crest', () => {
    // Every sample sits at 0.707 of the crest: 3 dB under the true peak.
    const r = sine([{ seconds: 2, dbfs: -6 }], { hz: 12000, phase: Math.PI / 4, channels: 1 });
    expect(r.samplePeakDbfs!).toBeCloseTo(-9.01, 1);
    expect(Math.abs(r.truePeakDbtp! + 6)).toBeLessThanOrEqual(0.2);
  });

  it('gives the same report however the samples are chunked', () => {
    const parts = [
      { seconds: 3, dbfs: -30 },
      { seconds: 4, dbfs: -12 },
    ];
    const whole = sine(parts, { chunk: 1 << 20 });
    expect(sine(parts, { chunk: 1 })).toEqual(whole);
    expect(sine(parts, { chunk: 4801 })).toEqual(whole);
  });
});

describe('the rest of the report', () => {
  const rate = 8000;
  const tone = (n: number, f: (i: number) => number) => Float32Array.from({ length: n }, (_, i) => f(i));
  const sin = (i: number) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / rate);

  it('counts runs of 3 or more full-scale samples as clipped, and a lone full-scale peak as not', () => {
    const clipped = tone(rate, (i) => Math.max(-1, Math.min(1, 4 * sin(i))));
    const r = measure([clipped], rate);
    expect(r.clippedSamples).toBeGreaterThan(rate / 4);
    expect(r.samplePeakDbfs).toBe(0);
    const lone = tone(rate, (i) => (i === 100 ? 1 : sin(i)));
    expect(measure([lone], rate).clippedSamples).toBe(0);
  });

  it('gives the DC offset, and the correlation of the channels: 1 for the same, -1 for inverted, null for mono or silence', () => {
    const left = tone(rate, (i) => sin(i) + 0.1);
    expect(measure([left], rate).dcOffset).toBeCloseTo(0.1, 3);
    // Samples of a step not yet ended count too: shorter than one step, and a step and a bit.
    expect(measure([tone(1443, () => 0.25)], rate).dcOffset).toBeCloseTo(0.25, 5);
    expect(measure([tone(rate / 10 + 1443, () => 0.25)], rate, 1000).dcOffset).toBeCloseTo(0.25, 5);
    const l = tone(rate, sin);
    const inverted = tone(rate, (i) => -sin(i));
    expect(measure([l, l], rate).stereoCorrelation).toBe(1);
    expect(measure([l, inverted], rate).stereoCorrelation).toBe(-1);
    expect(measure([l], rate).stereoCorrelation).toBeNull();
    const silent = new Float32Array(rate);
    expect(measure([silent, silent], rate)).toMatchObject({
      integratedLufs: -70,
      loudnessRange: 0,
      truePeakDbtp: null,
      samplePeakDbfs: null,
      stereoCorrelation: null,
      clippedSamples: 0,
    });
  });

  it('gives the short-term loudness of every second, and survives NaN and infinite float samples', () => {
    const r = sine([{ seconds: 12.5, dbfs: -23 }]);
    expect(r.shortTermLufs).toHaveLength(12);
    expect(r.shortTermLufs.slice(3).every((v) => Math.abs(v + 23) <= 0.1)).toBe(true);
    const broken = tone(rate, (i) => (i % 1000 === 0 ? NaN : i % 1001 === 0 ? Infinity : sin(i)));
    const b = measure([broken], rate);
    expect(Number.isFinite(b.integratedLufs)).toBe(true);
    expect(Number.isFinite(b.truePeakDbtp)).toBe(true);
    expect(JSON.parse(JSON.stringify(b))).toEqual(b);
    // In stereo too, where the correlation's sums see the raw samples.
    expect(measure([broken, broken], rate).stereoCorrelation).toBeNull();
  });
});
