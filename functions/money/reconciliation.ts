/**
 * The daily reconciliation: the ledger's movements of the last days against PayPal's records of them
 * (its transaction search). Every capture, refund, reversal and paid payout the ledger has must be at
 * PayPal for the same amount, and every such transaction at PayPal must be in the ledger. A difference is
 * counted (ReconciliationDifferences, with an alarm), logged, and shown to admins on the money page.
 */
import { entriesBetween, type LedgerEntry } from './data/ledger.js';
import { getPayout } from './data/payouts.js';
import {
  claimReconciliation,
  finishReconciliation,
  putReconciliation,
  type Difference,
  type Reconciliation,
} from './data/reconciliations.js';
import { count, log } from '../lib/observability.js';
import { payments, type ProviderTransaction } from '../providers/payments.js';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
/** The days each run looks back over (PayPal's search lists a transaction within hours of it). */
export const RECONCILE_DAYS = 3;
/** Each side is read this much beyond the window, so a movement near its edge finds its other side. */
const MARGIN_MS = HOUR_MS;
/** The run starts after this hour (UTC), once PayPal's records of the day before are complete. */
const RUN_AFTER_HOUR = 3;
/** A day's claim that has not finished in this long is taken again (its run failed or stopped). */
export const RECONCILE_CLAIM_MS = 15 * 60_000;

/** PayPal's event codes of the movements the ledger explains. */
const CODES = { capture: 'T0006', refund: 'T1107', reversal: 'T1106', payout: 'T0001' } as const;

interface Expected {
  id: string | null;
  what: keyof typeof CODES;
  /** As PayPal states it: money into the account positive. */
  cents: number;
  at: string;
  /** For a refund made at PayPal (ours has no id of it): the capture it refunds. */
  captureId?: string;
}

/** What PayPal should have for the ledger's entries. */
async function expectedOf(entries: LedgerEntry[]): Promise<Expected[]> {
  const out: Expected[] = [];
  const payoutIds = new Set<string>();
  for (const e of entries) {
    const c = e.cause;
    if (c.type === 'payment' && e.kind === 'charge' && c.captureId)
      out.push({ id: c.captureId, what: 'capture', cents: -e.amountCents, at: e.createdAt });
    if (c.type === 'payment' && e.kind === 'refund') {
      const atPaypal = !c.refundId || c.refundId === 'at-provider';
      out.push({ id: atPaypal ? null : c.refundId!, what: 'refund', cents: -e.amountCents, at: e.createdAt, captureId: c.captureId });
    }
    if (c.type === 'payout' && e.kind === 'payout' && e.amountCents < 0) payoutIds.add(c.payoutId);
  }
  for (const p of await Promise.all([...payoutIds].map(getPayout))) {
    if (p?.transactionId) out.push({ id: p.transactionId, what: 'payout', cents: -p.amountCents, at: p.completedAt ?? p.createdAt });
  }
  return out;
}

/** Compares the two sides over [from, to]; a movement is reported only when its own time is in the window. */
export function compare(expected: Expected[], paypal: ProviderTransaction[], from: string, to: string): Difference[] {
  const inWindow = (at: string) => at >= from && at <= to;
  const known = new Set(Object.values(CODES) as string[]);
  const byId = new Map(paypal.map((t) => [t.id, t]));
  const matched = new Set<string>();
  const differences: Difference[] = [];
  for (const x of expected) {
    // A refund made at PayPal is found by the capture it refunds and its amount.
    const t = x.id
      ? byId.get(x.id)
      : paypal.find(
          (p) =>
            !matched.has(p.id) &&
            p.referenceId === x.captureId &&
            p.amountCents === x.cents &&
            (p.eventCode === CODES.refund || p.eventCode === CODES.reversal),
        );
    if (t) matched.add(t.id);
    if (!inWindow(x.at)) continue;
    if (!t)
      differences.push({
        kind: 'missing_at_paypal',
        id: x.id ?? x.captureId ?? '?',
        what: x.what,
        ledgerCents: x.cents,
        paypalCents: null,
        at: x.at,
      });
    else if (t.amountCents !== x.cents)
      differences.push({ kind: 'amount_differs', id: t.id, what: x.what, ledgerCents: x.cents, paypalCents: t.amountCents, at: x.at });
  }
  for (const t of paypal) {
    if (matched.has(t.id) || !known.has(t.eventCode) || !inWindow(t.at)) continue;
    differences.push({ kind: 'missing_in_ledger', id: t.id, what: t.eventCode, ledgerCents: null, paypalCents: t.amountCents, at: t.at });
  }
  return differences;
}

/**
 * Reconciles the last RECONCILE_DAYS up to `now` and keeps the result for the money page (and, for the
 * daily run, on `day`'s claim).
 */
export async function reconcile(now = new Date(), day?: string): Promise<Reconciliation> {
  const to = new Date(now.getTime() - MARGIN_MS);
  const from = new Date(to.getTime() - RECONCILE_DAYS * DAY_MS);
  const [entries, paypal] = await Promise.all([
    entriesBetween(new Date(from.getTime() - MARGIN_MS).toISOString(), now.toISOString()),
    payments().searchTransactions(new Date(from.getTime() - MARGIN_MS), now),
  ]);
  const expected = await expectedOf(entries);
  const differences = compare(expected, paypal, from.toISOString(), to.toISOString());
  const result: Reconciliation = {
    ranAt: now.toISOString(),
    from: from.toISOString(),
    to: to.toISOString(),
    compared: expected.length + paypal.length,
    differences,
  };
  await (day ? finishReconciliation(day, result) : putReconciliation(result));
  if (differences.length) {
    count('ReconciliationDifferences', differences.length);
    for (const d of differences) log.error('The ledger and PayPal differ', undefined, { ...d });
  }
  return result;
}

/**
 * Once a day, after RUN_AFTER_HOUR (UTC): the scheduled payment check calls it every run; the day's claim lets
 * one through at a time, and lets the day through again until a run of it has finished.
 */
export async function reconcileDaily(now = new Date()): Promise<Reconciliation | null> {
  if (now.getUTCHours() < RUN_AFTER_HOUR) return null;
  const day = now.toISOString().slice(0, 10);
  if (!(await claimReconciliation(day, now.toISOString(), new Date(now.getTime() - RECONCILE_CLAIM_MS).toISOString()))) return null;
  // A run that fails leaves its claim unfinished: a check RECONCILE_CLAIM_MS later takes the day again.
  return reconcile(now, day);
}
