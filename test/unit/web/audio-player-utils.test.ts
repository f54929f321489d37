import { describe, expect, it } from 'vitest';
import { PEAKS_COUNT } from '../../../shared/constants';
import { decodePeaks, downsamplePeaks } from '../../../web/src/components/audio-player/peaks';
import { clampTime, formatTime } from '../../../web/src/components/audio-player/time';
import { barsPath } from '../../../web/src/components/audio-player/waveform-bars';

const b64 = (bytes: number[]) => Buffer.from(Uint8Array.from(bytes)).toString('base64');

describe('formatTime (m:ss)', () => {
  it('pads the seconds and never pads the minutes', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(5)).toBe('0:05');
    expect(formatTime(59.999)).toBe('0:59');
    expect(formatTime(60)).toBe('1:00');
    expect(formatTime(187.4)).toBe('3:07');
    expect(formatTime(3700)).toBe('61:40');
  });
  it('shows 0:00 for anything that is not a time', () => {
    expect(formatTime(-3)).toBe('0:00');
    expect(formatTime(Number.NaN)).toBe('0:00');
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe('0:00');
  });
  it('clamps a time to the track', () => {
    expect(clampTime(-1, 30)).toBe(0);
    expect(clampTime(31, 30)).toBe(30);
    expect(clampTime(12.5, 30)).toBe(12.5);
    expect(clampTime(Number.NaN, 30)).toBe(0);
  });
});

describe('decodePeaks', () => {
  it('turns base64 bytes into amplitudes from 0 to 1', () => {
    const peaks = decodePeaks(b64([0, 51, 255, 128]));
    expect(Array.from(peaks)).toEqual([0, 0.2, 1, 128 / 255].map((v) => Math.fround(v)));
  });
  it('decodes the stored 1000 values', () => {
    const bytes = Array.from({ length: PEAKS_COUNT }, (_, i) => i % 256);
    const peaks = decodePeaks(b64(bytes));
    expect(peaks).toHaveLength(PEAKS_COUNT);
    expect(peaks[255]).toBe(1);
    expect(peaks[256]).toBe(0);
    expect(Math.max(...peaks)).toBeLessThanOrEqual(1);
  });
  it('gives a flat waveform for undecodable input', () => {
    const peaks = decodePeaks('%%% not base64 %%%');
    expect(peaks).toHaveLength(PEAKS_COUNT);
    expect(peaks.every((v) => v === 0)).toBe(true);
    expect(decodePeaks('')).toHaveLength(PEAKS_COUNT);
  });
  it('folds the peaks into fewer bars, keeping the loudest of each', () => {
    expect(downsamplePeaks([0.1, 0.9, 0.2, 0.3], 2)).toEqual([0.9, 0.3]);
    expect(downsamplePeaks([0.5], 3)).toEqual([0.5, 0.5, 0.5]);
    expect(downsamplePeaks([], 2)).toEqual([0, 0]);
    expect(downsamplePeaks(new Float32Array(1000).fill(0.25), 180)).toHaveLength(180);
  });
  it('draws one bar per value, centred, at least 2 units high', () => {
    expect(barsPath([1, 0])).toBe('M0 0.0h2v100.0h-2zM3 49.0h2v2.0h-2z');
  });
});
