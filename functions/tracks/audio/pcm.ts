/**
 * WAV (RIFF, RIFX, RF64/BW64) and AIFF/AIFF-C, read by our own parser: their chunk layouts and sample formats are
 * simple, and the decoder packages got several wrong (odd offsets, RF64, 8-bit signed AIFF, float WAV). Samples are
 * converted chunk by chunk from any byte offset, so memory stays flat and alignment never matters.
 */
import { ascii, byteRange, u16be, u16le, u32be, u32le, u64le, type ByteSource } from './source.js';
import { checkAccounted, checkDeclaredSeconds, Measure, type ContainerResult } from './measure.js';
import { AudioRejected, REASONS } from './rejected.js';
import { layoutOfMask } from './channel-layout.js';
import { analyseMpegRange } from './mpeg.js';

/** How one sample is stored. */
export interface SampleFormat {
  kind: 'int' | 'uint' | 'float' | 'ulaw' | 'alaw';
  /** Bytes per sample in the stream (its container size). */
  bytes: number;
  littleEndian: boolean;
}

export interface PcmStream {
  sampleFormat: SampleFormat;
  channels: number;
  sampleRate: number;
  /** Where the first sample frame starts, and how many whole frames the file holds. */
  dataOffset: number;
  frames: number;
}

const ULAW = Float32Array.from({ length: 256 }, (_, i) => {
  const u = ~i & 0xff;
  const t = (((u & 0x0f) << 3) + 0x84) << ((u & 0x70) >> 4);
  return (u & 0x80 ? 0x84 - t : t - 0x84) / 32768;
});
const ALAW = Float32Array.from({ length: 256 }, (_, i) => {
  const a = i ^ 0x55;
  const seg = (a & 0x70) >> 4;
  let t = (a & 0x0f) << 4;
  t = seg === 0 ? t + 8 : seg === 1 ? t + 0x108 : (t + 0x108) << (seg - 1);
  return (a & 0x80 ? t : -t) / 32768;
});

type SampleReader = (b: Uint8Array, p: number, view: DataView) => number;

/** A reader per sample format, each a few operations: the conversion runs once per sample of a 200 MB file. */
function readerFor(f: SampleFormat): SampleReader {
  const le = f.littleEndian;
  switch (f.kind) {
    case 'ulaw':
      return (b, p) => ULAW[b[p]];
    case 'alaw':
      return (b, p) => ALAW[b[p]];
    case 'float':
      return f.bytes === 4 ? (_b, p, v) => v.getFloat32(p, le) : (_b, p, v) => v.getFloat64(p, le);
    case 'uint':
      return (b, p) => (b[p] - 128) / 128; // 8-bit WAV: unsigned, 128 is silence
    default:
  }
  // Signed integers, scaled by their container size (20-bit samples in 3 bytes are left-justified).
  switch (f.bytes) {
    case 1:
      return (b, p) => ((b[p] << 24) >> 24) / 128;
    case 2:
      return le ? (b, p) => (((b[p] | (b[p + 1] << 8)) << 16) >> 16) / 32768 : (b, p) => (((b[p + 1] | (b[p] << 8)) << 16) >> 16) / 32768;
    case 3:
      return le
        ? (b, p) => (((b[p] | (b[p + 1] << 8) | (b[p + 2] << 16)) << 8) >> 8) / 8388608
        : (b, p) => (((b[p + 2] | (b[p + 1] << 8) | (b[p] << 16)) << 8) >> 8) / 8388608;
    case 4:
      return le
        ? (b, p) => (b[p] | (b[p + 1] << 8) | (b[p + 2] << 16) | (b[p + 3] << 24)) / 2147483648
        : (b, p) => (b[p + 3] | (b[p + 2] << 8) | (b[p + 1] << 16) | (b[p] << 24)) / 2147483648;
    default: // 8 bytes: the high 4 are enough for a peak
      return le
        ? (b, p) => (b[p + 4] | (b[p + 5] << 8) | (b[p + 6] << 16) | (b[p + 7] << 24)) / 2147483648
        : (b, p) => (b[p + 3] | (b[p + 2] << 8) | (b[p + 1] << 16) | (b[p] << 24)) / 2147483648;
  }
}

/**
 * Converts whole frames to one Float32Array per channel (`out`, reused from chunk to chunk): the frames read.
 * Reads byte by byte, so the data may start at any offset.
 */
export function toPlanar(bytes: Uint8Array, s: PcmStream, out: Float32Array[], read = readerFor(s.sampleFormat)): number {
  const size = s.sampleFormat.bytes;
  const n = Math.floor(bytes.length / (size * s.channels));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let frame = 0, p = 0; frame < n; frame++) for (let c = 0; c < s.channels; c++, p += size) out[c][frame] = read(bytes, p, view);
  return n;
}

