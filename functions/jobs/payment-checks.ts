/**
 * Scheduled job (every minute in AWS, by an EventBridge rule; every few seconds locally, by
 * scripts/dev/emulators/scheduler.ts): looks at the payments whose time has come. It captures an approved order
 * whose browser never came back, finishes an interrupted refund, and expires and refunds a paid request
 * not accepted within 7 days or not completed within 14 days of its acceptance.
 */
import { checkDuePayments } from '../domain/payment-checks.js';
import { log, observed } from '../lib/observability.js';

export const handler = (): Promise<{ checked: number; failed: number }> =>
  observed('checkDuePayments', async () => {
    const counts = await checkDuePayments();
    if (counts.checked || counts.failed) log.info('Payment checks', counts);
    return counts;
  });
