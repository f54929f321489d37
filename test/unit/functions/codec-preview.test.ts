/**
 * Codec previews (functions/tracks/audio/codec-preview.ts): a master clean as a WAV goes over full scale after a
 * lossy encoder, and the overs are placed in time where the master is loud; a master with headroom stays clean.
 */
import { describe, expect, it } from 'vitest';
import { CODEC_PROFILES, type CodecProfileId } from '../../../shared/codec-profiles.js';
import { previewCodec, type CodecPreview } from '../../../functions/tracks/audio/codec-preview.js';
import { opusInputRate } from '../../../functions/tracks/audio/opus-codec.js';

const RATE = 44_100;

/**
 * Six seconds of a mix: a quiet bed, and from 1 to 2 s and 4 to 5 s a bass and bright noise slammed into full
 * scale by a clipper (no sample beyond it, as a loud master leaves a limiter); `gain` scales it all.
 */
function master(gain = 1): Float32Array[] {
  const n = 6 * RATE;
  let seed = 9;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  const channels = [new Float32Array(n), new Float32Array(n)];
  for (let i = 0; i < n; i++) {
    const t = i / RATE;
    const loud = (t >= 1 && t < 2) || (t >= 4 && t < 5);
    const bass = Math.sin(2 * Math.PI * 55 * t);
    for (const [c, channel] of channels.entries()) {
      const x = loud ? 2.5 * bass + 1.2 * random() : 0.1 * bass + 0.02 * random() * (c + 1);
      channel[i] = gain * Math.max(-1, Math.min(1, x));
    }
  }
  return channels;
}

/** The master in blocks of 1,000 frames, as processing streams it. */
function* blocks(channels: Float32Array[]) {
  for (let i = 0; i < channels[0].length; i += 1000) yield channels.map((c) => c.subarray(i, i + 1000));
}

const preview = (id: CodecProfileId, channels: Float32Array[], rate = RATE): Promise<CodecPreview> =>
  previewCodec(id, { rate, frames: channels[0].length }, blocks(channels));

const inLoudPart = (t: number) => (t >= 0.98 && t <= 2.02) || (t >= 3.98 && t <= 5.02);

describe('codec previews', () => {
  const previewed = CODEC_PROFILES.filter((p) => !('notPreviewed' in p)).map((p) => p.id);

  it.each(previewed)('%s: a master clean as a WAV goes over after encoding, where it is loud', async (id) => {
    const loud = master();
    expect(loud.every((c) => c.every((v) => Math.abs(v) <= 1))).toBe(true);
    const p = await preview(id, loud);
    expect(p.overSamples).toBeGreaterThan(0);
    expect(p.truePeakDbtp!).toBeGreaterThan(0);
    expect(p.samplePeakDbfs!).toBeGreaterThan(0);
    expect(p.overRuns.length).toBeGreaterThan(1);
    // Every run lies in one of the two loud parts, and each part has its runs.
    for (const r of p.overRuns) expect(inLoudPart(r.start) && inLoudPart(r.end), JSON.stringify(r)).toBe(true);
    expect(p.overRuns.some((r) => r.start < 2.1)).toBe(true);
    expect(p.overRuns.some((r) => r.start > 3.9)).toBe(true);
    expect(p.overRuns.reduce((s, r) => s + r.samples, 0)).toBe(p.overSamples);
    expect(p.encodedBytes).toBeGreaterThan(0);
  });

  it.each(['mp3-320', 'vorbis-320'] as const)('%s: the same master turned down 6 dB stays under full scale', async (id) => {
    const p = await preview(id, master(0.5));
    expect(p.overSamples).toBe(0);
    expect(p.overRuns).toEqual([]);
    expect(p.truePeakDbtp!).toBeLessThan(0);
  });

  // At 22.05 kHz, Opus takes the master at 24 kHz (as ffmpeg feeds it) and still decodes at 48.
  it.each([RATE, 22_050])(
    'places a burst where it is in a master at %i Hz, within 10 ms, however the codec delays its decode',
    async (rate) => {
      const n = 4 * rate;
      const quiet = Float32Array.from({ length: n }, (_, i) => 0.05 * Math.sin((2 * Math.PI * 220 * i) / rate));
      const from = 2.5 * rate;
      for (let i = from; i < from + 0.02 * rate; i++) quiet[i] = Math.sign(Math.sin((2 * Math.PI * 3_000 * i) / rate)) || 1;
      for (const id of previewed) {
        const p = await preview(id, [quiet, quiet], rate);
        expect(p.overRuns.length, id).toBeGreaterThan(0);
        expect(Math.abs(p.overRuns[0].start - 2.5), id).toBeLessThan(0.01);
        expect(p.overRuns.at(-1)!.end - 2.52, id).toBeLessThan(0.01);
      }
    },
  );

  it('feeds libopus at the rate it takes nearest the master, as ffmpeg does (the higher of two as near)', () => {
    const fed = [8000, 11_025, 16_000, 22_050, 32_000, 36_000, 44_100, 48_000, 96_000].map(opusInputRate);
    expect(fed).toEqual([8000, 12_000, 16_000, 24_000, 24_000, 48_000, 48_000, 48_000, 48_000]);
  });
});
