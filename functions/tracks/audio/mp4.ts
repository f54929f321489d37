/**
 * MP4 / M4A / MOV audio. We demux it ourselves with random access (so the moov index may be anywhere, even after a
 * large mdat) and feed the audio track's samples, chunk by chunk, to the AAC or ALAC decoder of @audio/decode-aac
 * (or to mpg123 for MP3 in MP4). @audio/decode-mp4 is not used: it buffered the whole head of a file and, on a small
 * faststart M4A, left a rejected promise unhandled, which ends a Node process.
 */
import { ascii, u16be, u32be, u64be, type ByteSource } from './source.js';
import {
  checkAccounted,
  checkDeclaredSeconds,
  withDecoder,
  take,
  type ContainerResult,
  type Measure,
  type StreamDecoder,
} from './measure.js';
import { AudioRejected, REASONS } from './rejected.js';
import { aacLayout } from './channel-layout.js';

interface Box {
  type: string;
  /** Offsets of the box and of its body, and where it ends (all absolute within their buffer or file). */
  start: number;
  body: number;
  end: number;
}

const PRINTABLE = /^[\x20-\x7e\xa9]{4}$/;

/** The boxes of b[from, to); stops at anything that is not a box. */
function boxesIn(b: Uint8Array, from: number, to: number): Box[] {
  const out: Box[] = [];
  for (let at = from; at + 8 <= to;) {
    let size = u32be(b, at);
    const type = ascii(b, at + 4);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) break;
      size = u64be(b, at + 8);
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header || !PRINTABLE.test(type)) break;
    out.push({ type, start: at, body: at + header, end: Math.min(at + size, to) });
    at += size;
  }
  return out;
}

const child = (b: Uint8Array, box: Box | undefined, type: string, skip = 0) =>
  box ? boxesIn(b, box.body + skip, box.end).find((c) => c.type === type) : undefined;
const children = (b: Uint8Array, box: Box, type: string, skip = 0) => boxesIn(b, box.body + skip, box.end).filter((c) => c.type === type);
const bodyOf = (b: Uint8Array, box: Box | undefined) => (box ? b.subarray(box.body, box.end) : undefined);

/** The file's top-level boxes, read header by header (an mdat of any size is skipped, not read). */
async function topLevel(src: ByteSource): Promise<{ boxes: Box[]; truncated: boolean }> {
  const boxes: Box[] = [];
  let truncated = false;
  for (let at = 0; at + 8 <= src.size && boxes.length < 100_000;) {
    const h = await src.read(at, 16);
    let size = u32be(h, 0);
    const type = ascii(h, 4);
    let header = 8;
    if (size === 1 && h.length >= 16) {
      size = u64be(h, 8);
      header = 16;
    } else if (size === 0) size = src.size - at;
    if (size < header || !PRINTABLE.test(type)) break;
    if (at + size > src.size) truncated = true;
    boxes.push({ type, start: at, body: at + header, end: Math.min(at + size, src.size) });
    at += size;
  }
  return { boxes, truncated };
}

/** The AudioSpecificConfig and object type inside an esds box body (ISO/IEC 14496-1 descriptors). */
function parseEsds(b: Uint8Array): { objectType: number; asc: Uint8Array | null } | null {
  let p = 4; // version and flags
  const end = b.length;
  let objectType = -1;
  let asc: Uint8Array | null = null;
  const descriptor = () => {
    const tag = b[p++];
    let len = 0;
    for (let k = 0; k < 4 && p < end; k++) {
      const c = b[p++];
      len = (len << 7) | (c & 0x7f);
      if (!(c & 0x80)) break;
    }
    return { tag, len, body: p };
  };
  while (p < end) {
    const d = descriptor();
    if (d.tag === 0x03) {
      const flags = b[p + 2];
      p += 3;
      if (flags & 0x80) p += 2;
      if (flags & 0x40) p += 1 + b[p];
      if (flags & 0x20) p += 2;
    } else if (d.tag === 0x04) {
      objectType = b[p];
      p += 13;
    } else if (d.tag === 0x05) {
      asc = b.slice(p, Math.min(end, p + d.len));
      break;
    } else p = d.body + d.len;
  }
  return objectType < 0 ? null : { objectType, asc };
}