/**
 * What every current browser plays from a WAV: 8-bit unsigned, 16/24-bit little-endian integer and 32-bit
 * float PCM in a RIFF file. Anything else (RIFX, RF64, 32-bit integer, 64-bit float, G.711, MPEG) gets a copy.
 */
function wavBrowserPlayable(riffId: string, f: SampleFormat): boolean {
  if (riffId !== 'RIFF' || !f.littleEndian) return false;
  return (
    (f.kind === 'uint' && f.bytes === 1) || (f.kind === 'int' && (f.bytes === 2 || f.bytes === 3)) || (f.kind === 'float' && f.bytes === 4)
  );
}

/** Streams the frames through the measure. */
export async function measurePcm(src: ByteSource, s: PcmStream, measure: Measure): Promise<number> {
  if (s.frames <= 0) throw new AudioRejected(REASONS.noSound);
  checkDeclaredSeconds(s.frames / s.sampleRate);
  const frameBytes = s.sampleFormat.bytes * s.channels;
  const chunk = Math.max(1, Math.floor((1024 * 1024) / frameBytes)) * frameBytes;
  const read = readerFor(s.sampleFormat);
  const end = s.dataOffset + s.frames * frameBytes;
  for await (const bytes of byteRange(src, s.dataOffset, end, chunk)) {
    const out = measure.frameBuffers(s.channels, chunk / frameBytes);
    const n = toPlanar(bytes, s, out, read);
    measure.addPlanar(n === out[0].length ? out : out.map((c) => c.subarray(0, n)), s.sampleRate);
  }
  return s.frames * frameBytes;
}

function checkShape(channels: number, sampleRate: number) {
  if (!(channels >= 1 && channels <= 64 && sampleRate >= 1000 && sampleRate <= 1_536_000)) throw new AudioRejected(REASONS.notAudio);
}

// --- WAV ---------------------------------------------------------------------------------------------------------

const CHUNK_ID = /^[\x20-\x7e]{4}$/;
/** Real files have tens of chunks; past this many, the rest is not read (and counts as unexplained bytes). */
const MAX_CHUNKS = 4096;
const KNOWN_CHUNKS = new Set([
  'data',
  'fmt ',
  'fact',
  'LIST',
  'JUNK',
  'junk',
  'PAD ',
  'FLLR',
  'bext',
  'iXML',
  'axml',
  'id3 ',
  'ID3 ',
  'cue ',
  'smpl',
  'inst',
  'acid',
  'PEAK',
  'ds64',
  '_PMX',
  'umid',
  'DISP',
  'afsp',
  'cart',
]);

const WAV_CODECS: Record<number, string> = {
  0x0002: 'MS ADPCM',
  0x0011: 'IMA ADPCM',
  0x0031: 'GSM 6.10',
  0x0092: 'Dolby AC-3',
  0x00ff: 'AAC',
  0x0160: 'WMA',
  0x0161: 'WMA',
  0x0162: 'WMA Pro',
  0x0163: 'WMA Lossless',
  0x2000: 'Dolby AC-3',
  0xf1ac: 'FLAC',
};

/**
 * Chunk by chunk: any order, odd sizes with their pad byte, LIST/JUNK/bext/id3 wherever they are. RF64/BW64 take
 * their sizes from ds64; a data size of 0 or 0xFFFFFFFF (a WAV written to a pipe) or one past the end of the file
 * means "to the end of the file".
 */
