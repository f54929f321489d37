/** The API's check that an admin account has TOTP MFA on: what it asks Cognito, and what it remembers. */
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

const send = vi.hoisted(() => vi.fn());
vi.mock('../../../functions/lib/aws/cognito.js', () => ({ cognito: () => ({ send }) }));

const { hasTotpMfa } = await import('../../../functions/lib/admin-mfa.js');

const previousPool = process.env.USER_POOL_ID;
process.env.USER_POOL_ID = 'us-east-1_test';
afterAll(() => {
  if (previousPool === undefined) delete process.env.USER_POOL_ID;
  else process.env.USER_POOL_ID = previousPool;
});

let n = 0;
const admin = () => {
  n += 1;
  return { sub: `sub-${n}`, cognitoUsername: `user-${n}`, email: 'a@example.test', fullName: 'A', preferredUsername: null, groups: ['admin'], issuedAt: 0 };
};
const account = (mfa: string[] | undefined) => ({ Username: 'x', UserMFASettingList: mfa });

beforeEach(() => {
  send.mockReset();
  vi.useRealTimers();
});

describe('hasTotpMfa', () => {
  it("reads the account's MFA settings: TOTP on or not", async () => {
    const on = admin();
    send.mockResolvedValueOnce(account(['SOFTWARE_TOKEN_MFA']));
    expect(await hasTotpMfa(on)).toBe(true);
    const command = send.mock.calls[0][0];
    expect(command.constructor.name).toBe('AdminGetUserCommand');
    expect(command.input).toEqual({ UserPoolId: 'us-east-1_test', Username: on.cognitoUsername });

    for (const mfa of [undefined, [], ['SMS_MFA']]) {
      send.mockResolvedValueOnce(account(mfa));
      expect(await hasTotpMfa(admin())).toBe(false);
    }
  });

  it('remembers a yes for a minute, never a no', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const who = admin();
    send.mockResolvedValue(account([]));
    expect(await hasTotpMfa(who)).toBe(false);
    expect(await hasTotpMfa(who)).toBe(false);
    expect(send).toHaveBeenCalledTimes(2);

    // Set up just now: the next request sees it.
    send.mockResolvedValue(account(['SOFTWARE_TOKEN_MFA']));
    expect(await hasTotpMfa(who)).toBe(true);
    expect(send).toHaveBeenCalledTimes(3);
    vi.setSystemTime(1_000_000 + 59_000);
    expect(await hasTotpMfa(who)).toBe(true);
    expect(send).toHaveBeenCalledTimes(3);

    // Turned off: seen once the minute is over.
    send.mockResolvedValue(account([]));
    vi.setSystemTime(1_000_000 + 61_000);
    expect(await hasTotpMfa(who)).toBe(false);
    expect(send).toHaveBeenCalledTimes(4);
  });

  it('signs out the holder of a token whose account is gone; any other failure is a 503, not a no', async () => {
    send.mockRejectedValueOnce(Object.assign(new Error('User does not exist.'), { name: 'UserNotFoundException' }));
    await expect(hasTotpMfa(admin())).rejects.toMatchObject({ status: 401 });
    send.mockRejectedValueOnce(Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' }));
    await expect(hasTotpMfa(admin())).rejects.toMatchObject({ status: 503, detail: 'Rate exceeded' });
  });
});
