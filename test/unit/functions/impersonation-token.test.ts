import { beforeAll, describe, expect, it } from 'vitest';
import { IMPERSONATION_TTL_SECONDS, issueImpersonationToken, readImpersonationToken } from '../../../functions/lib/impersonation-token.js';

beforeAll(() => {
  process.env.IMPERSONATION_KEY = 'unit-test-impersonation-key-0123456789abcdef';
});

describe('impersonation tokens', () => {
  it('are read back by the admin they were issued to, until they expire', async () => {
    const now = Date.now();
    const { token, claims } = await issueImpersonationToken('admin-1', 'user-1', now);
    expect(claims.exp - Math.floor(now / 1000)).toBe(IMPERSONATION_TTL_SECONDS);
    expect(await readImpersonationToken(token, 'admin-1', now)).toMatchObject({ adm: 'admin-1', sub: 'user-1' });
    expect(await readImpersonationToken(token, 'admin-1', now + IMPERSONATION_TTL_SECONDS * 1000 - 1000)).not.toBeNull();
    expect(await readImpersonationToken(token, 'admin-1', now + IMPERSONATION_TTL_SECONDS * 1000 + 1000)).toBeNull();
    expect(await readImpersonationToken(token, 'admin-2', now)).toBeNull();
  });

  it('refuse any change to the payload or signature', async () => {
    const { token } = await issueImpersonationToken('admin-1', 'user-1');
    const [prefix, payload, signature] = token.split('.');
    const swapped = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'user-2' })).toString(
      'base64url',
    );
    for (const bad of [
      `${prefix}.${swapped}.${signature}`,
      `${prefix}.${payload}.${signature.slice(0, -2)}AA`,
      `imp2.${payload}.${signature}`,
      `${token}.extra`,
      '',
      'a.b.c',
    ]) {
      expect(await readImpersonationToken(bad, 'admin-1')).toBeNull();
    }
  });
});
