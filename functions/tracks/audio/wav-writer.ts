/**
 * A 16-bit PCM WAV file written as samples arrive, for audio that browsers cannot play as uploaded: every
 * browser plays this. Sizes are filled in when it is closed.
 */
import fs from 'node:fs';
import type { PcmSink } from './measure.js';

const HEADER_BYTES = 44;
/** A RIFF size is 32-bit. */
const MAX_DATA_BYTES = 0xffffffff - HEADER_BYTES;

export class WavWriter implements PcmSink {
  private fd: number;
  private channels = 0;
  private sampleRate = 0;
  private dataBytes = 0;

  constructor(readonly file: string) {
    this.fd = fs.openSync(file, 'w');
    fs.writeSync(this.fd, Buffer.alloc(HEADER_BYTES));
  }

  write(channels: Float32Array[], n: number, sampleRate: number) {
    // The first block fixes the shape; a stream that changes it later (rare) is copied at its first shape.
    if (!this.channels) {
      this.channels = channels.length;
      this.sampleRate = sampleRate;
    }
    const out = Buffer.allocUnsafe(n * this.channels * 2);
    for (let i = 0, p = 0; i < n; i++) {
      for (let c = 0; c < this.channels; c++, p += 2) {
        const v = channels[Math.min(c, channels.length - 1)][i] || 0; // NaN is silence
        out.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(v * 32767))), p);
      }
    }
    if (this.dataBytes + out.length > MAX_DATA_BYTES) throw new Error('The playable copy would exceed the WAV size limit');
    fs.writeSync(this.fd, out);
    this.dataBytes += out.length;
  }

  close() {
    const h = Buffer.alloc(HEADER_BYTES);
    h.write('RIFF', 0, 'ascii');
    h.writeUInt32LE(HEADER_BYTES - 8 + this.dataBytes, 4);
    h.write('WAVEfmt ', 8, 'ascii');
    h.writeUInt32LE(16, 16);
    h.writeUInt16LE(1, 20); // PCM
    h.writeUInt16LE(this.channels, 22);
    h.writeUInt32LE(this.sampleRate, 24);
    h.writeUInt32LE(this.sampleRate * this.channels * 2, 28);
    h.writeUInt16LE(this.channels * 2, 32);
    h.writeUInt16LE(16, 34);
    h.write('data', 36, 'ascii');
    h.writeUInt32LE(this.dataBytes, 40);
    fs.writeSync(this.fd, h, 0, HEADER_BYTES, 0);
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
