/**
 * Opus packets into an Ogg Opus file (RFC 7845), as browsers play it: the identification header (OpusHead, its
 * pre-skip the encoder's delay) and the comment header (OpusTags) on pages of their own, then the packets, a few
 * KB of them a page, each page's granule position the 48 kHz samples decoded by its end; the last page ends the
 * stream at the master's own length, so the padding of the last frame is not played. The codec preview keeps its
 * Opus encoding this way (../preview-run.ts); the other previewed formats' encoders write files themselves.
 */

/** Packets are gathered on a page until it holds this many bytes (a page holds at most 255 segments). */
const PAGE_BYTES = 4096;
const OGG_CRC = crcTable();

function crcTable(): Uint32Array {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let k = 0; k < 8; k++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
}

/** Ogg's CRC-32: polynomial 0x04C11DB7, neither reflected nor inverted. */
export function oggCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const b of bytes) crc = ((crc << 8) ^ OGG_CRC[((crc >>> 24) ^ b) & 0xff]) >>> 0;
  return crc;
}

/** Header type flags. */
const FIRST = 0x02;
const LAST = 0x04;

export class OggOpusWriter {
  private readonly serial = (Math.random() * 0x1_0000_0000) >>> 0;
  private sequence = 0;
  private granule: number;
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private segments = 0;

  /** `write` takes each page as it is made; `preSkip`: 48 kHz samples the decoder drops first. */
  constructor(
    private readonly write: (page: Uint8Array) => void,
    { channels, inputRate, preSkip }: { channels: 1 | 2; inputRate: number; preSkip: number },
  ) {
    this.granule = preSkip;
    const head = new Uint8Array(19);
    const view = new DataView(head.buffer);
    head.set(new TextEncoder().encode('OpusHead'));
    head[8] = 1;
    head[9] = channels;
    view.setUint16(10, preSkip, true);
    view.setUint32(12, inputRate, true);
    // Output gain 0, channel mapping family 0 (mono or stereo).
    this.page([head], 0, FIRST);
    const vendor = new TextEncoder().encode('Snip codec preview');
    const tags = new Uint8Array(8 + 4 + vendor.length + 4);
    tags.set(new TextEncoder().encode('OpusTags'));
    new DataView(tags.buffer).setUint32(8, vendor.length, true);
    tags.set(vendor, 12);
    this.page([tags], 0, 0);
  }

  /**
   * A packet of `samples` 48 kHz samples. A full page is written as the next packet comes, so that the last
   * packets are still on hand for the last page.
   */
  packet(packet: Uint8Array, samples: number): void {
    if (this.pendingBytes >= PAGE_BYTES || this.segments + Math.floor(packet.length / 255) + 1 > 255) this.flushPage(0);
    this.pending.push(packet);
    this.pendingBytes += packet.length;
    this.segments += Math.floor(packet.length / 255) + 1;
    this.granule += samples;
  }

  /** The last page: the stream ends `samples` 48 kHz samples after the pre-skip (the master's length). */
  end(samples: number, preSkip: number): void {
    this.granule = Math.min(this.granule, preSkip + samples);
    this.flushPage(LAST);
  }

  private flushPage(flags: number) {
    this.page(this.pending, this.granule, flags);
    this.pending = [];
    this.pendingBytes = 0;
    this.segments = 0;
  }

  private page(packets: Uint8Array[], granule: number, flags: number) {
    const lacing = packets.flatMap((p) => [...Array<number>(Math.floor(p.length / 255)).fill(255), p.length % 255]);
    const body = packets.reduce((n, p) => n + p.length, 0);
    const page = new Uint8Array(27 + lacing.length + body);
    const view = new DataView(page.buffer);
    page.set(new TextEncoder().encode('OggS'));
    page[5] = flags;
    view.setBigUint64(6, BigInt(granule), true);
    view.setUint32(14, this.serial, true);
    view.setUint32(18, this.sequence++, true);
    page[26] = lacing.length;
    page.set(lacing, 27);
    let at = 27 + lacing.length;
    for (const p of packets) {
      page.set(p, at);
      at += p.length;
    }
    view.setUint32(22, oggCrc(page), true);
    this.write(page);
  }
}
