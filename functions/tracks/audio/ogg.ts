/**
 * Ogg (Vorbis, Opus, FLAC). We walk the pages ourselves: the decoder gets only whole pages of the one audio stream,
 * and the bytes those pages hold are counted exactly. Header pages (whose comments may carry cover art) are metadata.
 * Chained files (several streams one after the other) decode their first stream only.
 */
import { ascii, batcher, Cursor, u32le, type ByteSource } from './source.js';
import { withDecoder, take, type ContainerResult, type Measure, type StreamDecoder } from './measure.js';
import { AudioRejected, REASONS } from './rejected.js';

type Codec = 'vorbis' | 'opus' | 'flac';

function codecOf(packet: Uint8Array): Codec | 'video' | string | null {
  if (packet[0] === 1 && ascii(packet, 1, 6) === 'vorbis') return 'vorbis';
  if (ascii(packet, 0, 8) === 'OpusHead') return 'opus';
  if (packet[0] === 0x7f && ascii(packet, 1, 4) === 'FLAC') return 'flac';
  if (packet[0] === 0x80 && ascii(packet, 1, 6) === 'theora') return 'video';
  if (ascii(packet, 0, 8) === 'Speex   ') return 'Speex';
  if (ascii(packet, 0, 8) === 'fishead\0' || ascii(packet, 0, 8) === 'fisbone\0') return null; // Skeleton: an index
  return 'an unknown codec';
}

interface Page {
  length: number;
  serial: number;
  bos: boolean;
  /** The granule position is 0 or -1 (no packet ends here): header pages have one of these. */
  noGranule: boolean;
  bodyOffset: number;
}

/** A page whose header is whole in b at i; null when the bytes there are no page header. */
function pageAt(b: Uint8Array, i: number): Page | 'short' | null {
  if (i + 27 > b.length) return 'short';
  if (b[i] !== 0x4f || b[i + 1] !== 0x67 || b[i + 2] !== 0x67 || b[i + 3] !== 0x53 || b[i + 4] !== 0) return null;
  const segments = b[i + 26];
  if (i + 27 + segments > b.length) return 'short';
  let body = 0;
  for (let k = 0; k < segments; k++) body += b[i + 27 + k];
  const lo = u32le(b, i + 6);
  const hi = u32le(b, i + 10);
  return {
    length: 27 + segments + body,
    serial: u32le(b, i + 14),
    bos: (b[i + 5] & 2) !== 0,
    noGranule: (lo === 0 && hi === 0) || (lo === 0xffffffff && hi === 0xffffffff),
    bodyOffset: 27 + segments,
  };
}

export async function analyseOgg(src: ByteSource, measure: Measure): Promise<ContainerResult> {
  // The streams begin with their BOS pages, all before any other page.
  const head = await src.read(0, 64 * 1024);
  let serial = -1;
  let codec: Codec | null = null;
  let other: string | null = null;
  for (let i = 0; ;) {
    const page = pageAt(head, i);
    if (!page || page === 'short' || !page.bos) break;
    const kind = codecOf(head.subarray(i + page.bodyOffset, i + page.length));
    if (!codec && (kind === 'vorbis' || kind === 'opus' || kind === 'flac')) {
      codec = kind;
      serial = page.serial;
    } else if (kind && !other) other = kind;
    i += page.length;
  }
  if (!codec) {
    if (other === 'video') throw new AudioRejected(REASONS.noAudioTrack);
    if (other) throw new AudioRejected(REASONS.unsupportedCodec('Ogg', other));
    throw new AudioRejected(REASONS.notAudio);
  }
  const load =
    codec === 'vorbis' ? import('@audio/decode-vorbis') : codec === 'opus' ? import('@audio/decode-opus') : import('@audio/decode-flac');
  const { decoder } = await load;

  let audioBytes = 0;
  let metadataBytes = 0;
  let inHeaders = true;
  await withDecoder(measure, decoder as () => Promise<StreamDecoder>, async (dec) => {
    const cur = new Cursor(src, 0, src.size);
    const { add, flush } = batcher((joined) => take(measure, dec.decode(joined)));
    let ended = false;
    while (!ended && (await cur.ensure(27))) {
      await cur.ensure(27 + 255);
      const page = pageAt(cur.buf, cur.at);
      if (page === null || page === 'short') {
        // Not a page: look for the next capture pattern.
        const from = cur.at + 1;
        const found = cur.buf.indexOf(0x4f, from);
        cur.pos = found < 0 ? cur.bufStart + cur.buf.length : cur.bufStart + found;
        if (page === 'short' && cur.pos + 27 > cur.to) break;
        continue;
      }
      if (!(await cur.ensure(page.length))) break; // a page cut short at the end
      if (page.serial === serial) {
        add(cur.buf.subarray(cur.at, cur.at + page.length));
        if (inHeaders && !page.noGranule) inHeaders = false;
        if (inHeaders) metadataBytes += page.length;
        else audioBytes += page.length;
        ended = (cur.buf[cur.at + 5] & 4) !== 0; // end of stream: what follows is another chain, not decoded
      } else if (page.bos && inHeaders) metadataBytes += page.length; // other streams' identification
      // Pages of other streams (a video) are neither: the caller's rule counts them as unexplained bytes.
      cur.pos += page.length;
    }
    flush();
  });
  return { format: codec === 'vorbis' ? 'ogg' : codec === 'opus' ? 'opus' : 'ogg', audioBytes, metadataBytes };
}
