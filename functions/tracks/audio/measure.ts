/**
 * What decoding measures as it streams: duration, waveform peaks, the technical report (loudness, peaks,
 * clipping: ./loudness.ts), and whether the audio explains the file's bytes.
 */
import { MAX_TRACK_SECONDS, PEAKS_COUNT } from '../../../shared/constants.js';
import { FindingsMeter } from './findings.js';
import { FindingsThread } from './findings-thread.js';
import { LoudnessMeter } from './loudness.js';
import { AudioRejected, REASONS } from './rejected.js';
import type { Layout } from './channel-layout.js';

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

/** Samples per window at first; windows double whenever MAX_WINDOWS fill up. */
const WINDOW = 128;
/** 64 buckets' worth of windows per peak at least, so bucket edges move by under 2% when windows merge. */
const MAX_WINDOWS = 64 * 1024;

/**
 * Maxima of |sample| per window. When the windows fill up, neighbours merge and windows double: memory stays at
 * 256 KiB whatever the duration, and folding into PEAKS_COUNT buckets later gives the same maxima.
 */
export class PeakMeter {
  private values = new Float32Array(MAX_WINDOWS);
  private length = 0;
  private window = WINDOW;
  private current = 0;
  private filled = 0;

  /** Takes, per sample frame, the largest |sample| across channels. */
  push(frameMax: Float32Array, n: number) {
    let current = this.current;
    let filled = this.filled;
    for (let i = 0; i < n; i++) {
      const v = frameMax[i];
      if (v > current) current = v;
      if (++filled >= this.window) {
        this.close(current);
        current = 0;
        filled = 0;
      }
    }
    this.current = current;
    this.filled = filled;
  }

  private close(value: number) {
    if (this.length === MAX_WINDOWS) {
      const half = MAX_WINDOWS / 2;
      for (let i = 0; i < half; i++) this.values[i] = Math.max(this.values[2 * i], this.values[2 * i + 1]);
      this.length = half;
      this.window *= 2;
    }
    this.values[this.length++] = value;
  }

  result(): Float32Array {
    if (this.filled > 0) {
      this.close(this.current);
      this.current = 0;
      this.filled = 0;
    }
    return this.values.subarray(0, this.length);
  }
}

/** A second of grace over the limit, for encoder padding. */
const MAX_SECONDS = MAX_TRACK_SECONDS + 1;

/** Where decoded samples go besides the measure: a playable copy of the audio (functions/tracks/audio/wav-writer.ts). */
export interface PcmSink {
  /** `n` frames of planar samples in [-1, 1]. */
  write(channels: Float32Array[], n: number, sampleRate: number): void;
  /** Where each channel plays, when the container says (before the first write). */
  speakers?(layout: Layout): void;
}

/** Duration, peaks and the report of decoded audio, accumulated chunk by chunk. */
export class Measure {
  readonly meter = new PeakMeter();
  /** Null when the report is not wanted (the bench measures what it costs). */
  readonly loudness: LoudnessMeter | null;
  /**
   * Analysis findings (./findings.ts), with the report only, in the decode's thread or one of their own
   * (./findings-thread.ts); null when not wanted (the bench measures their cost).
   */
  readonly findings: FindingsMeter | FindingsThread | null;
  /**
   * The stream's own channels, when its decoder gives more (mpg123 gives a mono MP3 as two equal channels,
   * which would measure 3 dB louder): only these are measured and copied.
   */
  channels?: number;
  /**
   * False when browsers' <audio> cannot be relied on to play the file as it is (AIFF, ALAC, uncommon WAV
   * encodings): the parsers say so, and processing then stores a PCM WAV copy instead.
   */
  browserPlayable = true;
  /** Sample frames decoded. */
  frames = 0;
  sampleRate = 0;
  /** Seconds before the last change of sample rate (a stream may change it), and frames since. */
  private secondsBefore = 0;
  private framesAtRate = 0;
  private scratch = new Float32Array(16384);
  private planar: Float32Array[] = [];
  /** A decoder's channels in the layout's order (./channel-layout.ts aacLayout). */
  private order?: number[];

  constructor(
    readonly sink?: PcmSink,
    { report = true, findings = true }: { report?: boolean; findings?: boolean | 'thread' } = {},
  ) {
    this.loudness = report ? new LoudnessMeter() : null;
    this.findings = !report || !findings ? null : findings === 'thread' ? new FindingsThread() : new FindingsMeter();
  }

  /**
   * Arrays for a decoder's next `n` frames of `channels` channels: the report's own memory when there is a
   * report, which then need not copy them. Fill them and call `addPlanar` without awaiting in between.
   */
  frameBuffers(channels: number, n: number): Float32Array[] {
    if (this.loudness) return this.loudness.buffers(channels, n);
    if (this.planar.length !== channels || this.planar[0].length < n)
      this.planar = Array.from({ length: channels }, () => new Float32Array(n));
    return this.planar.map((c) => c.subarray(0, n));
  }

  /**
   * Where each channel plays, when the container says otherwise than their count (./channel-layout.ts), and the
   * order that puts the decoder's channels in it. Before the first samples.
   */
  setLayout({ layout, order }: { layout: Layout; order?: number[] }) {
    if (this.loudness) this.loudness.layout = layout;
    this.sink?.speakers?.(layout);
    this.order = order;
  }

