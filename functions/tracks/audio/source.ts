/** Random access to the bytes of a file (or of a buffer), so parsers can jump to an index at the end. */
import { open, type FileHandle } from 'node:fs/promises';

export interface ByteSource {
  readonly size: number;
  /** Up to `length` bytes from `offset` (fewer at the end of the file). The result may be reused by the next read. */
  read(offset: number, length: number): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** Streaming reads of 1 MiB: large enough to keep syscalls rare, small enough to keep memory flat. */
export const CHUNK_BYTES = 1024 * 1024;

export async function openFile(filePath: string): Promise<ByteSource> {
  const handle: FileHandle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    return {
      size,
      async read(offset, length) {
        const n = Math.max(0, Math.min(length, size - offset));
        const buf = new Uint8Array(n);
        let got = 0;
        while (got < n) {
          const { bytesRead } = await handle.read(buf, got, n - got, offset + got);
          if (bytesRead === 0) break;
          got += bytesRead;
        }
        return got === n ? buf : buf.subarray(0, got);
      },
      close: () => handle.close(),
    };
  } catch (err) {
    await handle.close();
    throw err;
  }
}

/** The bytes of [from, to) in order, in chunks of at most `chunk` bytes. */
export async function* byteRange(src: ByteSource, from: number, to: number, chunk = CHUNK_BYTES): AsyncGenerator<Uint8Array> {
  for (let at = from; at < to;) {
    const bytes = await src.read(at, Math.min(chunk, to - at));
    if (bytes.length === 0) return;
    yield bytes;
    at += bytes.length;
  }
}

/** A forward reader over [from, to) that keeps the bytes from `pos` on in a buffer, refilled 1 MiB at a time. */
export class Cursor {
  buf = new Uint8Array(0);
  /** File offset of buf[0]. */
  bufStart: number;
  pos: number;

  constructor(
    private readonly src: ByteSource,
    from: number,
    readonly to: number,
  ) {
    this.bufStart = from;
    this.pos = from;
  }

  /** Index in buf of `pos`. */
  get at() {
    return this.pos - this.bufStart;
  }

  /** Makes buf hold [pos, pos + need); false when the range ends before. */
  async ensure(need: number): Promise<boolean> {
    const have = this.bufStart + this.buf.length;
    if (this.pos + need <= have) return true;
    const from = Math.max(this.pos, have); // bytes before pos are done with
    if (from >= this.to) return false;
    const more = await this.src.read(from, Math.min(Math.max(CHUNK_BYTES, need), this.to - from));
    const keep = this.pos < have ? this.buf.subarray(this.pos - this.bufStart) : new Uint8Array(0);
    const next = new Uint8Array(keep.length + more.length);
    next.set(keep);
    next.set(more, keep.length);
    this.buf = next;
    this.bufStart = this.pos;
    return this.pos + need <= this.bufStart + this.buf.length;
  }
}

export const ascii = (b: Uint8Array, at: number, n = 4) => String.fromCharCode(...b.subarray(at, at + n));
export const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
export const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
export const u32le = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
export const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
export const u64be = (b: Uint8Array, at: number) => u32be(b, at) * 2 ** 32 + u32be(b, at + 4);
export const u64le = (b: Uint8Array, at: number) => u32le(b, at + 4) * 2 ** 32 + u32le(b, at);

/**
 * Gathers a container's small parts (frames, pages) and hands them to `feed` joined, a quarter megabyte at
 * a time: a decoder called fewer times with more each time decodes faster.
 */
export function batcher(feed: (joined: Uint8Array) => void, batchBytes = 256 * 1024) {
  let parts: Uint8Array[] = [];
  let held = 0;
  const flush = () => {
    if (!held) return;
    const joined = new Uint8Array(held);
    let o = 0;
    for (const p of parts) {
      joined.set(p, o);
      o += p.length;
    }
    parts = [];
    held = 0;
    feed(joined);
  };
  /** Takes a part (a copy, since the caller's buffer moves on) and hands on the batch once it is full. */
  const add = (part: Uint8Array) => {
    parts.push(part.slice());
    held += part.length;
    if (held >= batchBytes) flush();
  };
  return { add, flush };
}