interface Codec {
  kind: 'aac' | 'alac' | 'mp3';
  config: Uint8Array | null;
}

/** The sample entry's codec: AAC (esds), ALAC (its cookie), MP3 in MP4; the name of anything else. */
function codecOf(b: Uint8Array, stsd: Box): Codec | string {
  const entry = boxesIn(b, stsd.body + 8, stsd.end)[0];
  if (!entry) return 'none';
  const version = u16be(b, entry.body + 8);
  const childrenAt = entry.start + (version === 1 ? 52 : version === 2 ? 72 : 36);
  const kids = boxesIn(b, childrenAt, entry.end);
  // QuickTime nests esds in a 'wave' box.
  const wave = kids.find((k) => k.type === 'wave');
  const all = wave ? [...kids, ...boxesIn(b, wave.body, wave.end)] : kids;
  if (entry.type === 'alac') {
    const cookie = all.find((k) => k.type === 'alac');
    if (!cookie || cookie.end - cookie.body < 24) return 'ALAC without its configuration';
    return { kind: 'alac', config: b.slice(cookie.body, cookie.end) };
  }
  if (entry.type === 'mp4a') {
    const esds = all.find((k) => k.type === 'esds');
    const es = esds ? parseEsds(b.subarray(esds.body, esds.end)) : null;
    if (!es) return 'MPEG-4 audio without its configuration';
    if (es.objectType === 0x69 || es.objectType === 0x6b) return { kind: 'mp3', config: null };
    if ((es.objectType === 0x40 || (es.objectType >= 0x66 && es.objectType <= 0x68)) && es.asc?.length) {
      // The AudioSpecificConfig's object type (5 bits, 31 escapes to 6 more): FAAD2 does AAC and HE-AAC, not these.
      const aot = es.asc[0] >> 3 === 31 && es.asc.length > 1 ? 32 + (((es.asc[0] & 7) << 3) | (es.asc[1] >> 5)) : es.asc[0] >> 3;
      if (aot >= 32 && aot <= 34) return { kind: 'mp3', config: null }; // MPEG-1/2 layers I-III
      const other: Record<number, string> = { 36: 'MPEG-4 ALS', 42: 'xHE-AAC (USAC)' };
      if (other[aot]) return other[aot];
      return { kind: 'aac', config: es.asc };
    }
    return `MPEG-4 audio type 0x${es.objectType.toString(16)}`;
  }
  if (entry.type === '.mp3') return { kind: 'mp3', config: null };
  const names: Record<string, string> = {
    'ac-3': 'Dolby AC-3',
    'ec-3': 'Dolby E-AC-3',
    Opus: 'Opus',
    fLaC: 'FLAC',
    samr: 'AMR',
    sowt: 'PCM',
    twos: 'PCM',
    lpcm: 'PCM',
    ipcm: 'PCM',
    fpcm: 'PCM',
  };
  return names[entry.type] ?? entry.type.trim();
}

interface Track {
  trak: Box;
  id: number;
  handler: string;
  timescale: number;
  duration: number;
  stbl?: Box;
  mdhd?: Box;
  elst?: Box;
}

function tracksOf(b: Uint8Array, moov: Box): Track[] {
  return children(b, moov, 'trak').map((trak) => {
    const tkhd = child(b, trak, 'tkhd');
    const mdia = child(b, trak, 'mdia');
    const mdhd = child(b, mdia, 'mdhd');
    const hdlr = child(b, mdia, 'hdlr');
    const minf = child(b, mdia, 'minf');
    const v = mdhd ? b[mdhd.body] : 0;
    const timescale = mdhd ? u32be(b, mdhd.body + (v === 1 ? 20 : 12)) : 0;
    const duration = mdhd ? (v === 1 ? u64be(b, mdhd.body + 24) : u32be(b, mdhd.body + 16)) : 0;
    return {
      trak,
      id: tkhd ? u32be(b, tkhd.body + (b[tkhd.body] === 1 ? 20 : 12)) : 0,
      handler: hdlr ? ascii(b, hdlr.body + 8) : '',
      timescale,
      duration,
      stbl: child(b, minf, 'stbl'),
      mdhd,
      elst: child(b, child(b, trak, 'edts'), 'elst'),
    };
  });
}