export async function analyseWav(src: ByteSource, measure: Measure): Promise<ContainerResult> {
  const head = await src.read(0, 12);
  const riffId = ascii(head, 0);
  const le = riffId !== 'RIFX';
  const rf64 = riffId === 'RF64' || riffId === 'BW64';
  const u32 = le ? u32le : u32be;
  const u16 = le ? u16le : u16be;
  let fmt: Uint8Array | null = null;
  let data: { offset: number; size: number } | null = null;
  let ds64Data = -1;
  let metadataBytes = 12;
  // The RIFF size bounds the chunks when it is plausible; trailing bytes past it are not part of the file's structure.
  const riffSize = u32(head, 4);
  const end = !rf64 && riffSize >= 4 && riffSize !== 0xffffffff && riffSize + 8 <= src.size ? riffSize + 8 : src.size;
  let padded = false;
  for (let at = 12, chunks = 0; at + 8 <= end && chunks < MAX_CHUNKS; chunks++) {
    const h = await src.read(at, 8);
    const id = ascii(h, 0);
    let size = u32(h, 4);
    // Some writers leave out the pad byte after an odd-sized chunk: a known chunk one byte earlier tells.
    if (padded && !KNOWN_CHUNKS.has(id) && KNOWN_CHUNKS.has(ascii(await src.read(at - 1, 4), 0))) {
      at -= 1;
      metadataBytes -= 1;
      padded = false;
      continue;
    }
    if (!CHUNK_ID.test(id)) break; // not a chunk: what follows is unexplained bytes
    padded = (size & 1) === 1;
    if (id === 'ds64') {
      const body = await src.read(at + 8, Math.min(size, 28));
      if (body.length >= 16) ds64Data = u64le(body, 8);
    }
    if (id === 'data') {
      if (rf64 && size === 0xffffffff && ds64Data >= 0) size = ds64Data;
      else if (size === 0 || size === 0xffffffff) size = src.size - (at + 8);
      size = Math.min(size, src.size - (at + 8));
      if (!data) data = { offset: at + 8, size };
      metadataBytes += 8;
    } else {
      if (id === 'fmt ' && !fmt) fmt = (await src.read(at + 8, Math.min(size, 64))).slice();
      metadataBytes += 8 + Math.min(size + (size & 1), end - at - 8);
    }
    at += 8 + size + (size & 1);
  }
  if (!fmt || fmt.length < 16) throw new AudioRejected(data ? REASONS.notAudio : REASONS.noSound);
  if (!data) throw new AudioRejected(REASONS.noSound);

  let tag = u16(fmt, 0);
  const channels = u16(fmt, 2);
  const sampleRate = u32(fmt, 4);
  const blockAlign = u16(fmt, 12);
  const bits = u16(fmt, 14);
  if (tag === 0xfffe && fmt.length >= 40) {
    // WAVE_FORMAT_EXTENSIBLE: its channel mask says where each channel plays; the sub-format GUID's first two bytes
    // are the format.
    measure.setLayout({ layout: layoutOfMask(u32(fmt, 20), channels) });
    tag = u16(fmt, 24);
  }

  if (tag === 0x0055 || tag === 0x0050) {
    // MPEG audio in a WAV: its frames, walked like an .mp3's.
    measure.browserPlayable = false;
    const r = await analyseMpegRange(src, data.offset, data.offset + data.size, measure);
    return { format: 'wav', audioBytes: r.audioBytes, metadataBytes: metadataBytes + r.metadataBytes };
  }
  let sampleFormat: SampleFormat;
  if (tag === 1) sampleFormat = { kind: bits <= 8 ? 'uint' : 'int', bytes: Math.ceil(bits / 8), littleEndian: le };
  else if (tag === 3 && (bits === 32 || bits === 64)) sampleFormat = { kind: 'float', bytes: bits / 8, littleEndian: le };
  else if (tag === 6 || tag === 7) sampleFormat = { kind: tag === 6 ? 'alaw' : 'ulaw', bytes: 1, littleEndian: le };
  else {
    const codec = WAV_CODECS[tag] ?? `format 0x${tag.toString(16).padStart(4, '0')}`;
    throw new AudioRejected(REASONS.unsupportedCodec('WAV', codec));
  }
  checkShape(channels, sampleRate);
  // Some writers round the block size oddly; the container size per sample is what the bytes hold.
  if (
    sampleFormat.kind === 'int' &&
    blockAlign >= channels * sampleFormat.bytes &&
    blockAlign % channels === 0 &&
    blockAlign / channels <= 8
  ) {
    sampleFormat.bytes = blockAlign / channels;
  }
  if (!(
    sampleFormat.bytes >= 1 &&
    sampleFormat.bytes <= 8 &&
    sampleFormat.bytes !== 5 &&
    sampleFormat.bytes !== 6 &&
    sampleFormat.bytes !== 7
  )) {
    throw new AudioRejected(REASONS.unsupportedCodec('WAV', `${bits}-bit samples`));
  }
  const frames = Math.floor(data.size / (sampleFormat.bytes * channels));
  measure.browserPlayable = wavBrowserPlayable(riffId, sampleFormat);
  checkAccounted({ fileBytes: src.size, audioBytes: data.size, metadataBytes });
  const audioBytes = await measurePcm(src, { sampleFormat, channels, sampleRate, dataOffset: data.offset, frames }, measure);
  return { format: 'wav', audioBytes, metadataBytes };
}

// --- AIFF --------------------------------------------------------------------------------------------------------

/** The 80-bit IEEE extended float AIFF stores its sample rate in. */
function extended(b: Uint8Array, at: number): number {
  const exponent = ((b[at] & 0x7f) << 8) | b[at + 1];
  const mantissa = u32be(b, at + 2) * 2 ** 32 + u32be(b, at + 6);
  if (exponent === 0 && mantissa === 0) return 0;
  if (exponent === 0x7fff) return NaN;
  return (b[at] & 0x80 ? -1 : 1) * mantissa * 2 ** (exponent - 16383 - 63);
}

