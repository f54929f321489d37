/**
 * Scheduled job (every minute in AWS, by an EventBridge rule; every few seconds locally, by
 * scripts/dev/emulators/scheduler.ts): looks at the payments and payouts whose time has come. It captures
 * an approved order whose browser never came back, finishes an interrupted refund, expires and refunds a
 * paid request past its deadline, releases earnings whose hold is over, and sends or settles payouts. Once
 * a day it reconciles the ledger with PayPal's records. It also applies the reputation events left waiting.
 */
import { checkDuePayments, reconcileDaily } from '../money/index.js';
import { applyDueReputation } from '../people/index.js';
import { log, observed } from '../lib/observability.js';

export const handler = (): Promise<{ checked: number; failed: number }> =>
  observed('checkDuePayments', async () => {
    const counts = await checkDuePayments();
    if (counts.checked || counts.failed) log.info('Payment checks', counts);
    // PayPal's trouble with the search never stops the checks: the day's run is then missed, and logged.
    await reconcileDaily().catch((err) => log.error('Reconciliation failed', err));
    // Reputation events whose own application failed (a lost answer, the table's trouble).
    await applyDueReputation().catch((err) => log.error('Reputation events not applied', err));
    return counts;
  });
