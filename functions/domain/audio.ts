/**
 * What an uploaded file really is: its bytes are parsed (music-metadata) and decoded,
 * whatever its name or declared type. Decoding (the @audio decoders) streams, so memory stays flat whatever the duration,
 * and yields the duration and the waveform peaks the player draws without the audio file.
 */
import { parseBuffer } from 'music-metadata';
import getType from 'audio-type';
import { PEAKS_COUNT } from '../../shared/constants.js';

interface StreamCodec {
  decode(chunk: Uint8Array): { channelData: Float32Array[]; sampleRate: number };
  flush?(): { channelData: Float32Array[]; sampleRate: number };
  free?(): void;
}

/** The formats we accept, each decoder loaded only when a file of its kind arrives. */
const DECODERS: Record<string, () => Promise<{ decoder(): Promise<StreamCodec> }>> = {
  mp3: () => import('@audio/decode-mp3'),
  wav: () => import('@audio/decode-wav'),
  flac: () => import('@audio/decode-flac'),
  oga: () => import('@audio/decode-vorbis'),
  opus: () => import('@audio/decode-opus'),
  m4a: () => import('@audio/decode-mp4'),
  mp4: () => import('@audio/decode-mp4'),
  aac: () => import('@audio/decode-aac'),
  aiff: () => import('@audio/decode-aiff'),
} as never;

/** How many leading bytes are enough to recognise a container and its codec. */
export const SNIFF_BYTES = 1024 * 1024;
/** Samples per window of the first pass; the windows are then folded into PEAKS_COUNT buckets. */
const WINDOW = 128;

export interface AudioFacts {
  format: string;
  duration: number;
  sampleRate: number;
  peaks: Uint8Array;
}

/** Recognises audio from the first bytes; null when they are not a known audio format. */
export async function sniffAudio(head: Uint8Array, size: number): Promise<string | null> {
  const format = getType(head);
  if (!format || !(format in DECODERS)) return null;
  try {
    const meta = await parseBuffer(head, { size }, { duration: false, skipCovers: true });
    return meta.format.sampleRate || meta.format.numberOfChannels || meta.format.codec ? format : null;
  } catch {
    return null;
  }
}

/** Folds per-window maxima into `count` buckets of 0-255. */
export function foldPeaks(windows: Float32Array, count = PEAKS_COUNT): Uint8Array {
  const out = new Uint8Array(count);
  if (windows.length === 0) return out;
  for (let i = 0; i < count; i++) {
    const from = Math.floor((i * windows.length) / count);
    const to = Math.max(from + 1, Math.floor(((i + 1) * windows.length) / count));
    let max = 0;
    for (let j = from; j < to && j < windows.length; j++) if (windows[j] > max) max = windows[j];
    out[i] = Math.min(255, Math.round(max * 255));
  }
  return out;
}

class WindowMaxima {
  private values = new Float32Array(4096);
  length = 0;
  private current = 0;
  private filled = 0;
  samples = 0;

  push(channels: Float32Array[]) {
    const n = channels[0]?.length ?? 0;
    for (let i = 0; i < n; i++) {
      for (const ch of channels) {
        const v = Math.abs(ch[i]);
        if (v > this.current) this.current = v;
      }
      if (++this.filled === WINDOW) this.flush();
    }
    this.samples += n;
  }

  flush() {
    if (this.filled === 0) return;
    if (this.length === this.values.length) {
      const grown = new Float32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = this.current;
    this.current = 0;
    this.filled = 0;
  }

  result() {
    this.flush();
    return this.values.subarray(0, this.length);
  }
}

/** Decodes the whole stream; throws when it does not decode to any sound. */
export async function analyseAudio(chunks: AsyncIterable<Uint8Array>, format: string): Promise<AudioFacts> {
  const load = DECODERS[format];
  if (!load) throw new Error(`Unsupported audio format ${format}`);
  const codec = await (await load()).decoder();
  const windows = new WindowMaxima();
  let sampleRate = 0;
  const take = (pcm: { channelData: Float32Array[]; sampleRate: number } | undefined) => {
    if (!pcm?.channelData?.length) return;
    if (pcm.sampleRate) sampleRate = pcm.sampleRate;
    windows.push(pcm.channelData);
  };
  try {
    for await (const chunk of chunks) take(codec.decode(chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk)));
    take(codec.flush?.());
  } finally {
    codec.free?.();
  }
  if (!sampleRate || windows.samples === 0) throw new Error('No audio decoded');
  return { format, sampleRate, duration: windows.samples / sampleRate, peaks: foldPeaks(windows.result()) };
}
