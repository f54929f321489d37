/**
 * Codec previews: a master through a service's lossy encoding and back (shared/codec-profiles.ts), measured as a
 * listener's player receives it. LAME's MP3 and libvorbis's Ogg Vorbis encoders (compiled to WebAssembly, from
 * wasm-media-encoders) encode it; the decoders uploads are read with (@audio/decode-mp3, @audio/decode-vorbis)
 * decode it in floating point, so what goes over full scale is kept rather than clipped; the technical report's
 * meter measures the true peak, and every decoded sample beyond 0 dBFS is counted, the overs merged into runs a
 * reviewer can pin. It streams: the master in, block by block, through the encoder and the decoder at once.
 */
import { decoder as mp3Decoder } from '@audio/decode-mp3';
import { decoder as vorbisDecoder } from '@audio/decode-vorbis';
import { createMp3Encoder, createOggEncoder } from 'wasm-media-encoders';
import { codecProfile, VORBIS_QUALITY, type CodecProfile, type CodecProfileId } from '../../../shared/codec-profiles.js';
import type { Codec } from './codec.js';
import { LoudnessMeter } from './loudness.js';
import { OggOpusWriter } from './ogg-opus-writer.js';
import { OPUS_DELAY, OPUS_FRAME, OPUS_RATE, openOpusCodec } from './opus-codec.js';

/**
 * Samples an MP3 decode runs behind its master: LAME's encoder delay (576) and the decoder's (529), as LAME
 * documents them and as measured here with a click at 44.1 and 48 kHz. Vorbis's decode is aligned by its granules.
 */
export const MP3_DELAY = 1105;
/** Overs closer together than this (seconds) are one run. */
const RUN_GAP_SECONDS = 0.05;
/** The runs kept, the loudest first: a master over everywhere says so in its count. */
export const MAX_RUNS = 200;

export interface OverRun {
  /** Seconds into the master. */
  start: number;
  end: number;
  peakDbfs: number;
  samples: number;
}

export interface CodecPreview {
  profile: CodecProfileId;
  truePeakDbtp: number | null;
  samplePeakDbfs: number | null;
  /** Decoded samples beyond 0 dBFS, of every channel. */
  overSamples: number;
  /** Where they are, in time order: at most MAX_RUNS, the loudest. */
  overRuns: OverRun[];
  /** Runs beyond MAX_RUNS, left out. */
  runsLeftOut: number;
  encodedBytes: number;
}

/** Overs merged into runs as the decoded audio streams past. */
export class Overs {
  samples = 0;
  private readonly runs: OverRun[] = [];
  private open: OverRun | null = null;
  private lastOver = -Infinity;

  constructor(private readonly rate: number) {}

  /** `n` frames of `channels` starting at frame `from` of the master. */
  push(channels: Float32Array[], n: number, from: number): void {
    if (!channels.some((c) => hasOver(c, n))) return;
    for (let i = 0; i < n; i++) {
      let peak = 0;
      let count = 0;
      for (const c of channels) {
        const v = Math.abs(c[i]);
        if (v > 1) count++;
        if (v > peak) peak = v;
      }
      if (!count) continue;
      this.samples += count;
      const t = (from + i) / this.rate;
      if (!this.open || t - this.lastOver > RUN_GAP_SECONDS) {
        this.close();
        this.open = { start: t, end: t, peakDbfs: -Infinity, samples: 0 };
      }
      this.open.end = t + 1 / this.rate;
      this.open.samples += count;
      this.open.peakDbfs = Math.max(this.open.peakDbfs, 20 * Math.log10(peak));
      this.lastOver = t;
    }
  }

  private close() {
    if (this.open) this.runs.push({ ...this.open, peakDbfs: Math.round(this.open.peakDbfs * 100) / 100 });
    this.open = null;
  }

  result(): { overRuns: OverRun[]; runsLeftOut: number } {
    this.close();
    const kept = new Set([...this.runs].sort((a, b) => b.peakDbfs - a.peakDbfs).slice(0, MAX_RUNS));
    return { overRuns: this.runs.filter((r) => kept.has(r)), runsLeftOut: this.runs.length - kept.size };
  }
}

/** Whether any of the first `n` samples of `c` is beyond full scale: most blocks of most masters are not. */
function hasOver(c: Float32Array, n: number): boolean {
  for (let i = 0; i < n; i++) if (c[i] > 1 || c[i] < -1) return true;
  return false;
}

/** The first two channels of `block`, within full scale (as the encoders take them), in `scratch` when it fits. */
function encoderInput(block: Float32Array[], scratch: Float32Array[]): Float32Array[] {
  return block.slice(0, 2).map((c, ch) => {
    if (!hasOver(c, c.length)) return c;
    if (!scratch[ch] || scratch[ch].length < c.length) scratch[ch] = new Float32Array(c.length);
    const out = scratch[ch].subarray(0, c.length);
    for (let i = 0; i < c.length; i++) out[i] = c[i] > 1 ? 1 : c[i] < -1 ? -1 : c[i];
    return out;
  });
}

interface Decoder {
  decode(bytes: Uint8Array): { channelData: Float32Array[] };
  flush?(): { channelData: Float32Array[] };
  free(): void;
}