const AIFC_CODECS: Record<string, (bits: number) => SampleFormat | null> = {
  NONE: (bits) => ({ kind: 'int', bytes: Math.ceil(bits / 8), littleEndian: false }),
  twos: (bits) => ({ kind: 'int', bytes: Math.ceil(bits / 8), littleEndian: false }),
  sowt: (bits) => ({ kind: 'int', bytes: Math.ceil(bits / 8), littleEndian: true }),
  'raw ': () => ({ kind: 'uint', bytes: 1, littleEndian: false }),
  in24: () => ({ kind: 'int', bytes: 3, littleEndian: false }),
  in32: () => ({ kind: 'int', bytes: 4, littleEndian: false }),
  '42ni': () => ({ kind: 'int', bytes: 4, littleEndian: true }),
  fl32: () => ({ kind: 'float', bytes: 4, littleEndian: false }),
  FL32: () => ({ kind: 'float', bytes: 4, littleEndian: false }),
  fl64: () => ({ kind: 'float', bytes: 8, littleEndian: false }),
  FL64: () => ({ kind: 'float', bytes: 8, littleEndian: false }),
  ulaw: () => ({ kind: 'ulaw', bytes: 1, littleEndian: false }),
  ULAW: () => ({ kind: 'ulaw', bytes: 1, littleEndian: false }),
  alaw: () => ({ kind: 'alaw', bytes: 1, littleEndian: false }),
  ALAW: () => ({ kind: 'alaw', bytes: 1, littleEndian: false }),
};

/** AIFF's samples are signed big-endian (8-bit ones too); AIFF-C names its encoding in COMM. */
export async function analyseAiff(src: ByteSource, measure: Measure): Promise<ContainerResult> {
  const head = await src.read(0, 12);
  const aifc = ascii(head, 8) === 'AIFC';
  const formSize = u32be(head, 4);
  const end = formSize >= 4 && formSize + 8 <= src.size ? formSize + 8 : src.size;
  let comm: Uint8Array | null = null;
  let ssnd: { offset: number; size: number } | null = null;
  let metadataBytes = 12;
  for (let at = 12, chunks = 0; at + 8 <= end && chunks < MAX_CHUNKS; chunks++) {
    const h = await src.read(at, 8);
    const id = ascii(h, 0);
    let size = u32be(h, 4);
    if (!CHUNK_ID.test(id)) break;
    if (id === 'SSND') {
      size = Math.min(size, src.size - (at + 8));
      if (!ssnd && size >= 8) {
        const s = await src.read(at + 8, 8);
        const offset = u32be(s, 0);
        ssnd = { offset: at + 16 + offset, size: Math.max(0, size - 8 - offset) };
      }
      metadataBytes += 16;
    } else {
      if (id === 'COMM' && !comm) comm = (await src.read(at + 8, Math.min(size, 64))).slice();
      metadataBytes += 8 + Math.min(size + (size & 1), end - at - 8);
    }
    at += 8 + size + (size & 1);
  }
  if (!comm || comm.length < 18) throw new AudioRejected(REASONS.notAudio);
  const channels = u16be(comm, 0);
  const declaredFrames = u32be(comm, 2);
  const bits = u16be(comm, 6);
  const sampleRate = Math.round(extended(comm, 8));
  const codec = aifc && comm.length >= 22 ? ascii(comm, 18) : 'NONE';
  const make = AIFC_CODECS[codec];
  const sampleFormat = make?.(bits);
  if (!sampleFormat) throw new AudioRejected(REASONS.unsupportedCodec('AIFF', codec.trim() || 'unknown'));
  if (!(bits >= 1 && bits <= 64)) throw new AudioRejected(REASONS.notAudio);
  checkShape(channels, sampleRate);
  if (!ssnd || declaredFrames === 0) throw new AudioRejected(REASONS.noSound);
  // COMM's frame count is the truth; a file cut short holds fewer.
  const frames = Math.min(declaredFrames, Math.floor(ssnd.size / (sampleFormat.bytes * channels)));
  // Chrome and Firefox play no AIFF.
  measure.browserPlayable = false;
  checkAccounted({ fileBytes: src.size, audioBytes: ssnd.size, metadataBytes });
  const audioBytes = await measurePcm(src, { sampleFormat, channels, sampleRate, dataOffset: ssnd.offset, frames }, measure);
  return { format: 'aiff', audioBytes, metadataBytes };
}
