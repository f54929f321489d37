/**
 * A 16-bit PCM WAV file written as samples arrive, for audio that browsers cannot play as uploaded: every
 * browser plays this. Sizes are filled in when it is closed. A sample s is s / 32768, as the decoders and
 * browsers read it, so a 16-bit source's samples are copied exactly. Where the channels play elsewhere than their
 * count says (an AIFF or ALAC never does; a 4.0 WAV whose third channel is the centre, not a back), the
 * header is WAVE_FORMAT_EXTENSIBLE's, with the channel mask that says so.
 */
import fs from 'node:fs';
import { maskOfLayout, type Layout } from './channel-layout.js';
import type { PcmSink } from './measure.js';

/** The plain header, and the extensible one (its fmt chunk 40 bytes, not 16). */
const PLAIN_BYTES = 44;
const EXTENSIBLE_BYTES = 68;
/** A RIFF size is 32-bit. */
const MAX_DATA_BYTES = 0xffffffff - EXTENSIBLE_BYTES;
/** KSDATAFORMAT_SUBTYPE_PCM, the sub-format GUID of integer PCM. */
const PCM_GUID = Buffer.from('0100000000001000800000aa00389b71', 'hex');

export class WavWriter implements PcmSink {
  private fd: number;
  private channels = 0;
  private sampleRate = 0;
  private dataBytes = 0;
  private layout?: Layout;
  private mask: number | null = null;
  /** The header's size, fixed at the first block (the layout comes before it). */
  private headerBytes = 0;

  constructor(readonly file: string) {
    this.fd = fs.openSync(file, 'w');
  }

  speakers(layout: Layout) {
    this.layout = layout;
  }

  write(channels: Float32Array[], n: number, sampleRate: number) {
    // The first block fixes the shape; a stream that changes it later (rare) is copied at its first shape.
    if (!this.channels) {
      this.channels = channels.length;
      this.sampleRate = sampleRate;
      this.mask = this.layout?.length === channels.length ? maskOfLayout(this.layout) : null;
      this.reserveHeader();
    }
    const out = Buffer.allocUnsafe(n * this.channels * 2);
    for (let i = 0, p = 0; i < n; i++) {
      for (let c = 0; c < this.channels; c++, p += 2) {
        const v = channels[Math.min(c, channels.length - 1)][i] || 0; // NaN is silence
        out.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(v * 32768))), p);
      }
    }
    if (this.dataBytes + out.length > MAX_DATA_BYTES) throw new Error('The playable copy would exceed the WAV size limit');
    fs.writeSync(this.fd, out);
    this.dataBytes += out.length;
  }

  private reserveHeader() {
    this.headerBytes = this.mask === null ? PLAIN_BYTES : EXTENSIBLE_BYTES;
    fs.writeSync(this.fd, Buffer.alloc(this.headerBytes));
  }

  close() {
    if (!this.headerBytes) this.reserveHeader();
    const size = this.headerBytes;
    const h = Buffer.alloc(size);
    h.write('RIFF', 0, 'ascii');
    h.writeUInt32LE(size - 8 + this.dataBytes, 4);
    h.write('WAVEfmt ', 8, 'ascii');
    h.writeUInt32LE(size - 28, 16);
    h.writeUInt16LE(this.mask === null ? 1 : 0xfffe, 20); // PCM, or extensible PCM
    h.writeUInt16LE(this.channels, 22);
    h.writeUInt32LE(this.sampleRate, 24);
    h.writeUInt32LE(this.sampleRate * this.channels * 2, 28);
    h.writeUInt16LE(this.channels * 2, 32);
    h.writeUInt16LE(16, 34);
    if (this.mask !== null) {
      h.writeUInt16LE(22, 36); // the extension's size
      h.writeUInt16LE(16, 38); // valid bits
      h.writeUInt32LE(this.mask, 40);
      PCM_GUID.copy(h, 44);
    }
    h.write('data', size - 8, 'ascii');
    h.writeUInt32LE(this.dataBytes, size - 4);
    fs.writeSync(this.fd, h, 0, size, 0);
    fs.closeSync(this.fd);
  }

  /** Closes without finishing, e.g. after a failure. */
  abandon() {
    try {
      fs.closeSync(this.fd);
    } catch {
      // Already closed.
    }
  }
}

/** What a WAV this writer made holds, from its header: its shape, and where its samples start. */
export function writtenWavShape(file: string): { channels: number; rate: number; frames: number; dataOffset: number } {
  const header = Buffer.alloc(EXTENSIBLE_BYTES);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, header, 0, EXTENSIBLE_BYTES, 0);
  } finally {
    fs.closeSync(fd);
  }
  const dataOffset = 28 + header.readUInt32LE(16);
  const channels = header.readUInt16LE(22);
  return { channels, rate: header.readUInt32LE(24), frames: header.readUInt32LE(dataOffset - 4) / (2 * channels), dataOffset };
}

/** Frames read from a written WAV at a time. */
const BLOCK_FRAMES = 16_384;

/** The blocks of planar samples of a WAV this writer made, read as they are needed. */
export async function* writtenWavBlocks(
  file: string,
  { channels, dataOffset }: { channels: number; dataOffset: number },
): AsyncGenerator<Float32Array[]> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const bytes = Buffer.alloc(BLOCK_FRAMES * channels * 2);
    for (let at = dataOffset; ;) {
      const { bytesRead } = await handle.read(bytes, 0, bytes.length, at);
      const frames = Math.floor(bytesRead / (channels * 2));
      if (frames === 0) return;
      at += frames * channels * 2;
      const block = Array.from({ length: channels }, () => new Float32Array(frames));
      for (let i = 0, p = 0; i < frames; i++) for (let c = 0; c < channels; c++, p += 2) block[c][i] = bytes.readInt16LE(p) / 32768;
      yield block;
    }
  } finally {
    await handle.close();
  }
}
