/** Reads again and again until what it reads is as wanted: for state that a webhook or a job sets a moment later. */
export async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/**
 * Rate limits count fixed windows (functions/platform/data/limits.ts): when fewer than `needMs` are left of the
 * current `windowMs`, waits for the next, so that what the test does next falls in one window.
 */
export async function startOfAWindow(needMs: number, windowMs = 60_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((r) => setTimeout(r, left + 100));
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Checks again every 25 ms until `probe` finds something (a delivery a server recorded, say), and returns it. */
export async function waitFor<T>(probe: () => T | undefined | null | false, what: string, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = probe();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(25);
  }
}
