/**
 * Scheduled job (every minute in AWS, by an EventBridge rule; every few seconds locally, by
 * scripts/dev/emulators/scheduler.ts): sends the comment digests that are due.
 */
import { sendDueDigests } from '../platform/index.js';
import { log, observed } from '../lib/observability.js';

export const handler = (): Promise<{ sent: number; empty: number; failed: number }> =>
  observed('sendDueDigests', async () => {
    const counts = await sendDueDigests();
    if (counts.sent || counts.failed) log.info('Comment digests', counts);
    return counts;
  });
