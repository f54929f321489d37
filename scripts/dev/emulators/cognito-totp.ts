/**
 * The authenticator codes of the local user pool: RFC 4648 base32 keys and RFC 6238 TOTP (HMAC-SHA1,
 * 30 s steps, 6 digits), as authenticator apps compute them.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes a base32 key as authenticator apps take it: any case, spaces and padding ignored. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const index = BASE32.indexOf(ch);
    if (index < 0) throw new Error(`Not a base32 key: '${ch}'`);
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;

/** RFC 4226 HOTP of one counter value (HMAC-SHA1, dynamic truncation). */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The RFC 6238 code of a base32 key at a time (milliseconds). */
export function totp(secret: string, atMs = Date.now(), digits = TOTP_DIGITS): string {
  return hotp(base32Decode(secret), Math.floor(atMs / 1000 / TOTP_STEP_SECONDS), digits);
}

/** Whether a code is the key's code for the current step or one step either side (clock drift). */
export function verifyTotp(secret: string, code: string, atMs = Date.now(), window = 1): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  let key: Buffer;
  try {
    key = base32Decode(secret);
  } catch {
    return false;
  }
  const step = Math.floor(atMs / 1000 / TOTP_STEP_SECONDS);
  let match = false;
  for (let d = -window; d <= window; d++) {
    // Every candidate is compared, so the time taken does not tell which one matched.
    if (timingSafeEqual(Buffer.from(hotp(key, step + d)), Buffer.from(code))) match = true;
  }
  return match;
}

/** A new authenticator key: 160 random bits, as Cognito's (32 base32 characters). */
export const newTotpSecret = () => base32Encode(randomBytes(20));