/** Each previewed format's encoder (and its setting for a profile), decoder and delay. */
const FORMATS = {
  mp3: {
    encoder: () => createMp3Encoder(),
    setting: (p: CodecProfile) => ({ bitrate: p.kbps as 128 | 320 }),
    // LAME takes float samples at 32767 a full scale (lame_encode_buffer_ieee_float), where ffmpeg hands it the
    // 16-bit master's samples as they are: raised by 32768 / 32767, they reach it as ffmpeg's do.
    gain: 32768 / 32767,
    // The streaming MP3 decoder keeps no frame back: nothing is left to flush.
    decoder: (): Promise<Decoder> => mp3Decoder(),
    delay: MP3_DELAY,
  },
  vorbis: {
    encoder: () => createOggEncoder(),
    setting: (p: CodecProfile) => ({ vbrQuality: VORBIS_QUALITY[p.kbps] }),
    decoder: (): Promise<Decoder> => vorbisDecoder(),
    delay: 0,
    gain: 1,
  },
};

/** `profileId`'s encoder set up for `channels` at `rate`, and its decoder. */
export async function openCodec(profileId: CodecProfileId, rate: number, channels: 1 | 2): Promise<Codec> {
  const profile = codecProfile(profileId);
  if (profile?.format === 'opus' && !profile.notPreviewed) return openOpusCodec(profile.kbps, rate, channels);
  const format = profile && !profile.notPreviewed && FORMATS[profile.format as keyof typeof FORMATS];
  if (!format) throw new Error(`No preview is made for ${profileId}`);
  // The two encoders' settings differ by format; each format's own setting goes to its own encoder.
  const encoder = (await format.encoder()) as Awaited<ReturnType<typeof createMp3Encoder>>;
  encoder.configure({ sampleRate: rate, channels, ...(format.setting(profile) as { bitrate: 128 | 320 }) });
  const dec = await format.decoder();
  const scratch: Float32Array[] = [];
  const input = (c: Float32Array[]) =>
    format.gain === 1
      ? c
      : c.map((x, ch) => {
          if (!scratch[ch] || scratch[ch].length < x.length) scratch[ch] = new Float32Array(x.length);
          const out = scratch[ch].subarray(0, x.length);
          for (let i = 0; i < x.length; i++) out[i] = x[i] * format.gain;
          return out;
        });
  return {
    encode: (c) => [encoder.encode(input(c)).slice()],
    finalize: () => [encoder.finalize().slice()],
    // One piece an encode: what the encoder wrote.
    decode: ([bytes]) => (bytes?.length ? dec.decode(bytes).channelData : []),
    flush: () => dec.flush?.().channelData ?? [],
    free: () => dec.free(),
    delay: format.delay,
    rate,
  };
}

/**
 * A file of `profileId`'s encoding of a master (`frames` frames at `rate`, `channels` encoded) to play, each
 * piece previewCodec hands on given to `write`: MP3 and Ogg Vorbis as their encoders write them, Opus's packets
 * into an Ogg Opus file. `end` once every piece is in.
 */
export function previewFileWriter(
  profileId: CodecProfileId,
  { rate, frames, channels }: { rate: number; frames: number; channels: 1 | 2 },
  write: (bytes: Uint8Array) => void,
): { piece: (bytes: Uint8Array) => void; end: () => void } {
  if (codecProfile(profileId)?.format !== 'opus') return { piece: write, end: () => {} };
  const ogg = new OggOpusWriter(write, { channels, inputRate: rate, preSkip: OPUS_DELAY });
  return {
    piece: (packet) => ogg.packet(packet, OPUS_FRAME),
    end: () => ogg.end(Math.round((frames * OPUS_RATE) / rate), OPUS_DELAY),
  };
}

/**
 * The preview of `profileId` for a master of `frames` frames at `rate`, its blocks of planar samples (any
 * length) given by `blocks`; each block's encoding is handed to `encoded`, if given (to keep the file to play).
 * Masters of more than two channels are previewed from their first two, as the encoders take.
 */
export async function previewCodec(
  profileId: CodecProfileId,
  { rate, frames }: { rate: number; frames: number },
  blocks: AsyncIterable<Float32Array[]> | Iterable<Float32Array[]>,
  encoded?: (bytes: Uint8Array) => void,
): Promise<CodecPreview> {
  let codec: Codec | null = null;
  const meter = new LoudnessMeter();
  let overs = new Overs(rate);
  /** The master's length at the decode's rate. */
  let length = frames;
  let skip = 0;
  let at = 0;
  let bytes = 0;
  const measure = (decoded: Float32Array[]) => {
    const n0 = decoded[0]?.length ?? 0;
    const drop = Math.min(skip, n0);
    skip -= drop;
    // The decoder's padding past the master's end is no part of it.
    const n = Math.min(n0 - drop, length - at);
    if (n <= 0) return;
    const part = decoded.map((c) => c.subarray(drop, drop + n));
    meter.push(part, n, codec!.rate);
    overs.push(part, n, at);
    at += n;
  };
  const pass = (pieces: Uint8Array[]) => {
    for (const piece of pieces) {
      bytes += piece.length;
      encoded?.(piece);
    }
    measure(codec!.decode(pieces));
  };
  const scratch: Float32Array[] = [];
  try {
    for await (const block of blocks) {
      const input = encoderInput(block, scratch);
      if (!codec) {
        codec = await openCodec(profileId, rate, input.length as 1 | 2);
        skip = codec.delay;
        length = Math.round((frames * codec.rate) / rate);
        overs = new Overs(codec.rate);
      }
      pass(codec.encode(input));
    }
    if (codec) {
      pass(codec.finalize());
      measure(codec.flush());
    }
  } finally {
    codec?.free();
  }
  const report = meter.result();
  return {
    profile: profileId,
    truePeakDbtp: report.truePeakDbtp,
    samplePeakDbfs: report.samplePeakDbfs,
    overSamples: overs.samples,
    ...overs.result(),
    encodedBytes: bytes,
  };
}
