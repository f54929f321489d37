import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  backoffDelay,
  isRetryableRefreshError,
  refreshWithRetry,
  shouldRefresh,
  startSessionWatcher,
  ticksRemaining,
} from '../../../web/src/lib/session-watcher';

const named = (name: string) => Object.assign(new Error(name), { name });

afterEach(() => {
  vi.useRealTimers();
});

describe('session refresh rules', () => {
  it('refreshes when 3 or fewer 30 s ticks remain', () => {
    const now = 1_000_000;
    expect(ticksRemaining(now + 120_000, now)).toBe(4);
    expect(shouldRefresh(now + 120_000, now)).toBe(false);
    expect(shouldRefresh(now + 119_999, now)).toBe(true);
    expect(shouldRefresh(now + 90_000, now)).toBe(true);
    expect(shouldRefresh(now - 1, now)).toBe(true);
  });
  it('backs off exponentially from 200 ms', () => {
    expect([0, 1, 2, 3].map((a) => backoffDelay(a))).toEqual([200, 400, 800, 1600]);
  });
  it('tells fatal refresh errors from transient ones', () => {
    expect(isRetryableRefreshError(named('NotAuthorizedException'))).toBe(false);
    expect(isRetryableRefreshError(named('RefreshTokenReuseException'))).toBe(false);
    expect(isRetryableRefreshError(named('NetworkError'))).toBe(true);
    expect(isRetryableRefreshError(new TypeError('Failed to fetch'))).toBe(true);
  });
});

describe('refreshWithRetry', () => {
  it('retries transient errors with backoff, then succeeds', async () => {
    const sleeps: number[] = [];
    const refresh = vi
      .fn()
      .mockRejectedValueOnce(named('NetworkError'))
      .mockRejectedValueOnce(named('NetworkError'))
      .mockResolvedValue(true);
    await expect(refreshWithRetry(refresh, { sleep: async (ms) => void sleeps.push(ms) })).resolves.toBe('refreshed');
    expect(sleeps).toEqual([200, 400]);
  });
  it('ends the session on a fatal error without retrying', async () => {
    const refresh = vi.fn().mockRejectedValue(named('NotAuthorizedException'));
    await expect(refreshWithRetry(refresh, { sleep: async () => {} })).resolves.toBe('ended');
    expect(refresh).toHaveBeenCalledTimes(1);
  });
  it('ends the session when the refresh finds no session', async () => {
    await expect(refreshWithRetry(async () => false)).resolves.toBe('ended');
  });
  it('gives up after the retries', async () => {
    const refresh = vi.fn().mockRejectedValue(named('NetworkError'));
    await expect(refreshWithRetry(refresh, { retries: 2, sleep: async () => {} })).resolves.toBe('failed');
    expect(refresh).toHaveBeenCalledTimes(3);
  });
});

describe('startSessionWatcher', () => {
  it('refreshes ahead of expiry on a 30 s tick', async () => {
    vi.useFakeTimers();
    let expiresAt = Date.now() + 10 * 60_000;
    const refresh = vi.fn(async () => {
      expiresAt = Date.now() + 60 * 60_000;
      return true;
    });
    const onSessionEnded = vi.fn();
    const w = startSessionWatcher({ getExpiresAt: async () => expiresAt, refresh, onSessionEnded });
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).not.toHaveBeenCalled();
    // 10 min - 90 s later three ticks remain.
    await vi.advanceTimersByTimeAsync(8.5 * 60_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onSessionEnded).not.toHaveBeenCalled();
    w.stop();
  });
  it('ends the session when the refresh token is rejected', async () => {
    vi.useFakeTimers();
    const onSessionEnded = vi.fn();
    const w = startSessionWatcher({
      getExpiresAt: async () => Date.now() + 30_000,
      refresh: async () => {
        throw named('NotAuthorizedException');
      },
      onSessionEnded,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    w.stop();
  });
  it('ends the session when the tokens are gone', async () => {
    vi.useFakeTimers();
    const onSessionEnded = vi.fn();
    startSessionWatcher({ getExpiresAt: async () => null, refresh: async () => true, onSessionEnded });
    await vi.advanceTimersByTimeAsync(0);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });
  it('keeps a still-valid session through a transient outage', async () => {
    vi.useFakeTimers();
    const onSessionEnded = vi.fn();
    const refresh = vi.fn(async () => {
      throw named('NetworkError');
    });
    const w = startSessionWatcher({ getExpiresAt: async () => Date.now() + 60_000, refresh, onSessionEnded, retries: 2 });
    await vi.advanceTimersByTimeAsync(200 + 400 + 10);
    expect(refresh).toHaveBeenCalledTimes(3);
    expect(onSessionEnded).not.toHaveBeenCalled();
    w.stop();
  });
});
