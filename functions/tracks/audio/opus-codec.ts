/**
 * Opus for the codec previews, as ffmpeg makes it: the master resampled to 48 kHz (./resample.ts, swresample's
 * defaults), encoded by libopus (opusscript, libopus 1.4 as WebAssembly) in 20 ms frames at the profile's bit
 * rate, each packet decoded by libopus in floating point (@audio/decode-opus), so overs are kept, not clipped.
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

export async function openOpusCodec(kbps: number, rate: number, channels: 1 | 2): Promise<Codec> {
  const encoder = new OpusScript(OPUS_RATE, channels, OpusScript.Application.AUDIO);
  encoder.setBitrate(kbps * 1000);
  const decoder = await createOpusDecoder();
  decoder.configure({ channels });
  const resampler = rate === OPUS_RATE ? null : new Resampler(rate, OPUS_RATE);
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
        joined[pending.length + i * channels + c] = v >= 1 ? 32767 : v <= -1 ? -32768 : Math.round(v * 32767);
      }
    const size = OPUS_FRAME * channels;
    const out: Uint8Array[] = [];
    let at = 0;
    for (; at + size <= joined.length; at += size)
      out.push(Uint8Array.from(encoder.encode(Buffer.from(joined.buffer, joined.byteOffset + at * 2, size * 2), OPUS_FRAME)));
    pending = joined.slice(at);
    if (last && pending.length) {
      const padded = new Int16Array(size);
      padded.set(pending);
      out.push(Uint8Array.from(encoder.encode(Buffer.from(padded.buffer), OPUS_FRAME)));
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
