/**
 * The MP3 preview (functions/tracks/audio/codec-preview.ts) hands LAME the 16-bit master's samples as ffmpeg does:
 * LAME's float input is taken at 32767 a full scale, so a sample s / 32768 must reach it as s / 32767.
 */
import { expect, it, vi } from 'vitest';
import { previewCodec } from '../../../functions/tracks/audio/codec-preview.js';

/** What LAME was given, the left channel of each block. */
const given: Float32Array[] = [];

vi.mock('wasm-media-encoders', async (original) => {
  const real = await original<typeof import('wasm-media-encoders')>();
  return {
    ...real,
    createMp3Encoder: async () => {
      const encoder = await real.createMp3Encoder();
      return new Proxy(encoder, {
        get: (target, key) => {
          if (key === 'encode')
            return (channels: Float32Array[]) => {
              given.push(Float32Array.from(channels[0]));
              return target.encode(channels);
            };
          const value = Reflect.get(target, key);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    },
  };
});

it('gives LAME each 16-bit sample at the level ffmpeg gives it (s, on its scale of 32767)', async () => {
  const samples = [32767, 16384, -32768, 12345, -1, 0];
  const left = Float32Array.from({ length: 4410 }, (_, i) => samples[i % samples.length] / 32768);
  const right = Float32Array.from(left, (v) => -v / 2);
  await previewCodec('mp3-320', { rate: 44_100, frames: left.length }, [[left, right]]);
  const first = given[0];
  expect(first.length).toBe(left.length);
  for (let i = 0; i < samples.length; i++) expect(Math.round(first[i] * 32767)).toBe(samples[i]);
});
