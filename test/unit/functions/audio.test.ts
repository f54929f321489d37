import { describe, expect, it } from 'vitest';
import { analyseAudio, foldPeaks, sniffAudio } from '../../../functions/domain/audio.js';
import { sanitizeFilename } from '../../../functions/domain/tracks.js';
import { mp3Bytes, pngBytes, wavBytes } from '../../support/audio.js';

async function* chunked(buf: Buffer, size = 65536) {
  for (let i = 0; i < buf.length; i += size) yield new Uint8Array(buf.subarray(i, i + size));
}

describe('audio analysis', () => {
  it('recognises a WAV by its bytes and reads duration and peaks by decoding it', async () => {
    const wav = wavBytes({ seconds: 2.5, sampleRate: 22050, channels: 2, envelope: 'ramp' });
    const format = await sniffAudio(new Uint8Array(wav.subarray(0, 4096)), wav.length);
    expect(format).toBe('wav');
    const facts = await analyseAudio(chunked(wav), format!);
    expect(facts.duration).toBeCloseTo(2.5, 3);
    expect(facts.peaks.length).toBe(1000);
    expect(facts.peaks[999]).toBeGreaterThan(200);
    expect(facts.peaks[10]).toBeLessThan(20);
  });

  it('decodes an MP3 to its duration', async () => {
    const mp3 = mp3Bytes({ seconds: 3 });
    const format = await sniffAudio(new Uint8Array(mp3.subarray(0, 4096)), mp3.length);
    expect(format).toBe('mp3');
    const facts = await analyseAudio(chunked(mp3, 4096), format!);
    // MP3 frames pad the ends a little.
    expect(facts.duration).toBeGreaterThan(2.9);
    expect(facts.duration).toBeLessThan(3.2);
    expect(Math.max(...facts.peaks)).toBeGreaterThan(100);
  });

  it('keeps the waveform the same size whatever the duration', async () => {
    for (const seconds of [0.5, 30]) {
      const wav = wavBytes({ seconds, sampleRate: 8000, envelope: 'ramp' });
      expect((await analyseAudio(chunked(wav), 'wav')).peaks.length).toBe(1000);
    }
  });

  it('does not take a picture for audio, whatever its name', async () => {
    const png = pngBytes();
    expect(await sniffAudio(new Uint8Array(png), png.length)).toBeNull();
    await expect(analyseAudio(chunked(Buffer.alloc(5000)), 'wav')).rejects.toThrow();
  });

  it('folds windows into buckets by their maximum', () => {
    expect([...foldPeaks(new Float32Array([0, 1, 0.5, 0.25]), 2)]).toEqual([255, 128]);
    expect([...foldPeaks(new Float32Array([]), 3)]).toEqual([0, 0, 0]);
  });
});

describe('sanitizeFilename', () => {
  it('keeps a safe, recognisable name', () => {
    expect(sanitizeFilename('../../etc/My Song (final)!.mp3')).toBe('My_Song_final_.mp3');
    expect(sanitizeFilename('   ')).toBe('track');
    expect(sanitizeFilename('ñandú.wav')).toBe('and_.wav');
  });
});
