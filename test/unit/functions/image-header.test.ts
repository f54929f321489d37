/** The image header parser: real encodings (test/fixtures/images) and the layouts built from them. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readImageHeader, sniffImageType } from '../../../functions/people/image-header.js';
import { parseImageUploadKey, imageUploadKey, keptImageKey } from '../../../functions/people/images.js';
import { demoCover, demoPhoto, encodePng } from '../../../scripts/seed/demo-images.js';

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.resolve('test/fixtures/images', name)));

/** A JPEG made of the given segments after SOI: [marker, payload]. */
function jpeg(...segments: [number, number[]][]): Uint8Array {
  const bytes = [0xff, 0xd8];
  for (const [marker, payload] of segments) bytes.push(0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload);
  return Uint8Array.from(bytes);
}
/** A start-of-frame payload: precision 8, height, width, one component. */
const frame = (width: number, height: number) => [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0];

describe('readImageHeader', () => {
  it.each([
    ['jpeg-300x100.jpg', 'image/jpeg', 300, 100],
    ['png-64x48.png', 'image/png', 64, 48],
    ['webp-lossy-120x80.webp', 'image/webp', 120, 80],
    ['webp-lossless-90x30.webp', 'image/webp', 90, 30],
    ['webp-alpha-200x50.webp', 'image/webp', 200, 50],
  ])('reads %s', (name, type, width, height) => {
    expect(readImageHeader(fixture(name))).toEqual({ type, width, height });
  });

  it('reads PNG files written by the seed, at their size', () => {
    expect(readImageHeader(encodePng(3, 2, () => [1, 2, 3]))).toEqual({ type: 'image/png', width: 3, height: 2 });
    expect(readImageHeader(demoPhoto({ from: [0, 0, 0], to: [255, 255, 255], accent: [200, 100, 50], seed: 1 }, 64))).toEqual({
      type: 'image/png',
      width: 64,
      height: 64,
    });
    expect(readImageHeader(demoCover({ from: [0, 0, 0], to: [255, 255, 255], accent: [200, 100, 50], seed: 2 }, 200, 40))).toEqual({
      type: 'image/png',
      width: 200,
      height: 40,
    });
  });

  it('finds a JPEG frame header after Exif and other segments, past fill bytes, in progressive files too', () => {
    const exif = [0x45, 0x78, 0x69, 0x66, 0, 0, ...new Array(3000).fill(7)];
    expect(readImageHeader(jpeg([0xe1, exif], [0xdb, new Array(65).fill(1)], [0xc2, frame(1920, 1080)]))).toEqual({
      type: 'image/jpeg',
      width: 1920,
      height: 1080,
    });
    const withFill = [...jpeg([0xe0, [0x4a, 0x46, 0x49, 0x46, 0]])];
    withFill.push(0xff, 0xff, 0xff, ...jpeg([0xc0, frame(10, 20)]).slice(2));
    expect(readImageHeader(Uint8Array.from(withFill))).toEqual({ type: 'image/jpeg', width: 10, height: 20 });
    // Huffman tables (C4) are not a frame header.
    expect(readImageHeader(jpeg([0xc4, [0, 1, 2, 3, 4, 5, 6, 7]], [0xc0, frame(5, 6)]))).toEqual({
      type: 'image/jpeg',
      width: 5,
      height: 6,
    });
  });

  it('knows the format but refuses files whose size cannot be read: cut short, no frame, zero size', () => {
    const real = fixture('jpeg-300x100.jpg');
    expect(readImageHeader(real.slice(0, 40))).toEqual({ problem: 'unreadable_size', type: 'image/jpeg' });
    expect(readImageHeader(jpeg([0xe0, [1, 2, 3]], [0xda, [0, 0, 0]]))).toEqual({ problem: 'unreadable_size', type: 'image/jpeg' });
    expect(readImageHeader(jpeg([0xc0, frame(0, 20)]))).toEqual({ problem: 'unreadable_size', type: 'image/jpeg' });
    expect(readImageHeader(fixture('png-64x48.png').slice(0, 20))).toEqual({ problem: 'unreadable_size', type: 'image/png' });
    expect(readImageHeader(fixture('webp-lossy-120x80.webp').slice(0, 22))).toEqual({ problem: 'unreadable_size', type: 'image/webp' });
    const badChunk = fixture('webp-lossy-120x80.webp');
    badChunk.set([0x41, 0x4e, 0x49, 0x4d], 12); // 'ANIM' is no image chunk to start with
    expect(readImageHeader(badChunk)).toEqual({ problem: 'unreadable_size', type: 'image/webp' });
  });

  it('refuses what is not JPEG, PNG or WebP whatever it is called', () => {
    const cases = [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('GIF89a\x01\x00\x01\x00'),
      Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt '),
      Buffer.from('hello, this is text'),
      new Uint8Array(0),
      Uint8Array.from([0xff, 0xd8]),
    ];
    for (const bytes of cases) expect(readImageHeader(bytes)).toEqual({ problem: 'unknown_format' });
    expect(sniffImageType(fixture('webp-alpha-200x50.webp'))).toBe('image/webp');
  });
});

describe('image keys', () => {
  it('makes upload keys under uploads/ and keeps them at the same path under images/', () => {
    const key = imageUploadKey('0b7c9f4e-1111-2222-3333-444455556666', 'cover', 'image/webp', 1763860000000);
    expect(key).toBe('uploads/cover_images/0b7c9f4e-1111-2222-3333-444455556666/1763860000000.webp');
    expect(keptImageKey(key)).toBe('images/cover_images/0b7c9f4e-1111-2222-3333-444455556666/1763860000000.webp');
    expect(parseImageUploadKey(key)).toEqual({ kind: 'cover', userId: '0b7c9f4e-1111-2222-3333-444455556666', contentType: 'image/webp' });
    expect(parseImageUploadKey(imageUploadKey('u-1', 'photo', 'image/jpeg', 5))).toEqual({
      kind: 'photo',
      userId: 'u-1',
      contentType: 'image/jpeg',
    });
  });

  it('recognises no other key', () => {
    for (const key of [
      'images/profile_images/u-1/5.png',
      'uploads/profile_images/u-1/5.gif',
      'uploads/profile_images/u-1/../u-2/5.png',
      'uploads/profile_images/u-1/x.png',
      'uploads/other/u-1/5.png',
      'uploads/u-1/abc/file.wav',
      'uploads/profile_images/u-1/5.png/extra',
    ]) {
      expect(parseImageUploadKey(key), key).toBeNull();
    }
  });
});
