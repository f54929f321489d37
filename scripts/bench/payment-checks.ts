import { onOwnStack, runIfMain } from './own-stack.js';
import { randomUUID } from 'node:crypto';
import type { PaymentRecord } from '../../functions/money/data/payments.js';
import type { StackInfo } from '../../test/support/global-setup.js';
import { useStackEnvironment } from '../../test/support/in-process.js';

const ITEMS = 10_000;
/** The sample the floor is measured on: the same work, one payment at a time, as the check did before. */
const FLOOR_SAMPLE = 300;
const JOB_PERIOD_S = 60;

/**
 * Section 6 of `npm run bench`: how long the payment checks take to work off 10,000 due payments (goal:
 * under 5 minutes), on a stack whose scheduler is off, so that the job's runs are the bench's own. Each
 * payment is an order left unapproved until its give-up time: a read, a PayPal call (the local stand-in)
 * and a write. The floor: the same work one payment at a time, as the check did before it read its sharded
 * partitions together and looked at 16 at once, timed on a sample and scaled to 10,000.
 * Runnable alone, on a stack of its own: `node --import tsx scripts/bench/payment-checks.ts`.
 */
async function benchPaymentChecks(info: StackInfo) {
  useStackEnvironment(info);
  const data = await import('../../functions/money/data/payments.js');
  const { checkDuePayments } = await import('../../functions/money/payment-checks.js');
  const due = new Date(Date.now() - 60_000).toISOString();
  const created = new Date(Date.now() - 4 * 3600_000).toISOString();
  const payment = (orderId: string): PaymentRecord => ({
    orderId,
    invoiceId: randomUUID(),
    payerId: `bench-payer-${orderId.slice(-2)}`,
    payerName: 'Bench Payer',
    proUserId: 'bench-pro',
    proName: 'Bench Pro',
    trackId: randomUUID(),
    trackTitle: 'Bench',
    amountCents: 3000,
    shareOptions: { feedbackNotes: 'Bench', context: 'mix_check' } as PaymentRecord['shareOptions'],
    shareId: randomUUID(),
    status: 'pending',
    checkAt: due,
    createdAt: created,
    updatedAt: created,
  });
  async function seed(count: number): Promise<string[]> {
    const ids = Array.from({ length: count }, () => `BENCH${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`);
    let next = 0;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (next < ids.length) await data.putPayment(payment(ids[next++]));
      }),
    );
    return ids;
  }

  console.log(`\n6. Payment checks: ${ITEMS.toLocaleString('en')} due payments (orders unapproved at their give-up time)`);
  // The floor: one at a time, on a sample.
  const sample = await seed(FLOOR_SAMPLE);
  const floorStart = performance.now();
  for (const orderId of sample) await checkDuePayments(new Date(), { orderId });
  const floorPerItem = (performance.now() - floorStart) / FLOOR_SAMPLE;

  const seedStart = performance.now();
  await seed(ITEMS);
  console.log(`   written in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  const runs: { ms: number; checked: number; failed: number }[] = [];
  const start = performance.now();
  for (;;) {
    const runStart = performance.now();
    const counts = await checkDuePayments();
    runs.push({ ms: performance.now() - runStart, ...counts });
    if (!counts.checked && !counts.failed) break;
  }
  const total = performance.now() - start;
  const worked = runs.reduce((n, r) => n + r.checked, 0);
  const failed = runs.reduce((n, r) => n + r.failed, 0);
  const busyRuns = runs.filter((r) => r.checked || r.failed);
  // In AWS a run starts each minute: all but the last busy run take a whole period.
  const inAws = busyRuns.length ? (busyRuns.length - 1) * JOB_PERIOD_S + busyRuns[busyRuns.length - 1].ms / 1000 : 0;
  const floorTotal = (floorPerItem * ITEMS) / 1000;
  console.log(
    `   worked off: ${worked} checked, ${failed} failed, in ${busyRuns.length} run(s) of at most 40 s: ${(total / 1000).toFixed(1)} s of work`,
  );
  console.log(`   with a run a minute, as in AWS: ${(inAws / 60).toFixed(2)} min (goal: under 5)`);
  console.log(
    `   floor, one at a time (${FLOOR_SAMPLE} timed, scaled): ${(floorTotal / 60).toFixed(1)} min; ratio ${(total / 1000 / floorTotal).toFixed(3)}`,
  );
  console.log(`   before the shards and the pool (100 a run, a run a minute): ${Math.ceil(ITEMS / 100)} min`);
}

/** Section 6 on a stack of its own, whose scheduler is off. */
export const benchPaymentChecksAlone = () => onOwnStack('bench-payments', benchPaymentChecks, { scheduler: false });

runIfMain(import.meta.url, benchPaymentChecksAlone);
