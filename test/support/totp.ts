/**
 * RFC 6238 TOTP codes, as an authenticator app computes them (HMAC-SHA1, 30-second steps, 6 digits),
 * written apart from the local pool's own check (scripts/dev/emulators/cognito-mfa.ts) so each tests the other.
 */
import { createHmac } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function keyOf(base32: string): Buffer {
  const bits = [...base32.replace(/[\s=]/g, '').toUpperCase()]
    .map((c) => {
      const v = ALPHABET.indexOf(c);
      if (v < 0) throw new Error(`not base32: ${c}`);
      return v.toString(2).padStart(5, '0');
    })
    .join('');
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => parseInt(b, 2)));
}

/** The code for a base32 key at a time (ms), `digits` long; `stepOffset` moves to an adjacent step. */
export function totpCode(secret: string, at = Date.now(), { digits = 6, stepOffset = 0 } = {}): string {
  const counter = Math.floor(at / 30_000) + stepOffset;
  const msg = Buffer.alloc(8);
  msg.writeUInt32BE(Math.floor(counter / 2 ** 32), 0);
  msg.writeUInt32BE(counter >>> 0, 4);
  const mac = createHmac('sha1', keyOf(secret)).update(msg).digest();
  const offset = mac[19] & 0xf;
  const value = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(value % 10 ** digits).padStart(digits, '0');
}
