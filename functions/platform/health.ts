/**
 * The public health check (GET /health): the table and both buckets must answer within a few seconds.
 * Strangers learn only ok or 503; which store failed, and why, goes to the log.
 */
import * as probes from './data/health.js';
import { config } from '../lib/config.js';
import { ServiceUnavailable } from '../lib/errors.js';

/** Longer than any store takes when it is well (single-digit milliseconds), shorter than a caller waits. */
export const PROBE_TIMEOUT_MS = 3000;

async function probe(name: string, run: (signal: AbortSignal) => Promise<void>): Promise<string | null> {
  try {
    await run(AbortSignal.timeout(PROBE_TIMEOUT_MS));
    return null;
  } catch (err) {
    return `${name}: ${(err as Error).name || 'Error'} ${(err as Error).message ?? ''}`.trim();
  }
}

/**
 * A good answer is reused for a few seconds: the route is public, and a caller polling it (or many) should
 * not turn each request into three calls to the stores. A failure is never reused: the next call probes.
 */
export const HEALTHY_REUSE_MS = 10_000;
let lastHealthy: { stores: string; at: number } | undefined;

export async function checkHealth(now = Date.now()): Promise<{ status: 'ok' }> {
  const stores = [config.tableName, config.mediaBucket, config.imagesBucket].join(' ');
  if (lastHealthy?.stores === stores && now - lastHealthy.at < HEALTHY_REUSE_MS) return { status: 'ok' };
  const failures = (
    await Promise.all([
      probe('table', probes.probeTable),
      probe('media bucket', (signal) => probes.probeBucket(config.mediaBucket, signal)),
      probe('images bucket', (signal) => probes.probeBucket(config.imagesBucket, signal)),
    ])
  ).filter((f): f is string => f !== null);
  if (failures.length) {
    lastHealthy = undefined;
    throw new ServiceUnavailable('The service is not available right now.', 'unavailable', failures.join('; '));
  }
  lastHealthy = { stores, at: now };
  return { status: 'ok' };
}
