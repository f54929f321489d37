/**
 * MPEG audio (.mp3, and MP3 inside WAV) and raw AAC (ADTS): we walk the frames ourselves, from their headers, and
 * hand the decoder only whole, consistent frames. So tags of any size are skipped without reading them, and the
 * bytes the frames cover are counted exactly: bytes that are no frame (a few frames in front of something else)
 * are what the "mostly not audio" rule measures.
 */
import { ascii, Cursor, u32le, type ByteSource } from './source.js';
import { withDecoder, take, type ContainerResult, type Measure, type StreamDecoder } from './measure.js';
import { aacLayout } from './channel-layout.js';

interface FrameHeader {
  length: number;
  /** What must stay the same from frame to frame of one stream (version, layer or profile, sample rate). */
  key: number;
}
type HeaderReader = (b: Uint8Array, p: number) => FrameHeader | null;

const MPEG1_KBPS = [
  [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448], // layer I
  [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384], // layer II
  [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320], // layer III
];
const MPEG2_KBPS = [
  [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
];
const MPEG_RATES = [44100, 48000, 32000];

/** An MPEG-1/2/2.5 layer I/II/III frame header (free-format bitrates are not supported). */
export const mpegHeader: HeaderReader = (b, p) => {
  if (b[p] !== 0xff || (b[p + 1] & 0xe0) !== 0xe0) return null;
  const version = (b[p + 1] >> 3) & 3; // 0: 2.5, 2: 2, 3: 1
  const layerBits = (b[p + 1] >> 1) & 3; // 1: III, 2: II, 3: I
  const bitrateIndex = b[p + 2] >> 4;
  const rateIndex = (b[p + 2] >> 2) & 3;
  if (version === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  if ((b[p + 3] & 3) === 2) return null; // reserved emphasis
  const layer = 4 - layerBits; // 1, 2 or 3
  const sampleRate = MPEG_RATES[rateIndex] / (version === 3 ? 1 : version === 2 ? 2 : 4);
  const kbps = (version === 3 ? MPEG1_KBPS : MPEG2_KBPS)[layer - 1][bitrateIndex];
  const padding = (b[p + 2] >> 1) & 1;
  const length =
    layer === 1
      ? (Math.floor((12 * kbps * 1000) / sampleRate) + padding) * 4
      : Math.floor(((layer === 3 && version !== 3 ? 72 : 144) * kbps * 1000) / sampleRate) + padding;
  return { length, key: (version << 4) | (layerBits << 2) | rateIndex };
};

/** An ADTS header: the 0xFFF sync with layer 0, the frame's length in 13 bits. */
export const adtsHeader: HeaderReader = (b, p) => {
  if (b[p] !== 0xff || (b[p + 1] & 0xf6) !== 0xf0) return null;
  const rateIndex = (b[p + 2] >> 2) & 15;
  if (rateIndex > 12) return null;
  const length = ((b[p + 3] & 3) << 11) | (b[p + 4] << 3) | (b[p + 5] >> 5);
  const headerBytes = b[p + 1] & 1 ? 7 : 9;
  if (length <= headerBytes) return null;
  const channelConfig = ((b[p + 2] & 1) << 2) | (b[p + 3] >> 6);
  return { length, key: ((b[p + 1] & 8) << 8) | ((b[p + 2] >> 6) << 8) | (rateIndex << 4) | channelConfig };
};

/** Frames in a row that must agree before we trust a sync found after bytes that were not frames. */
const CHAIN = 3;
/** Decoder input per call: large enough to amortise the call, small enough to keep memory flat. */
const BATCH_BYTES = 256 * 1024;

/** Whether a chain of consistent frames starts at p (reaching the end of the range counts). */
export function chainAt(b: Uint8Array, p: number, read: HeaderReader, end: number): boolean {
  const first = read(b, p);
  if (!first) return false;
  let q = p;
  let h: FrameHeader | null = first;
  for (let n = 0; n < CHAIN; n++) {
    if (!h || h.key !== first.key) return false;
    q += h.length;
    if (q === end || (q >= end - 3 && q <= end)) return true;
    if (q + 4 > b.length) return q <= end && n > 0; // ran out of buffered bytes after a whole frame
    h = read(b, q);
  }
  return true;
}

export interface FrameWalk {
  /** Bytes inside frames handed to the decoder. */
  audioBytes: number;
}

/**
 * Walks the frames of [from, to) and hands them to `feed` in batches. After a byte that is no frame of the stream,
 * a sync counts again only once CHAIN frames agree.
 */
export async function walkFrames(
  src: ByteSource,
  from: number,
  to: number,
  read: HeaderReader,
  feed: (frames: Uint8Array) => void,
): Promise<FrameWalk> {
  const cur = new Cursor(src, from, to);
  let locked = -1; // key of the stream in sync, -1 while searching
  let audioBytes = 0;
  let batch = new Uint8Array(BATCH_BYTES + 16384);
  let batchLength = 0;
  const flush = () => {
    if (batchLength) feed(batch.subarray(0, batchLength));
    batch = new Uint8Array(BATCH_BYTES + 16384);
    batchLength = 0;
  };
  while (cur.pos < to) {
    if (!(await cur.ensure(4))) break;
    if (locked < 0) {
      // Searching: skip bytes that cannot start a frame without awaiting per byte.
      const b = cur.buf;
      const limit = b.length - 3;
      let i = cur.at;
      while (i < limit && !(b[i] === 0xff && (b[i + 1] & 0xe0) === 0xe0)) i++;
      cur.pos = cur.bufStart + i;
      if (i >= limit) continue; // refill and go on
      if (!(await cur.ensure(16384))) await cur.ensure(to - cur.pos);
      if (!chainAt(cur.buf, cur.at, read, to - cur.bufStart)) {
        cur.pos++;
        continue;
      }
    }
    const h = read(cur.buf, cur.at);
    if (!h || (locked >= 0 && h.key !== locked)) {
      locked = -1;
      cur.pos++;
      continue;
    }
    if (cur.pos + h.length > to || !(await cur.ensure(h.length))) break; // a frame cut short at the end
    if (batchLength + h.length > batch.length) flush();
    batch.set(cur.buf.subarray(cur.at, cur.at + h.length), batchLength);
    batchLength += h.length;
    if (batchLength >= BATCH_BYTES) flush();
    audioBytes += h.length;
    cur.pos += h.length;
    locked = h.key;
  }
  flush();
  return { audioBytes };
}

/** Where the audio of [start, size) ends, past ID3v1, APEv2, Lyrics3 and appended ID3v2 tags. */
export async function trailingTagsStart(src: ByteSource, start: number, end = src.size): Promise<number> {
  for (let guard = 0; guard < 8; guard++) {
    if (end - start < 32) return end;
    const tail = await src.read(Math.max(start, end - 256), Math.min(256, end - start));
    const t = tail.length;
    if (t >= 128 && ascii(tail, t - 128, 3) === 'TAG') {
      end -= 128;
      continue;
    }
    if (ascii(tail, t - 32, 8) === 'APETAGEX') {
      const size = u32le(tail, t - 20);
      const hasHeader = tail[t - 9] & 0x80;
      const next = end - size - (hasHeader ? 32 : 0);
      if (size >= 32 && next >= start) {
        end = next;
        continue;
      }
    }
    if (ascii(tail, t - 10, 3) === '3DI') {
      const size = ((tail[t - 4] & 0x7f) << 21) | ((tail[t - 3] & 0x7f) << 14) | ((tail[t - 2] & 0x7f) << 7) | (tail[t - 1] & 0x7f);
      if (end - size - 20 >= start) {
        end -= size + 20;
        continue;
      }
    }
    if (ascii(tail, t - 9, 9) === 'LYRICS200') {
      const size = Number(ascii(tail, t - 15, 6));
      if (Number.isFinite(size) && end - size - 15 >= start) {
        end -= size + 15;
        continue;
      }
    }
    return end;
  }
  return end;
}

/** MPEG audio frames in [from, to), decoded by mpg123 (its gapless mode trims LAME's delay and padding). */
export async function analyseMpegRange(
  src: ByteSource,
  from: number,
  to: number,
  measure: Measure,
): Promise<{ audioBytes: number; metadataBytes: number }> {
  const { decoder } = await import('@audio/decode-mp3');
  let walk: FrameWalk = { audioBytes: 0 };
  await withDecoder(measure, decoder as () => Promise<StreamDecoder>, async (dec) => {
    walk = await walkFrames(src, from, to, mpegHeader, (frames) => {
      // A batch starts with a whole frame: its header's channel mode (3: one channel).
      measure.channels ??= frames[3] >> 6 === 3 ? 1 : 2;
      take(measure, dec.decode(frames));
    });
  });
  return { audioBytes: walk.audioBytes, metadataBytes: 0 };
}

/** An .mp3 whose frames start at `start` (after any ID3v2 tags). */
export async function analyseMp3(src: ByteSource, start: number, measure: Measure): Promise<ContainerResult> {
  const end = await trailingTagsStart(src, start);
  const r = await analyseMpegRange(src, start, end, measure);
  return { format: 'mp3', audioBytes: r.audioBytes, metadataBytes: start + (src.size - end) };
}

/** Raw AAC in ADTS frames, decoded by FAAD2 (@audio/decode-aac reads the ADTS headers itself). */
export async function analyseAdts(src: ByteSource, start: number, measure: Measure): Promise<ContainerResult> {
  const end = await trailingTagsStart(src, start);
  const { decoder } = await import('@audio/decode-aac');
  let walk: FrameWalk = { audioBytes: 0 };
  await withDecoder(
    measure,
    () => decoder() as Promise<StreamDecoder>,
    async (dec) => {
      let first = true;
      walk = await walkFrames(src, start, end, adtsHeader, (frames) => {
        // The first header's channel configuration, as the decoder reads it.
        const layout = first ? aacLayout(((frames[2] & 1) << 2) | (frames[3] >> 6)) : null;
        if (layout) measure.setLayout(layout);
        first = false;
        take(measure, dec.decode(frames));
      });
    },
  );
  return { format: 'aac', audioBytes: walk.audioBytes, metadataBytes: start + (src.size - end) };
}
