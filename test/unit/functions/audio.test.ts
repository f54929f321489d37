import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseAudioFile, AudioRejected, foldPeaks } from '../../../functions/tracks/audio.js';
import { sanitizeFilename } from '../../../functions/tracks/tracks.js';
import { mp3Bytes, pngBytes, wavBytes } from '../../support/audio.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audio-unit-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = (name: string, bytes: Buffer) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, bytes);
  return p;
};

describe('audio analysis', () => {
  it('recognises a WAV by its bytes and reads duration and peaks by decoding it', async () => {
    const facts = await analyseAudioFile(file('a.bin', wavBytes({ seconds: 2.5, sampleRate: 22050, channels: 2, envelope: 'ramp' })));
    expect(facts.format).toBe('wav');
    expect(facts.duration).toBeCloseTo(2.5, 3);
    expect(facts.peaks.length).toBe(1000);
    expect(facts.peaks[999]).toBeGreaterThan(200);
    expect(facts.peaks[10]).toBeLessThan(20);
  });

  it('decodes an MP3 to its duration', async () => {
    const facts = await analyseAudioFile(file('b.bin', mp3Bytes({ seconds: 3 })));
    expect(facts.format).toBe('mp3');
    // MP3 frames pad the ends a little.
    expect(facts.duration).toBeGreaterThan(2.9);
    expect(facts.duration).toBeLessThan(3.2);
    expect(Math.max(...facts.peaks)).toBeGreaterThan(100);
  });

  it('keeps the waveform the same size whatever the duration', async () => {
    for (const seconds of [0.5, 30]) {
      expect(
        (await analyseAudioFile(file(`c${seconds}.wav`, wavBytes({ seconds, sampleRate: 8000, envelope: 'ramp' })))).peaks.length,
      ).toBe(1000);
    }
  });

  it('does not take a picture or zeros for audio, whatever the name', async () => {
    await expect(analyseAudioFile(file('cover.mp3', pngBytes()))).rejects.toBeInstanceOf(AudioRejected);
    await expect(analyseAudioFile(file('zeros.wav', Buffer.alloc(5000)))).rejects.toBeInstanceOf(AudioRejected);
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