  /** Planar float channels as the decoders give them. */
  addPlanar(given: Float32Array[], sampleRate: number) {
    const decoded = this.order?.length === given.length ? this.order.map((i) => given[i]) : given;
    const channels = this.channels && decoded.length > this.channels ? decoded.slice(0, this.channels) : decoded;
    const n = channels.length ? channels[0].length : 0;
    if (n === 0 || !(sampleRate > 0)) return;
    if (this.scratch.length < n) this.scratch = new Float32Array(n);
    const out = this.scratch;
    out.fill(0, 0, n);
    for (const ch of channels) {
      const len = Math.min(n, ch.length);
      for (let i = 0; i < len; i++) {
        const v = ch[i] < 0 ? -ch[i] : ch[i];
        if (v > out[i]) out[i] = v;
      }
    }
    this.meter.push(out, n);
    this.addFrames(n, sampleRate);
    if (this.loudness) {
      const runs = this.loudness.push(channels, n, sampleRate);
      this.findings?.push(runs, n, sampleRate, this.loudness.overInLastPush);
    }
    this.sink?.write(channels, n, sampleRate);
  }

  /** Seconds decoded. */
  get seconds() {
    return this.framesAtRate ? this.secondsBefore + this.framesAtRate / this.sampleRate : this.secondsBefore;
  }

  private addFrames(n: number, sampleRate: number) {
    if (sampleRate !== this.sampleRate) {
      this.secondsBefore = this.seconds;
      this.framesAtRate = 0;
      this.sampleRate = sampleRate;
    }
    this.frames += n;
    this.framesAtRate += n;
    if (this.seconds > MAX_SECONDS) throw new AudioRejected(REASONS.tooLong);
  }
}

/** Refuses up front a stream whose header already says it is too long. */
export function checkDeclaredSeconds(seconds: number) {
  if (seconds > MAX_SECONDS) throw new AudioRejected(REASONS.tooLong);
}

/** Tags, cover art and container indexes: up to this much of a file needs no audio to explain it. */
const METADATA_ALLOWANCE = 16 * 1024 * 1024;
/** Small files get this much leeway, so a short sound with a few odd bytes is not refused. */
const SLACK_BYTES = 64 * 1024;

/**
 * The rule against "audio" that is mostly something else (a few valid frames in front of arbitrary bytes, a video
 * with a sound track): the bytes of the audio stream must be at least half of the file's bytes, leaving out
 * recognised metadata (tags, cover art, container indexes: up to METADATA_ALLOWANCE) and SLACK_BYTES.
 *
 * The audio bytes are what the container parsers delimited and handed to the decoder, not a guess: MPEG and ADTS
 * frames chained header to header, FLAC frames whose CRC-16 checks, Ogg pages of the audio stream, MP4 samples of
 * the audio track, WAV/AIFF sample data. A real file is almost all of that (tags aside), so half leaves a wide
 * margin for odd writers, while a sliver of audio in front of something else is refused. Comparing a duration
 * with a bitrate would be weaker: a codec's largest bitrate is several times its usual one.
 */
export function checkAccounted({ fileBytes, audioBytes, metadataBytes }: { fileBytes: number; audioBytes: number; metadataBytes: number }) {
  const needsExplaining = fileBytes - Math.min(metadataBytes, METADATA_ALLOWANCE) - SLACK_BYTES;
  if (audioBytes * 2 < needsExplaining) throw new AudioRejected(REASONS.mostlyNotAudio);
}

/** What a container's analysis found besides the decoded audio: which format, and how its bytes divide. */
export interface ContainerResult {
  format: string;
  /** Bytes of the audio stream, as the container parser delimited them. */
  audioBytes: number;
  /** Tags, cover art, headers and indexes. */
  metadataBytes: number;
}

export interface StreamDecoder {
  decode(data: Uint8Array | Uint8Array[]): { channelData: Float32Array[]; sampleRate: number };
  flush?(): { channelData: Float32Array[]; sampleRate: number };
  free?(): void;
}

/**
 * Runs a decoder from one of the @audio packages so that nothing it throws or rejects escapes as anything but
 * AudioRejected: its creation is awaited, every failure is caught, and it is always freed (once).
 */
export async function withDecoder<D extends StreamDecoder>(
  measure: Measure,
  create: () => Promise<D>,
  use: (decoder: D) => Promise<void>,
): Promise<void> {
  let decoder: D;
  try {
    decoder = await create();
  } catch {
    throw new AudioRejected(REASONS.noSound);
  }
  try {
    await use(decoder);
    const tail = decoder.flush?.();
    if (tail?.channelData?.length) measure.addPlanar(tail.channelData, tail.sampleRate);
  } catch (err) {
    if (err instanceof AudioRejected) throw err;
    throw new AudioRejected(measure.frames > 0 ? REASONS.damaged : REASONS.noSound);
  } finally {
    try {
      decoder.free?.();
    } catch {
      // Nothing to do: the decoder is dropped either way.
    }
  }
}

/** Feeds one decoded result to the measure. */
export function take(measure: Measure, out: { channelData?: Float32Array[]; sampleRate?: number } | undefined) {
  if (out?.channelData?.length && out.sampleRate) measure.addPlanar(out.channelData, out.sampleRate);
}
