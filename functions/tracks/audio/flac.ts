/**
 * Native FLAC. We read the metadata blocks ourselves (a cover picture of any size is skipped, not read), split the
 * frames ourselves (a header with a valid CRC-8 ends the previous frame when that one's CRC-16 checks) and hand the
 * decoder STREAMINFO then whole frames. Splitting them matters: @audio/decode-flac's own splitter merges two frames
 * when a chunk boundary falls inside a frame header, and the second one's samples are lost.
 */
import { batcher, Cursor, type ByteSource } from './source.js';
import { checkDeclaredSeconds, withDecoder, take, type ContainerResult, type Measure, type StreamDecoder } from './measure.js';
import { AudioRejected, REASONS } from './rejected.js';
import { trailingTagsStart } from './mpeg.js';

export async function analyseFlac(src: ByteSource, start: number, measure: Measure): Promise<ContainerResult> {
  // Metadata blocks: a 4-byte header (last-block flag, type, 24-bit length) and a body.
  let at = start + 4;
  let streamInfo: Uint8Array | null = null;
  for (let guard = 0; guard < 1024; guard++) {
    const h = await src.read(at, 4);
    if (h.length < 4) throw new AudioRejected(REASONS.incomplete);
    const last = h[0] & 0x80;
    const type = h[0] & 0x7f;
    const length = (h[1] << 16) | (h[2] << 8) | h[3];
    if (type === 0 && !streamInfo) {
      if (length < 34) throw new AudioRejected(REASONS.notAudio);
      streamInfo = (await src.read(at + 4, 34)).slice();
    }
    if (type === 127) throw new AudioRejected(REASONS.notAudio);
    at += 4 + length;
    if (last) break;
  }
  if (!streamInfo || streamInfo.length < 34) throw new AudioRejected(REASONS.notAudio);
  const sampleRate = (streamInfo[10] << 12) | (streamInfo[11] << 4) | (streamInfo[12] >> 4);
  const channels = ((streamInfo[12] >> 1) & 7) + 1;
  const bits = (((streamInfo[12] & 1) << 4) | (streamInfo[13] >> 4)) + 1;
  const totalSamples =
    (streamInfo[13] & 15) * 2 ** 32 + (((streamInfo[14] << 24) | (streamInfo[15] << 16) | (streamInfo[16] << 8) | streamInfo[17]) >>> 0);
  if (!sampleRate) throw new AudioRejected(REASONS.notAudio);
  if (totalSamples) checkDeclaredSeconds(totalSamples / sampleRate);
  // The longest a frame can be: STREAMINFO's maximum frame size, or its maximum block stored verbatim (a side
  // channel takes a bit more per sample), plus headers. It bounds the search for a frame's end in bytes that are not one.
  const maxBlock = (streamInfo[2] << 8) | streamInfo[3] || 65535;
  const maxFrame =
    Math.max((streamInfo[7] << 16) | (streamInfo[8] << 8) | streamInfo[9], maxBlock * channels * Math.ceil((bits + 1) / 8)) + 1024;
  const framesStart = at;
  const end = await trailingTagsStart(src, framesStart);
  if (end <= framesStart) throw new AudioRejected(REASONS.noSound);

  // fLaC, then STREAMINFO as the last (only) metadata block.
  const head = new Uint8Array(4 + 4 + 34);
  head.set([0x66, 0x4c, 0x61, 0x43, 0x80, 0, 0, 34]);
  head.set(streamInfo, 8);
  const { decoder } = await import('@audio/decode-flac');
  let audioBytes = 0;
  await withDecoder(measure, decoder as () => Promise<StreamDecoder>, async (dec) => {
    let first = true;
    audioBytes = await walkFlacFrames(src, framesStart, end, maxFrame, (frames) => {
      if (first) {
        const joined = new Uint8Array(head.length + frames.length);
        joined.set(head);
        joined.set(frames, head.length);
        frames = joined;
        first = false;
      }
      take(measure, dec.decode(frames));
    });
  });
  return { format: 'flac', audioBytes, metadataBytes: framesStart + (src.size - end) };
}