/** Where each sample of the track lies: [offset, size] pairs, from a classic sample table. */
function* sampleTable(b: Uint8Array, stbl: Box): Generator<[number, number]> {
  const stsz = child(b, stbl, 'stsz');
  const stz2 = child(b, stbl, 'stz2');
  const stsc = child(b, stbl, 'stsc');
  const stco = child(b, stbl, 'stco');
  const co64 = child(b, stbl, 'co64');
  if ((!stsz && !stz2) || !stsc || (!stco && !co64)) return;
  let count: number;
  let sizeAt: (i: number) => number;
  if (stsz) {
    const fixed = u32be(b, stsz.body + 4);
    count = Math.min(u32be(b, stsz.body + 8), fixed ? Infinity : (stsz.end - stsz.body - 12) / 4);
    sizeAt = fixed ? () => fixed : (i) => u32be(b, stsz.body + 12 + 4 * i);
  } else {
    const field = b[stz2!.body + 7];
    count = u32be(b, stz2!.body + 8);
    const base = stz2!.body + 12;
    sizeAt =
      field === 4
        ? (i) => (i & 1 ? b[base + (i >> 1)] & 15 : b[base + (i >> 1)] >> 4)
        : field === 8
          ? (i) => b[base + i]
          : (i) => u16be(b, base + 2 * i);
    count = Math.min(count, Math.floor(((stz2!.end - base) * 8) / Math.max(4, field)));
  }
  const chunks = co64
    ? Math.min(u32be(b, co64.body + 4), (co64.end - co64.body - 8) / 8)
    : Math.min(u32be(b, stco!.body + 4), (stco!.end - stco!.body - 8) / 4);
  const chunkAt = co64 ? (i: number) => u64be(b, co64.body + 8 + 8 * i) : (i: number) => u32be(b, stco!.body + 8 + 4 * i);
  const entries = Math.min(u32be(b, stsc.body + 4), (stsc.end - stsc.body - 8) / 12);
  let sample = 0;
  for (let e = 0; e < entries && sample < count; e++) {
    const first = u32be(b, stsc.body + 8 + 12 * e) - 1;
    const perChunk = u32be(b, stsc.body + 12 + 12 * e);
    const last = e + 1 < entries ? u32be(b, stsc.body + 8 + 12 * (e + 1)) - 1 : chunks;
    for (let c = first; c < Math.min(last, chunks) && sample < count; c++) {
      let offset = chunkAt(c);
      for (let k = 0; k < perChunk && sample < count; k++, sample++) {
        const size = sizeAt(sample);
        yield [offset, size];
        offset += size;
      }
    }
  }
}

