/**
 * What an image file is, read from its own bytes: the format (JPEG, PNG or WebP) and the pixel size its
 * headers declare. Pure and small on purpose (the users function carries it); no pixel is decoded.
 */

export type ImageFormat = 'image/jpeg' | 'image/png' | 'image/webp';

export interface ImageHeader {
  type: ImageFormat;
  width: number;
  height: number;
}

/** Why the bytes are not a usable image: not one of the three formats, or one whose size cannot be read. */
export type ImageHeaderProblem = 'unknown_format' | 'unreadable_size';

export type ImageHeaderResult = ImageHeader | { problem: ImageHeaderProblem; type?: ImageFormat };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const ascii = (b: Uint8Array, at: number, text: string) =>
  b.length >= at + text.length && [...text].every((c, i) => b[at + i] === c.charCodeAt(0));
const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u24le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const u32le = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;

/** The format named by the file's signature, whatever its name or declared type say. */
export function sniffImageType(b: Uint8Array): ImageFormat | null {
  if (b.length >= 8 && PNG_SIGNATURE.every((v, i) => b[i] === v)) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return 'image/webp';
  return null;
}

/** PNG: the IHDR chunk comes first, right after the signature. */
function pngSize(b: Uint8Array): [number, number] | null {
  if (b.length < 33 || u32be(b, 8) !== 13 || !ascii(b, 12, 'IHDR')) return null;
  return [u32be(b, 16), u32be(b, 20)];
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); not DHT (C4), JPG (C8) or DAC (CC). */
const isStartOfFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** JPEG: walks the marker segments up to the first start-of-frame, which holds the size. */
function jpegSize(b: Uint8Array): [number, number] | null {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1];
    // Fill bytes before a marker.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // Markers without a length.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // Start of scan or end of image before any frame header: no size to read.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = u16be(b, at + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (length < 7 || at + 9 > b.length) return null;
      return [u16be(b, at + 7), u16be(b, at + 5)];
    }
    at += 2 + length;
  }
  return null;
}

/** WebP: the first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended, with the canvas size). */
function webpSize(b: Uint8Array): [number, number] | null {
  if (b.length < 30) return null;
  const chunk = String.fromCharCode(b[12], b[13], b[14], b[15]);
  const data = 20;
  if (chunk === 'VP8 ') {
    // Frame tag (3 bytes), then the key frame's start code and the 14-bit dimensions.
    if (b[data + 3] !== 0x9d || b[data + 4] !== 0x01 || b[data + 5] !== 0x2a) return null;
    return [u16le(b, data + 6) & 0x3fff, u16le(b, data + 8) & 0x3fff];
  }
  if (chunk === 'VP8L') {
    if (b[data] !== 0x2f) return null;
    const bits = u32le(b, data + 1);
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  if (chunk === 'VP8X') {
    return [u24le(b, data + 4) + 1, u24le(b, data + 7) + 1];
  }
  return null;
}

/**
 * The format and size of an image from its first bytes (a few kilobytes are enough for PNG and WebP; a JPEG's
 * frame header follows its metadata segments, so pass the whole file).
 */
export function readImageHeader(bytes: Uint8Array): ImageHeaderResult {
  const type = sniffImageType(bytes);
  if (!type) return { problem: 'unknown_format' };
  const size = type === 'image/png' ? pngSize(bytes) : type === 'image/jpeg' ? jpegSize(bytes) : webpSize(bytes);
  if (!size || !(size[0] > 0) || !(size[1] > 0)) return { problem: 'unreadable_size', type };
  return { type, width: size[0], height: size[1] };
}

export const FORMAT_NAMES: Record<ImageFormat, string> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP' };
