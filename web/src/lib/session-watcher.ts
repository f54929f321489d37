import { REFRESH_BACKOFF_START_MS, SESSION_REFRESH_TICKS, SESSION_TICK_MS } from '@shared/constants';

/** Errors after which a refresh can never succeed: the session is over. */
const FATAL_REFRESH_ERRORS = [
  'NotAuthorizedException',
  'TokenRevokedException',
  'UserNotFoundException',
  'PasswordResetRequiredException',
  'UserNotConfirmedException',
  'RefreshTokenReuseException',
];

export function isRetryableRefreshError(err: unknown): boolean {
  const name = err && typeof err === 'object' && 'name' in err ? String((err as { name: unknown }).name) : '';
  return !FATAL_REFRESH_ERRORS.some((fatal) => name.startsWith(fatal));
}

/** Whole ticks left before the token expires. */
export function ticksRemaining(expiresAtMs: number, nowMs: number, tickMs: number = SESSION_TICK_MS): number {
  return Math.floor((expiresAtMs - nowMs) / tickMs);
}

/** The spec's rule: refresh when 3 or fewer ticks remain. */
export function shouldRefresh(
  expiresAtMs: number,
  nowMs: number,
  tickMs: number = SESSION_TICK_MS,
  refreshTicks: number = SESSION_REFRESH_TICKS,
): boolean {
  return ticksRemaining(expiresAtMs, nowMs, tickMs) <= refreshTicks;
}

/** Exponential backoff: 200 ms, 400 ms, 800 ms, ... */
export function backoffDelay(attempt: number, startMs: number = REFRESH_BACKOFF_START_MS): number {
  return startMs * 2 ** attempt;
}

export type RefreshOutcome = 'refreshed' | 'ended' | 'failed';

/**
 * Runs `refresh` until it succeeds, retrying retryable errors with exponential backoff.
 * 'ended': the session cannot be refreshed any more; 'failed': still failing after the retries.
 */
export async function refreshWithRetry(
  refresh: () => Promise<boolean>,
  options: {
    retries?: number;
    backoffStartMs?: number;
    sleep?: (ms: number) => Promise<void>;
    isRetryable?: (err: unknown) => boolean;
  } = {},
): Promise<RefreshOutcome> {
  const retries = options.retries ?? 5;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const isRetryable = options.isRetryable ?? isRetryableRefreshError;
  for (let attempt = 0; ; attempt++) {
    try {
      return (await refresh()) ? 'refreshed' : 'ended';
    } catch (err) {
      if (!isRetryable(err)) return 'ended';
      if (attempt >= retries) return 'failed';
      await sleep(backoffDelay(attempt, options.backoffStartMs));
    }
  }
}

export interface SessionWatcherOptions {
  /** Expiry (epoch ms) of the current access token, or null when there is no session any more. */
  getExpiresAt: () => Promise<number | null>;
  /** Forces a token refresh; resolves false when the session is gone. */
  refresh: () => Promise<boolean>;
  /** Called once when the session is over (signed out by a failed refresh or gone). */
  onSessionEnded: () => void;
  tickMs?: number;
  refreshTicks?: number;
  backoffStartMs?: number;
  retries?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** Checks the session every tick and refreshes it ahead of expiry. Returns a stop function. */
export function startSessionWatcher(options: SessionWatcherOptions): { stop: () => void; tick: () => Promise<void> } {
  const tickMs = options.tickMs ?? SESSION_TICK_MS;
  const now = options.now ?? Date.now;
  let running = false;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const end = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    options.onSessionEnded();
  };

  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      let expiresAt: number | null;
      try {
        expiresAt = await options.getExpiresAt();
      } catch (err) {
        if (!isRetryableRefreshError(err)) end();
        return;
      }
      if (expiresAt === null) return end();
      if (!shouldRefresh(expiresAt, now(), tickMs, options.refreshTicks)) return;
      const outcome = await refreshWithRetry(options.refresh, {
        retries: options.retries,
        backoffStartMs: options.backoffStartMs,
        sleep: options.sleep,
      });
      if (stopped) return;
      if (outcome === 'ended') end();
      else if (outcome === 'failed' && expiresAt <= now()) end();
    } finally {
      running = false;
    }
  };

  timer = setInterval(() => void tick(), tickMs);
  void tick();
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
    tick,
  };
}