/** Samples of a fragmented file: each moof's runs for the track (ISO/IEC 14496-12 8.8), read one moof at a time. */
async function* fragmentSamples(src: ByteSource, moofs: Box[], trackId: number, defaultSize: number): AsyncGenerator<[number, number]> {
  for (const box of moofs) {
    if (box.end - box.start > MAX_MOOV_BYTES) throw new AudioRejected(REASONS.notAudio);
    const b = (await src.read(box.start, box.end - box.start)).slice();
    const start = box.start;
    const moof: Box = { type: 'moof', start: 0, body: box.body - box.start, end: b.length };
    for (const traf of children(b, moof, 'traf')) {
      const tfhd = child(b, traf, 'tfhd');
      if (!tfhd || u32be(b, tfhd.body + 4) !== trackId) continue;
      const flags = u32be(b, tfhd.body) & 0xffffff;
      let p = tfhd.body + 8;
      let base = start;
      if (flags & 0x01) {
        base = u64be(b, p);
        p += 8;
      }
      if (flags & 0x02) p += 4;
      if (flags & 0x08) p += 4;
      const size = flags & 0x10 ? u32be(b, p) : defaultSize;
      for (const trun of children(b, traf, 'trun')) {
        const tf = u32be(b, trun.body) & 0xffffff;
        const n = u32be(b, trun.body + 4);
        let q = trun.body + 8;
        let offset = base;
        if (tf & 0x01) {
          offset = base + (u32be(b, q) | 0);
          q += 4;
        }
        if (tf & 0x04) q += 4;
        for (let i = 0; i < n && q <= trun.end; i++) {
          if (tf & 0x100) q += 4;
          const s = tf & 0x200 ? u32be(b, q) : size;
          if (tf & 0x200) q += 4;
          if (tf & 0x400) q += 4;
          if (tf & 0x800) q += 4;
          yield [offset, s];
          offset += s;
        }
      }
    }
  }
}

/** Random reads served from a 1 MiB window: samples come in file order, often in small interleaved chunks. */
class WindowReader {
  private window = new Uint8Array(0);
  private windowStart = 0;
  constructor(private readonly src: ByteSource) {}
  async read(offset: number, size: number): Promise<Uint8Array> {
    if (offset < this.windowStart || offset + size > this.windowStart + this.window.length) {
      this.window = (await this.src.read(offset, Math.max(size, 1024 * 1024))).slice();
      this.windowStart = offset;
    }
    return this.window.subarray(offset - this.windowStart, offset - this.windowStart + size);
  }
}

/** Sample bytes per decoder call. */
const BATCH_BYTES = 256 * 1024;
/** A moov larger than this is no audio index (a 4-hour AAC track needs about 3 MB). */
const MAX_MOOV_BYTES = 64 * 1024 * 1024;
/** No AAC or ALAC frame comes near this. */
const MAX_SAMPLE_BYTES = 4 * 1024 * 1024;

