/**
 * The codec previews' files to play (functions/tracks/audio/codec-preview.ts previewFileWriter): each profile's
 * encoding kept as a file the upload reader itself takes as that format, of the master's length; Opus's packets
 * in an Ogg Opus file (functions/tracks/audio/ogg-opus-writer.ts) whose pages carry true CRCs, a first and a last
 * page flagged, and a last granule that ends the stream at the master's end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseAudioFile } from '../../../functions/tracks/audio.js';
import { previewCodec, previewFileWriter } from '../../../functions/tracks/audio/codec-preview.js';
import { oggCrc } from '../../../functions/tracks/audio/ogg-opus-writer.js';
import { OPUS_DELAY } from '../../../functions/tracks/audio/opus-codec.js';
import type { CodecProfileId } from '../../../shared/codec-profiles.js';

const RATE = 44_100;
const FRAMES = Math.round(1.5 * RATE);

/** 1.5 s of a stereo chord, in blocks of 4,000 frames as processing hands them on. */
function* master(): Generator<Float32Array[]> {
  for (let at = 0; at < FRAMES; at += 4000) {
    const n = Math.min(4000, FRAMES - at);
    yield [0, 1].map((c) => Float32Array.from({ length: n }, (_, i) => 0.3 * Math.sin((2 * Math.PI * (220 + 110 * c) * (at + i)) / RATE)));
  }
}

async function previewFile(profile: CodecProfileId): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'preview-file-')), profile);
  const fd = fs.openSync(file, 'w');
  const writer = previewFileWriter(profile, { rate: RATE, frames: FRAMES, channels: 2 }, (bytes) => fs.writeSync(fd, bytes));
  const preview = await previewCodec(profile, { rate: RATE, frames: FRAMES }, master(), writer.piece);
  writer.end();
  fs.closeSync(fd);
  expect(fs.statSync(file).size).toBeGreaterThanOrEqual(preview.encodedBytes);
  return file;
}

/** The Ogg pages of a file: flags, granule position, and whether the stored CRC is the page's own. */
function oggPages(bytes: Buffer) {
  const pages: { flags: number; granule: bigint; crcOk: boolean }[] = [];
  for (let at = 0; at < bytes.length;) {
    expect(bytes.toString('latin1', at, at + 4)).toBe('OggS');
    const segments = bytes[at + 26];
    const body = [...bytes.subarray(at + 27, at + 27 + segments)].reduce((a, b) => a + b, 0);
    const page = Buffer.from(bytes.subarray(at, at + 27 + segments + body));
    const stored = page.readUInt32LE(22);
    page.writeUInt32LE(0, 22);
    pages.push({ flags: page[5], granule: page.readBigUInt64LE(6), crcOk: oggCrc(page) === stored });
    at += page.length;
  }
  return pages;
}

describe("codec previews' files to play", () => {
  it.each([
    ['mp3-128', 'mp3'],
    ['vorbis-96', 'ogg'],
    ['opus-160', 'opus'],
  ] as const)('%s is kept as a %s file of the master length', async (profile, format) => {
    const facts = await analyseAudioFile(await previewFile(profile));
    expect(facts.format).toBe(format);
    // MP3 keeps its encoder's delay and last frame's padding, a few hundredths of a second; the upload reader
    // counts Opus's pre-skip (6.5 ms) as audio, where a browser drops it.
    expect(Math.abs(facts.duration - 1.5)).toBeLessThan({ mp3: 0.08, ogg: 0.002, opus: 0.007 }[format]);
  });

  it('writes Opus as Ogg pages with true CRCs, flagged first and last, ending at the master end', async () => {
    const pages = oggPages(fs.readFileSync(await previewFile('opus-160')));
    expect(pages.length).toBeGreaterThan(3);
    expect(pages.every((p) => p.crcOk)).toBe(true);
    expect(pages.map((p) => p.flags)).toEqual([2, ...Array<number>(pages.length - 2).fill(0), 4]);
    expect(pages.at(-1)!.granule).toBe(BigInt(OPUS_DELAY + 72_000));
  });
});
