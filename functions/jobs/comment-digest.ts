/**
 * Scheduled job (every minute in AWS, by an EventBridge rule; every few seconds locally, by
 * scripts/dev/scheduler.ts): sends the comment digests that are due.
 */
import { sendDueDigests } from '../domain/notifications.js';

export async function handler(): Promise<{ sent: number; empty: number; failed: number }> {
  const counts = await sendDueDigests();
  if (counts.sent || counts.failed) console.log('Comment digests', JSON.stringify(counts));
  return counts;
}
