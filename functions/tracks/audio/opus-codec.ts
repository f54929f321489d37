/**
 * Opus for the codec previews, as ffmpeg makes it: the master resampled to the rate libopus takes nearest its own
 * (./resample.ts, swresample's defaults), encoded by libopus (opusscript, libopus 1.4 as WebAssembly) in 20 ms
 * frames at the profile's bit rate, unconstrained VBR, each packet decoded by libopus at 48 kHz in floating point
 * (@audio/decode-opus), so overs are kept, not clipped.
 */
import { createOpusDecoder } from '@audio/decode-opus/core';
import OpusScript from 'opusscript';
import type { Codec } from './codec.js';
import { Resampler } from './resample.js';

export const OPUS_RATE = 48_000;
/** libopus's frame at 48 kHz: 20 ms. */
export const OPUS_FRAME = 960;
/**
 * Samples the decode runs behind its input: the encoder's look-ahead at 48 kHz (2.5 ms, and 4 ms of delay
 * compensation), as libopus reports it, which an Ogg Opus file's pre-skip takes off; measured here with a click.
 */
export const OPUS_DELAY = 312;

/** libopus's request to constrain its VBR (opus_defines.h). */
const OPUS_SET_VBR_CONSTRAINT = 4020;
/** The rates libopus takes its input at, in ffmpeg's order (the first of two as near wins). */
const INPUT_RATES = [48_000, 24_000, 16_000, 12_000, 8000] as const;

/**
 * The rate the master is fed to libopus at: the nearest it takes, as ffmpeg's format negotiation picks it (a
 * 22.05 kHz master is encoded at 24 kHz, 44.1 and 96 kHz at 48). The decode is at 48 kHz whatever it is, and
 * the packets last 20 ms.
 */
export const opusInputRate = (rate: number) =>
  INPUT_RATES.reduce((best, r) => (Math.abs(r - rate) < Math.abs(best - rate) ? r : best), OPUS_RATE);

export async function openOpusCodec(kbps: number, rate: number, channels: 1 | 2): Promise<Codec> {
  const input = opusInputRate(rate);
  const frame = (OPUS_FRAME * input) / OPUS_RATE;
  const encoder = new OpusScript(input, channels, OpusScript.Application.AUDIO);
  encoder.setBitrate(kbps * 1000);
  // Unconstrained VBR, as ffmpeg's libopus and opusenc encode files (libopus's own default constrains it, for calls).
  encoder.encoderCTL(OPUS_SET_VBR_CONSTRAINT, 0);
  const decoder = await createOpusDecoder();
  decoder.configure({ channels });
  const resampler = rate === input ? null : new Resampler(rate, input);
  /** Interleaved 16-bit samples waiting for a whole frame. */
  let pending = new Int16Array(0);

  /** Whole frames of `pending` (and, at the end, the rest padded with silence) encoded into packets. */
  const packets = (input: Float32Array[], last: boolean): Uint8Array[] => {
    const n = input[0]?.length ?? 0;
    const joined = new Int16Array(pending.length + n * channels);
    joined.set(pending);
    for (let i = 0; i < n; i++)
      for (let c = 0; c < channels; c++) {
        const v = input[c][i];
        joined[pending.length + i * channels + c] = Math.max(-32768, Math.min(32767, Math.round(v * 32768)));
      }
    const size = frame * channels;
    const out: Uint8Array[] = [];
    let at = 0;
    for (; at + size <= joined.length; at += size)
      out.push(Uint8Array.from(encoder.encode(Buffer.from(joined.buffer, joined.byteOffset + at * 2, size * 2), frame)));
    pending = joined.slice(at);
    if (last && pending.length) {
      const padded = new Int16Array(size);
      padded.set(pending);
      out.push(Uint8Array.from(encoder.encode(Buffer.from(padded.buffer), frame)));
      pending = new Int16Array(0);
    }
    return out;
  };

  return {
    encode: (c) => packets(resampler ? resampler.push(c) : c, false),
    finalize: () => packets(resampler ? resampler.flush() : [], true),
    decode: (pieces) => (pieces.length ? decoder.decodeFrames(pieces).channelData : []),
    flush: () => [],
    free: () => {
      encoder.delete();
      decoder.free();
    },
    delay: OPUS_DELAY,
    rate: OPUS_RATE,
  };
}
