/** What a file is, from its bytes only (never its name or declared type). */
import { ascii, u32be, type ByteSource } from './source.js';
import { adtsHeader, chainAt, mpegHeader } from './mpeg.js';
import { AudioRejected, REASONS } from './rejected.js';

export type Container = 'wav' | 'aiff' | 'flac' | 'ogg' | 'mp4' | 'mp3' | 'adts';

export interface Sniffed {
  container: Container;
  /** Where the container starts: past leading ID3v2 tags, for MP3, ADTS and FLAC. */
  start: number;
}

/** How far past the tags we look for the first frame of an MP3 or ADTS stream. */
const SYNC_WINDOW = 64 * 1024;

const MP4_TOP_LEVEL = new Set(['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide', 'pnot', 'uuid']);

/** Containers and formats we recognise but do not take, with a name a musician knows. */
function unsupportedName(b: Uint8Array): string | null {
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return 'WebM and Matroska';
  if (b[0] === 0x30 && b[1] === 0x26 && b[2] === 0xb2 && b[3] === 0x75) return 'WMA';
  const four = ascii(b, 0, 4);
  const names: Record<string, string> = {
    caff: 'CAF',
    MThd: 'MIDI',
    '.snd': 'AU',
    'MAC ': "Monkey's Audio",
    wvpk: 'WavPack',
    TTA1: 'TTA',
    'DSD ': 'DSF',
    FRM8: 'DSDIFF',
    '#!AM': 'AMR',
  };
  if (names[four]) return names[four];
  if (b[0] === 0x0b && b[1] === 0x77) return 'AC-3';
  return null;
}

/** The size of an ID3v2 tag at p (header, body and footer), or 0. */
function id3Size(b: Uint8Array, p: number): number {
  if (ascii(b, p, 3) !== 'ID3' || b[p + 3] === 0xff || b[p + 4] === 0xff) return 0;
  if ((b[p + 6] | b[p + 7] | b[p + 8] | b[p + 9]) & 0x80) return 0;
  const size = (b[p + 6] << 21) | (b[p + 7] << 14) | (b[p + 8] << 7) | b[p + 9];
  return 10 + size + (b[p + 5] & 0x10 ? 10 : 0);
}

export async function sniff(src: ByteSource): Promise<Sniffed> {
  if (src.size === 0) throw new AudioRejected(REASONS.empty);
  let head = await src.read(0, SYNC_WINDOW);
  const four = ascii(head, 0);
  const kind = ascii(head, 8);
  if ((four === 'RIFF' || four === 'RIFX' || four === 'RF64' || four === 'BW64') && kind === 'WAVE') return { container: 'wav', start: 0 };
  if (four === 'FORM' && (kind === 'AIFF' || kind === 'AIFC')) return { container: 'aiff', start: 0 };
  if (four === 'OggS') return { container: 'ogg', start: 0 };
  if (four === 'fLaC') return { container: 'flac', start: 0 };
  if (MP4_TOP_LEVEL.has(ascii(head, 4)) && u32be(head, 0) >= 8) return { container: 'mp4', start: 0 };
  const unsupported = unsupportedName(head);
  if (unsupported) throw new AudioRejected(REASONS.unsupportedFormat(unsupported));

  // Tags first (an MP3's, sometimes a FLAC's or an AAC's), however large: skipped by their declared size.
  let start = 0;
  for (let size = id3Size(head, 0), tags = 0; size > 0 && tags < 64; size = id3Size(head, 0), tags++) {
    start += size;
    if (start >= src.size) throw new AudioRejected(REASONS.noSound);
    head = await src.read(start, SYNC_WINDOW);
  }
  if (ascii(head, 0) === 'fLaC') return { container: 'flac', start };
  const end = src.size - start;
  for (let p = 0; p + 4 <= head.length; p++) {
    if (head[p] !== 0xff) continue;
    if (chainAt(head, p, mpegHeader, end)) return { container: 'mp3', start: start + p };
    if (chainAt(head, p, adtsHeader, end)) return { container: 'adts', start: start + p };
  }
  throw new AudioRejected(start > 0 ? REASONS.noSound : REASONS.notAudio);
}
