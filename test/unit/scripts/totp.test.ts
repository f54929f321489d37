/**
 * The TOTP codes of the local user pool (scripts/dev/emulators/cognito-mfa.ts) and of the tests' authenticator
 * (test/support/totp.ts), each against RFC 6238's own test vectors and against the other.
 */
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, newTotpSecret, totp, verifyTotp } from '../../../scripts/dev/emulators/cognito-mfa.js';
import { totpCode } from '../../support/totp.js';

// RFC 6238 appendix B, SHA-1: the key is the ASCII of "12345678901234567890".
const RFC_KEY = base32Encode(Buffer.from('12345678901234567890'));
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('base32 keys', () => {
  it('encodes and decodes as RFC 4648 does', () => {
    expect(RFC_KEY).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    // As authenticator apps take keys: any case, spaces and padding.
    expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar');
    expect(() => base32Decode('MZXW1')).toThrow(/base32/);
  });

  it('makes 160-bit keys of 32 characters', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
  });
});

describe('TOTP codes', () => {
  it.each(RFC_VECTORS)('at %i s give the RFC 6238 code %s (8 digits), and its last 6 digits', (seconds, code) => {
    expect(totp(RFC_KEY, seconds * 1000, 8)).toBe(code);
    expect(totpCode(RFC_KEY, seconds * 1000, { digits: 8 })).toBe(code);
    expect(totp(RFC_KEY, seconds * 1000)).toBe(code.slice(2));
    expect(totpCode(RFC_KEY, seconds * 1000)).toBe(code.slice(2));
  });

  it('agree between the pool and the tests for any key and time', () => {
    for (let i = 0; i < 200; i++) {
      const secret = newTotpSecret();
      const at = Math.floor(Math.random() * 4e12);
      expect(totpCode(secret, at)).toBe(totp(secret, at));
    }
  });

  it('change every 30 seconds', () => {
    const secret = newTotpSecret();
    const start = 1_700_000_010_000; // a step starts at 1700000010 s
    expect(totp(secret, start)).toBe(totp(secret, start + 29_999));
    expect(totpCode(secret, start, { stepOffset: 1 })).toBe(totp(secret, start + 30_000));
  });
});

describe("the pool's check of a code", () => {
  const secret = newTotpSecret();
  const now = 1_700_000_025_000;

  it('accepts the current step and one step either side', () => {
    for (const stepOffset of [-1, 0, 1]) expect(verifyTotp(secret, totpCode(secret, now, { stepOffset }), now)).toBe(true);
  });

  it('refuses codes two or more steps away, malformed codes and a bad key', () => {
    const near = new Set([-1, 0, 1].map((stepOffset) => totpCode(secret, now, { stepOffset })));
    for (const stepOffset of [-3, -2, 2, 3]) {
      const code = totpCode(secret, now, { stepOffset });
      if (!near.has(code)) expect(verifyTotp(secret, code, now)).toBe(false);
    }
    const code = totpCode(secret, now);
    for (const bad of ['', code.slice(1), `${code}0`, ` ${code.slice(1)}`, 'abcdef', `${code.slice(0, 5)}x`])
      expect(verifyTotp(secret, bad, now)).toBe(false);
    expect(verifyTotp('not base32!', code, now)).toBe(false);
  });
});