export async function analyseMp4(src: ByteSource, measure: Measure): Promise<ContainerResult> {
  const { boxes, truncated } = await topLevel(src);
  const moovBox = boxes.find((x) => x.type === 'moov');
  if (!moovBox) throw new AudioRejected(boxes.some((x) => x.type === 'mdat') ? REASONS.incomplete : REASONS.notAudio);
  if (moovBox.end - moovBox.start > MAX_MOOV_BYTES) throw new AudioRejected(REASONS.notAudio);
  const b = (await src.read(moovBox.start, moovBox.end - moovBox.start)).slice();
  const moov: Box = { type: 'moov', start: 0, body: moovBox.body - moovBox.start, end: b.length };
  const tracks = tracksOf(b, moov);
  const audio = tracks.filter((t) => t.handler === 'soun' && t.stbl);
  const hasVideo = tracks.some((t) => t.handler === 'vide');
  if (!audio.length) throw new AudioRejected(hasVideo ? REASONS.noAudioTrack : REASONS.notAudio);

  let track: Track | undefined;
  let codec: Codec | undefined;
  let unsupported = '';
  for (const t of audio) {
    const stsd = child(b, t.stbl, 'stsd');
    const c = stsd ? codecOf(b, stsd) : 'none';
    if (typeof c === 'string') unsupported ||= c;
    else {
      track = t;
      codec = c;
      break;
    }
  }
  if (!track || !codec) throw new AudioRejected(REASONS.unsupportedCodec('MP4', unsupported || 'unknown'));
  if (track.timescale) checkDeclaredSeconds(track.duration / track.timescale);

  // Where the samples are: the sample table, or (fragmented files) the moof boxes.
  const stbl = track.stbl!;
  let samples: Iterable<[number, number]> | AsyncIterable<[number, number]> = sampleTable(b, stbl);
  const mvex = child(b, moov, 'mvex');
  const moofs = boxes.filter((x) => x.type === 'moof');
  if (mvex && moofs.length) {
    const trex = children(b, mvex, 'trex').find((x) => u32be(b, x.body + 4) === track!.id);
    const defaultSize = trex ? u32be(b, trex.body + 16) : 0;
    const table = samples;
    const id = track.id;
    samples = (async function* () {
      yield* table;
      yield* fragmentSamples(src, moofs, id, defaultSize);
    })();
  }

  let metadataBytes = 0;
  for (const x of boxes) metadataBytes += x.type === 'mdat' ? x.body - x.start : x.end - x.start;

  const stts = child(b, stbl, 'stts');
  const mvhd = child(b, moov, 'mvhd');
  const udta = child(b, moov, 'udta');
  const meta = child(b, udta, 'meta');
  // 'meta' is a full box in MP4, a plain one in QuickTime.
  const ilst = meta ? (child(b, meta, 'ilst', 4) ?? child(b, meta, 'ilst')) : undefined;

  let audioBytes = 0;
  const reader = new WindowReader(src);
  const feed = async (decode: (frames: Uint8Array[]) => void) => {
    let batch: Uint8Array[] = [];
    let batchBytes = 0;
    let count = 0;
    for await (const [offset, size] of samples) {
      // Tables that claim more samples, or more sample bytes, than the file holds (overlapping chunks) are no index.
      if (++count > src.size || audioBytes + size > src.size) throw new AudioRejected(REASONS.notAudio);
      if (size === 0) continue;
      if (size > MAX_SAMPLE_BYTES) throw new AudioRejected(REASONS.notAudio);
      if (offset + size > src.size) break; // cut short: decode what arrived
      batch.push((await reader.read(offset, size)).slice());
      batchBytes += size;
      audioBytes += size;
      if (batchBytes >= BATCH_BYTES) {
        decode(batch);
        batch = [];
        batchBytes = 0;
      }
    }
    if (batch.length) decode(batch);
  };

  if (codec.kind === 'mp3') {
    const { decoder } = await import('@audio/decode-mp3');
    await withDecoder(measure, decoder as () => Promise<StreamDecoder>, (dec) =>
      feed((frames) => {
        const joined = new Uint8Array(frames.reduce((n, f) => n + f.length, 0));
        let o = 0;
        for (const f of frames) {
          joined.set(f, o);
          o += f.length;
        }
        take(measure, dec.decode(joined));
      }),
    );
  } else {
    const aac = await import('@audio/decode-aac');
    const config = codec.config!;
    let window;
    try {
      window = aac.gapless({
        elst: bodyOf(b, track.elst),
        mdhd: bodyOf(b, track.mdhd),
        stts: bodyOf(b, stts),
        mvhd: bodyOf(b, mvhd),
        ilst: bodyOf(b, ilst),
        ...(codec.kind === 'aac' ? { asc: config } : { alac: config }),
      });
    } catch {
      window = null; // no trimming: off by the encoder's priming, a few milliseconds
    }
    const options = codec.kind === 'aac' ? { asc: config } : { alac: config };
    // The AudioSpecificConfig's channel configuration, where the decoder reads it.
    const layout = codec.kind === 'aac' && config.length > 1 ? aacLayout((config[1] >> 3) & 15) : null;
    if (layout) measure.setLayout(layout);
    // Only Safari plays ALAC.
    if (codec.kind === 'alac') measure.browserPlayable = false;
    await withDecoder(
      measure,
      () => aac.decoder({ ...options, ...(window ? { gapless: window } : {}) }) as Promise<StreamDecoder>,
      (dec) => feed((frames) => take(measure, dec.decode(frames))),
    );
  }
  if (measure.frames === 0) throw new AudioRejected(audioBytes === 0 && truncated ? REASONS.incomplete : REASONS.noSound);
  try {
    checkAccounted({ fileBytes: src.size, audioBytes, metadataBytes });
  } catch (err) {
    throw hasVideo ? new AudioRejected(REASONS.video) : err;
  }
  return { format: 'm4a', audioBytes, metadataBytes };
}
