/** The API's check of an admin: what it asks the user pool, what it remembers, and which sessions it admits. */
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const send = vi.hoisted(() => vi.fn());
vi.mock('../../../functions/lib/aws/cognito.js', () => ({ cognito: () => ({ send }) }));

const { mfaShortfall, MFA_SETUP_NEEDED, MFA_SIGN_IN_NEEDED, poolStatus, poolStatusTtlMs } =
  await import('../../../functions/people/admin-mfa.js');

const previousPool = process.env.USER_POOL_ID;
process.env.USER_POOL_ID = 'us-east-1_test';
afterAll(() => {
  if (previousPool === undefined) delete process.env.USER_POOL_ID;
  else process.env.USER_POOL_ID = previousPool;
});

let n = 0;
const admin = () => {
  n += 1;
  return {
    sub: `sub-${n}`,
    cognitoUsername: `user-${n}`,
    email: 'a@example.test',
    fullName: 'A',
    preferredUsername: null,
    groups: ['admin'],
    issuedAt: 0,
    authTime: 0,
  };
};

/** The pool's answers: the account's groups and its MFA settings. */
function pool(groups: string[], mfa: string[] | undefined) {
  send.mockImplementation(async (command: { constructor: { name: string } }) =>
    command.constructor.name === 'AdminListGroupsForUserCommand'
      ? { Groups: groups.map((GroupName) => ({ GroupName })) }
      : { Username: 'x', UserMFASettingList: mfa },
  );
}

beforeEach(() => {
  send.mockReset();
  vi.useRealTimers();
});
afterEach(() => {
  delete process.env.ADMIN_STATUS_CACHE_SECONDS;
});

describe('poolStatus', () => {
  it("asks the account's groups and MFA settings together", async () => {
    const who = admin();
    pool(['admin'], ['SOFTWARE_TOKEN_MFA']);
    expect(await poolStatus(who)).toEqual({ inAdminGroup: true, totpOn: true });
    const commands = send.mock.calls.map(([c]) => [c.constructor.name, c.input]);
    expect(commands).toEqual(
      expect.arrayContaining([
        ['AdminListGroupsForUserCommand', { UserPoolId: 'us-east-1_test', Username: who.cognitoUsername, NextToken: undefined }],
        ['AdminGetUserCommand', { UserPoolId: 'us-east-1_test', Username: who.cognitoUsername }],
      ]),
    );
    for (const [groups, mfa, expected] of [
      [[], ['SOFTWARE_TOKEN_MFA'], { inAdminGroup: false, totpOn: true }],
      [['admin'], undefined, { inAdminGroup: true, totpOn: false }],
      [['admin'], ['SMS_MFA'], { inAdminGroup: true, totpOn: false }],
    ] as const) {
      pool([...groups], mfa && [...mfa]);
      expect(await poolStatus(admin())).toEqual(expected);
    }
  });

  it('remembers a yes for at most a minute, never a no', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const who = admin();
    pool(['admin'], []);
    await poolStatus(who);
    await poolStatus(who);
    expect(send).toHaveBeenCalledTimes(4);

    pool(['admin'], ['SOFTWARE_TOKEN_MFA']);
    expect(await poolStatus(who)).toEqual({ inAdminGroup: true, totpOn: true });
    vi.setSystemTime(1_000_000 + 59_000);
    expect(await poolStatus(who)).toEqual({ inAdminGroup: true, totpOn: true });
    expect(send).toHaveBeenCalledTimes(6);

    // Taken out of the group: seen once the minute is over.
    pool([], ['SOFTWARE_TOKEN_MFA']);
    vi.setSystemTime(1_000_000 + 61_000);
    expect(await poolStatus(who)).toEqual({ inAdminGroup: false, totpOn: true });
  });

  it('takes a shorter memory from ADMIN_STATUS_CACHE_SECONDS, never a longer one', () => {
    expect(poolStatusTtlMs()).toBe(60_000);
    process.env.ADMIN_STATUS_CACHE_SECONDS = '2';
    expect(poolStatusTtlMs()).toBe(2_000);
    process.env.ADMIN_STATUS_CACHE_SECONDS = '3600';
    expect(poolStatusTtlMs()).toBe(60_000);
  });

  it('signs out the holder of a token whose account is gone; any other failure is a 503, not a no', async () => {
    send.mockRejectedValue(Object.assign(new Error('User does not exist.'), { name: 'UserNotFoundException' }));
    await expect(poolStatus(admin())).rejects.toMatchObject({ status: 401 });
    send.mockRejectedValue(Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' }));
    await expect(poolStatus(admin())).rejects.toMatchObject({ status: 503, detail: 'Rate exceeded' });
  });
});

describe('mfaShortfall', () => {
  const on = { inAdminGroup: true, totpOn: true };
  const enrolledAt = '2030-01-01T00:00:10.400Z';
  const at = Date.parse(enrolledAt) / 1000;

  it('admits a session signed in from the whole second after the set-up on', () => {
    expect(mfaShortfall({ totpEnrolledAt: enrolledAt }, { authTime: Math.ceil(at) }, on)).toBeNull();
    expect(mfaShortfall({ totpEnrolledAt: enrolledAt }, { authTime: Math.ceil(at) + 86_400 }, on)).toBeNull();
  });

  it('refuses a session signed in before the set-up, or in its second', () => {
    expect(mfaShortfall({ totpEnrolledAt: enrolledAt }, { authTime: Math.floor(at) }, on)).toBe(MFA_SIGN_IN_NEEDED);
    expect(mfaShortfall({ totpEnrolledAt: enrolledAt }, { authTime: at - 3600 }, on)).toBe(MFA_SIGN_IN_NEEDED);
    expect(mfaShortfall({ totpEnrolledAt: enrolledAt }, { authTime: 0 }, on)).toBe(MFA_SIGN_IN_NEEDED);
  });

  it('refuses TOTP off, and TOTP on without the API having recorded its set-up', () => {
    expect(mfaShortfall({ totpEnrolledAt: enrolledAt }, { authTime: at + 10 }, { ...on, totpOn: false })).toBe(MFA_SETUP_NEEDED);
    expect(mfaShortfall({ totpEnrolledAt: null }, { authTime: at + 10 }, on)).toBe(MFA_SETUP_NEEDED);
    expect(mfaShortfall({}, { authTime: at + 10 }, on)).toBe(MFA_SETUP_NEEDED);
  });
});