const CRC16 = Uint16Array.from({ length: 256 }, (_, i) => {
  let c = i << 8;
  for (let k = 0; k < 8; k++) c = c & 0x8000 ? (c << 1) ^ 0x8005 : c << 1;
  return c & 0xffff;
});

/** The length of a frame header at p whose CRC-8 checks (RFC 9639, section 9.1), or -1. */
export function flacHeaderLength(b: Uint8Array, p: number): number {
  if (p + 6 > b.length || b[p] !== 0xff || (b[p + 1] & 0xfe) !== 0xf8) return -1;
  const blockSize = b[p + 2] >> 4;
  const rate = b[p + 2] & 15;
  if (blockSize === 0 || rate === 15 || b[p + 3] >> 4 > 10 || b[p + 3] & 1 || ((b[p + 3] >> 1) & 7) === 3 || ((b[p + 3] >> 1) & 7) === 7)
    return -1;
  const c = b[p + 4];
  const extra = c < 0x80 ? 0 : c < 0xe0 ? 1 : c < 0xf0 ? 2 : c < 0xf8 ? 3 : c < 0xfc ? 4 : c < 0xfe ? 5 : 6;
  const q = p + 5 + extra + (blockSize === 6 ? 1 : blockSize === 7 ? 2 : 0) + (rate === 12 ? 1 : rate === 13 || rate === 14 ? 2 : 0);
  if (q >= b.length) return -1;
  let crc = 0;
  for (let i = p; i < q; i++) {
    crc ^= b[i];
    for (let k = 0; k < 8; k++) crc = crc & 0x80 ? ((crc << 1) ^ 7) & 0xff : (crc << 1) & 0xff;
  }
  return crc === b[q] ? q - p + 1 : -1;
}

/**
 * Feeds whole frames of [from, to), in batches; returns the bytes they hold. A frame ends where the next valid
 * header starts and its own CRC-16 (over the frame, footer included) comes to 0. Bytes in no frame are skipped.
 */
async function walkFlacFrames(
  src: ByteSource,
  from: number,
  to: number,
  maxFrame: number,
  feed: (frames: Uint8Array) => void,
): Promise<number> {
  const cur = new Cursor(src, from, to);
  let audioBytes = 0;
  const { add, flush } = batcher(feed);
  const accept = (frame: Uint8Array) => {
    add(frame);
    audioBytes += frame.length;
  };
  while (await cur.ensure(6)) {
    if (flacHeaderLength(cur.buf, cur.at) < 0) {
      // Not a frame: skipped (the caller's rule counts it against the file), up to the next possible sync.
      const b = cur.buf;
      let i = cur.at + 1;
      while (i + 16 < b.length && !(b[i] === 0xff && (b[i + 1] & 0xfe) === 0xf8)) i++;
      cur.pos = cur.bufStart + i;
      continue;
    }
    // Scan for the end of this frame.
    await cur.ensure(maxFrame);
    const b = cur.buf;
    const start = cur.at;
    const limit = Math.min(b.length, start + maxFrame);
    let crc = 0;
    let end = -1;
    let lastZero = -1;
    for (let i = start; i < limit; i++) {
      if (crc === 0 && i > start + 3 && b[i] === 0xff && (b[i + 1] & 0xfe) === 0xf8 && flacHeaderLength(b, i) > 0) {
        end = i;
        break;
      }
      crc = (CRC16[(crc >> 8) ^ b[i]] ^ (crc << 8)) & 0xffff;
      if (crc === 0) lastZero = i + 1;
    }
    if (end < 0 && limit === b.length && cur.bufStart + b.length >= to) end = lastZero; // the last frame
    if (end < 0) {
      cur.pos++;
      continue;
    }
    accept(b.subarray(start, end));
    cur.pos += end - start;
  }
  flush();
  return audioBytes;
}
