/**
 * A profile photo and a cover for each demo pro, drawn in code at seed time (no pictures in the
 * repository): PNG files written with zlib, stored in the public images bucket under `images/` and set on
 * the pros' records. Each picture has one key per pro and kind, so seeding again finds it (or rewrites the
 * same object) instead of adding one; a picture the pro has changed since is left alone.
 */
import { crc32, deflateSync } from 'node:zlib';
import { IMAGES_PATH } from '../../shared/constants.js';
import { imageExists, putImage } from '../../functions/people/data/images.js';
import { getUser, updateUser, type UserRecord } from '../../functions/people/data/users.js';
import { IMAGE_FOLDERS } from '../../functions/people/images.js';
import type { ImageKind } from '../../shared/schemas/profile.js';

type Rgb = [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGB PNG of the given size, each pixel's colour from `pixel(x, y)`. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const row = 1 + width * 3;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      const at = y * row + 1 + x * 3;
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => clamp(a[i] + (b[i] - a[i]) * t)) as Rgb;
const smooth = (edge0: number, edge1: number, v: number) => {
  const t = Math.max(0, Math.min(1, (v - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
};

interface Palette {
  from: Rgb;
  to: Rgb;
  accent: Rgb;
  /** Varies the cover's waveform from one pro to the next. */
  seed: number;
}

/**
 * A record on a gradient: a black vinyl disc with fine grooves and a sheen, the label in the pro's accent
 * colour around the spindle hole (a 256 px square, as the browser would send a photo).
 */
export function demoPhoto(p: Palette, size = 256): Buffer {
  const c0 = size / 2;
  // About one and a half pixels, in radii: the width of each anti-aliased edge.
  const aa = 3 / size;
  return encodePng(size, size, (x, y) => {
    const r = Math.hypot(x - c0, y - c0) / (size / 2);
    let c = mix(p.from, p.to, (x + y) / (2 * size));
    // The disc: grooves as faint rings, a sheen along one diagonal.
    const grooves = 0.5 + 0.5 * Math.sin(r * size * 0.9);
    const angle = Math.atan2(y - c0, x - c0);
    const sheen = Math.pow(Math.abs(Math.cos(angle - Math.PI / 4)), 12);
    const vinyl = mix([14, 14, 18], [40, 40, 50], 0.25 * grooves + 0.55 * sheen);
    c = mix(c, vinyl, 1 - smooth(0.86 - aa, 0.86, r));
    // The label and the hole.
    c = mix(c, mix(p.accent, p.to, (0.35 * r) / 0.34), 1 - smooth(0.33, 0.33 + aa, r));
    c = mix(c, mix(p.from, p.to, 0.5), 1 - smooth(0.035, 0.035 + aa, r));
    return c;
  });
}

/**
 * A banner (5:1): a horizontal gradient with a waveform of rounded bars across the middle, as a music
 * app's cover might show.
 */
export function demoCover(p: Palette, width = 1500, height = 300): Buffer {
  const bars = 96;
  const pitch = width / bars;
  const amplitudes = Array.from({ length: bars }, (_, i) => {
    const t = i / bars;
    const v = 0.55 * Math.abs(Math.sin(t * Math.PI * (3 + (p.seed % 3)) + p.seed)) + 0.35 * Math.abs(Math.sin(t * 37 + p.seed * 1.7));
    return 0.12 + 0.75 * Math.min(1, v) * Math.sin(Math.PI * (0.08 + 0.84 * t));
  });
  return encodePng(width, height, (x, y) => {
    let c = mix(p.from, p.to, x / width);
    c = mix(c, [10, 10, 18], 0.45 * (y / height));
    const i = Math.min(bars - 1, Math.floor(x / pitch));
    const inBar = Math.abs((x % pitch) - pitch / 2) < pitch * 0.3;
    const half = (amplitudes[i] * height) / 2;
    if (inBar && Math.abs(y - height / 2) < half) c = mix(c, p.accent, 0.75);
    return c;
  });
}

/** Each demo pro's colours, by e-mail (scripts/seed/demo-users.ts). */
export const DEMO_PALETTES: Record<string, Palette> = {
  'pro@demo.test': { from: [58, 38, 130], to: [200, 70, 140], accent: [255, 214, 150], seed: 1 },
  'pro2@demo.test': { from: [16, 70, 110], to: [40, 170, 160], accent: [210, 250, 235], seed: 2 },
  'pro3@demo.test': { from: [120, 60, 30], to: [220, 150, 60], accent: [255, 244, 220], seed: 3 },
  'pro4@demo.test': { from: [30, 30, 40], to: [190, 160, 90], accent: [250, 235, 200], seed: 4 },
};

/** The one key a demo picture of this user and kind ever has (the timestamp part is fixed at 0). */
export const demoImageKey = (userId: string, kind: ImageKind) => `${IMAGES_PATH}/${IMAGE_FOLDERS[kind]}/${userId}/0.png`;

/**
 * Stores the pros' pictures and points their records at them, unless the pro has chosen another picture
 * since. Writing the same key again replaces the object, so restarts never add objects.
 */
export async function seedDemoImages(pros: { email: string; id: string }[]): Promise<void> {
  for (const { email, id } of pros) {
    const palette = DEMO_PALETTES[email];
    let user: UserRecord | null = await getUser(id);
    if (!palette || !user) continue;
    for (const [kind, field, draw] of [
      ['photo', 'profileImage', demoPhoto],
      ['cover', 'coverImage', demoCover],
    ] as const) {
      const key = demoImageKey(id, kind);
      const current = user[field];
      if (current && current !== key) continue;
      if (current === key && (await imageExists(key))) continue;
      await putImage(key, draw(palette), 'image/png');
      if (current !== key) user = await updateUser(user, { [field]: key });
    }
  }
}
