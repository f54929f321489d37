/**
 * Stored waveform peaks: base64 of PEAKS_COUNT bytes, each 0-255 (the amplitude of that slice of the
 * track times 255). Decoded once per track; drawing a waveform never needs the audio file.
 */
import { PEAKS_COUNT } from '@shared/constants';

const cache = new Map<string, Float32Array>();

/** The peaks as amplitudes 0-1. Anything undecodable gives a flat (silent) waveform. */
export function decodePeaks(base64: string, count: number = PEAKS_COUNT): Float32Array {
  const cached = cache.get(base64);
  if (cached) return cached;
  let bytes: Uint8Array;
  try {
    const binary = atob(base64);
    bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  } catch {
    bytes = new Uint8Array(0);
  }
  const out = new Float32Array(bytes.length > 0 ? bytes.length : count);
  for (let i = 0; i < bytes.length; i++) out[i] = bytes[i] / 255;
  if (cache.size > 200) cache.clear();
  cache.set(base64, out);
  return out;
}

/** Folds the peaks into `bars` buckets (the loudest value of each), for a compact drawing. */
export function downsamplePeaks(peaks: ArrayLike<number>, bars: number): number[] {
  const n = Math.max(1, Math.floor(bars));
  if (peaks.length === 0) return new Array<number>(n).fill(0);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const from = Math.floor((i * peaks.length) / n);
    const to = Math.max(from + 1, Math.floor(((i + 1) * peaks.length) / n));
    let max = 0;
    for (let j = from; j < to && j < peaks.length; j++) if (peaks[j] > max) max = peaks[j];
    out.push(max);
  }
  return out;
}
