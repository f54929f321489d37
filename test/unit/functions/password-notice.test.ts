/**
 * A password change's notice whose e-mail fails (functions/people/password-change.ts): the claim goes back
 * to what it was, and the answer is a 503 that says to try again, so that the app's next ask tells it. The
 * directory, the table, the limits and the mail are stand-ins; the API test covers the rest on the stack.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const CHANGED_AT = new Date(Date.now() - 5_000).toISOString();
const calls: unknown[][] = [];
let mailSent = false;

vi.mock('../../../functions/people/data/identities.js', () => ({
  getAccountAttributes: async () => ({ email: 'ana@example.test', name: 'Ana', preferredUsername: null, modifiedAt: CHANGED_AT }),
}));
vi.mock('../../../functions/people/data/users.js', () => ({
  claimPasswordNotice: async (...args: unknown[]) => (calls.push(['claim', ...args]), true),
  releasePasswordNotice: async (...args: unknown[]) => (calls.push(['release', ...args]), true),
}));
vi.mock('../../../functions/platform/index.js', () => ({
  enforceRateLimit: async (...args: unknown[]) => void calls.push(['limit', ...args]),
  sendClaimedMail: async () => (calls.push(['mail']), mailSent),
}));

const { passwordChanged } = await import('../../../functions/people/password-change.js');

const caller = () =>
  ({
    user: { id: 'u1', fullName: 'Ana', email: 'ana@example.test', passwordNoticeFor: '2026-01-01T00:00:00.000Z' },
    identity: { cognitoUsername: 'ana', authTime: Math.floor(Date.parse(CHANGED_AT) / 1000) - 60 },
    isAdmin: false,
  }) as unknown as Parameters<typeof passwordChanged>[0];

beforeEach(() => {
  calls.length = 0;
});

describe('a password notice', () => {
  it('is claimed, counted against its limit and sent', async () => {
    mailSent = true;
    expect(await passwordChanged(caller())).toEqual({ notified: true });
    expect(calls).toEqual([['limit', 'passwordNotice', 'u1'], ['claim', 'u1', CHANGED_AT], ['mail']]);
  });

  it('whose e-mail fails gives its claim back to the notice before, and says to try again', async () => {
    mailSent = false;
    await expect(passwordChanged(caller())).rejects.toMatchObject({ status: 503, code: 'try_again' });
    expect(calls.at(-1)).toEqual(['release', 'u1', CHANGED_AT, '2026-01-01T00:00:00.000Z']);
  });
});
