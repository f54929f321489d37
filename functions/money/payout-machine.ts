/**
 * The payout state machine: every money rule of a pro's withdrawal is a row of TRANSITIONS, and `decide`
 * turns a payout and what PayPal said into the move it makes (or says why it makes none). Pure, like the
 * payment machine (payment-machine.ts): the route, the webhook and the scheduled check ask it and hand its
 * move to one executor (functions/money/data/payouts.ts writePayout), conditional on the state it leaves.
 *
 *   (new) -> sending: the money taken from the pro's available balance, before PayPal is asked
 *   sending -> pending: PayPal took the batch;  sending|pending -> paid: the item succeeded
 *   sending -> failed: PayPal refused the payout itself at the send (the money given back)
 *   sending|pending -> failed | unclaimed, sending|pending|paid -> returned: the money given back
 */
import { CURRENCY } from '../../shared/money.js';
import type { PayoutStatus } from '../../shared/schemas/payouts.js';
import { PLATFORM_ACCOUNT, type LedgerEntry, type LedgerKind } from './data/ledger.js';
import type { PayoutRecord, PayoutWrite } from './data/payouts.js';
import type { PayoutItemState } from '../providers/payment-provider.js';

/** The other side of every payout: money that left for pros' PayPal accounts. */
export const PAYOUTS_ACCOUNT = 'PAYOUTS';

export type PayoutEvent =
  /** PayPal took the batch (its item may still be pending); looked at again at `lookAt`, should no webhook come first. */
  | { type: 'sent'; batchId: string; itemId: string | null; lookAt?: string }
  /** PayPal did not answer the send (`error`: what went wrong): tried again at `retryAt`. */
  | { type: 'send_failed'; retryAt: string; error: string }
  /** PayPal refused the payout itself (its address, say): nothing was paid, and sending it again would be refused again. */
  | { type: 'send_refused'; error: string }
  /**
   * What PayPal says of the item now (the webhook and the check ask it, whatever an event said), with the
   * batch and item it names: a payout still sending when its event came is recorded as sent in the same move.
   */
  | {
      type: 'provider_state';
      state: PayoutItemState;
      error: string | null;
      lookAt: string;
      batchId?: string;
      itemId?: string | null;
      transactionId?: string | null;
    }
  /** The item was unclaimed and its money came back to us (we cancelled it). */
  | { type: 'unclaimed_returned'; error: string | null };

/** Where PayPal's item states take a payout. */
const OUTCOME: Partial<Record<PayoutItemState, PayoutStatus>> = {
  SUCCESS: 'paid',
  FAILED: 'failed',
  DENIED: 'failed',
  BLOCKED: 'failed',
  REFUNDED: 'failed',
  RETURNED: 'returned',
  REVERSED: 'returned',
};

/** Whether PayPal's item state settles a payout (paid or given back); else it is still under way. */
export const settles = (state: PayoutItemState) => state in OUTCOME || state === 'UNCLAIMED';

export const TRANSITIONS: Record<PayoutEvent['type'], Partial<Record<PayoutStatus, readonly PayoutStatus[]>>> = {
  sent: { sending: ['pending'] },
  send_failed: { sending: ['sending'] },
  send_refused: { sending: ['failed'] },
  provider_state: {
    sending: ['pending', 'paid', 'failed', 'returned'],
    pending: ['pending', 'paid', 'failed', 'returned'],
    // Money PayPal paid may still come back.
    paid: ['returned'],
  },
  unclaimed_returned: { sending: ['unclaimed'], pending: ['unclaimed'] },
};

/** What a pro is told of a payout given back, by its status. */
export const RETURN_REASONS: Partial<Record<PayoutStatus, string>> = {
  failed: 'PayPal could not pay it',
  unclaimed: 'nobody claimed it at that PayPal address',
  returned: 'it came back from PayPal',
};

const entry = (
  p: PayoutRecord,
  kind: LedgerKind,
  accountId: string,
  amountCents: number,
  description: string,
  at: string,
): LedgerEntry => ({
  id: `payout:${p.id}:${kind}`,
  accountId,
  kind,
  amountCents,
  currency: CURRENCY,
  cause: { type: 'payout', payoutId: p.id },
  description,
  createdAt: at,
});

/** A new payout of all of `availableCents`: its entries and the pro's money it takes (released money used: settled). */
export function payoutTaken(p: PayoutRecord) {
  const a = p.amountCents;
  return {
    entries: [
      entry(p, 'payout', p.userId, -a, 'Paid out to your PayPal account', p.createdAt),
      entry(p, 'payout', PAYOUTS_ACCOUNT, a, "Paid out to a pro's PayPal account", p.createdAt),
    ],
    move: { userId: p.userId, deltas: { balanceCents: -a, availableCents: -a, settledCents: a } },
  };
}

/**
 * A payout given back: its reversing entries and the money back in the pro's available balance. When the
 * pro has deleted their account since (`proGone`), nobody's balance takes it: the platform keeps it
 * (PLATFORM, the other side of the payouts' account), and there is nobody to e-mail.
 */
function givenBack(
  p: PayoutRecord,
  to: PayoutStatus,
  error: string | null,
  at: string,
  proGone = false,
): Omit<PayoutWrite, 'id' | 'userId' | 'from'> {
  const a = p.amountCents;
  const why = RETURN_REASONS[to]!;
  if (proGone) {
    return {
      to,
      set: { reason: error ?? why, completedAt: at },
      checkAt: null,
      entries: [
        entry(p, 'payout_return', PLATFORM_ACCOUNT, a, `Payout given back after its pro deleted their account: ${why}`, at),
        entry(p, 'payout_return', PAYOUTS_ACCOUNT, -a, `Payout given back after its pro deleted their account: ${why}`, at),
      ],
      closes: true,
    };
  }
  return {
    to,
    set: { reason: error ?? why, completedAt: at },
    checkAt: null,
    entries: [
      entry(p, 'payout_return', p.userId, a, `Payout given back: ${why}`, at),
      entry(p, 'payout_return', PAYOUTS_ACCOUNT, -a, `Payout given back: ${why}`, at),
    ],
    pro: { userId: p.userId, deltas: { balanceCents: a, availableCents: a, settledCents: -a } },
    closes: true,
    claimsMail: 'returned',
  };
}

export type PayoutDecision = { ok: true; write: PayoutWrite } | { ok: false; why: string };

export function decidePayout(p: PayoutRecord, e: PayoutEvent, now: Date, opts: { proGone?: boolean } = {}): PayoutDecision {
  const targets = TRANSITIONS[e.type][p.status];
  if (!targets) return { ok: false, why: `${e.type} does not apply to a ${p.status} payout` };
  const at = now.toISOString();
  let made: Omit<PayoutWrite, 'id' | 'userId' | 'from'>;
  switch (e.type) {
    case 'sent':
      made = {
        to: 'pending',
        set: { batchId: e.batchId, ...(e.itemId ? { itemId: e.itemId } : {}) },
        checkAt: e.lookAt ?? lookAt(now),
        entries: [],
        closes: false,
      };
      break;
    case 'send_failed':
      made = {
        to: 'sending',
        set: { attempts: (p.attempts ?? 1) + 1, lastError: e.error },
        checkAt: e.retryAt,
        entries: [],
        closes: false,
      };
      break;
    case 'send_refused':
      made = givenBack(p, 'failed', e.error, at, opts.proGone);
      break;
    case 'unclaimed_returned':
      made = givenBack(p, 'unclaimed', e.error, at, opts.proGone);
      break;
    case 'provider_state': {
      const to = OUTCOME[e.state];
      if (!to) {
        // Still under way at PayPal (pending, on hold, unclaimed for now): looked at again later.
        if (p.status === 'paid') return { ok: false, why: `a paid payout stays paid while PayPal says ${e.state}` };
        made = { to: 'pending', set: {}, checkAt: e.lookAt, entries: [], closes: false };
      } else if (to === 'paid') {
        const paidAs = e.transactionId ? { transactionId: e.transactionId } : {};
        made = { to, set: { completedAt: at, ...paidAs }, checkAt: null, entries: [], closes: true, claimsMail: 'paid' };
      } else made = givenBack(p, to, e.error, at, opts.proGone);
      break;
    }
  }
  if (!targets.includes(made.to)) return { ok: false, why: `${e.type} does not take a ${p.status} payout to ${made.to}` };
  if (e.type === 'provider_state' && p.status === 'sending' && e.batchId)
    made.set = { ...made.set, batchId: e.batchId, ...(e.itemId ? { itemId: e.itemId } : {}) };
  return { ok: true, write: { id: p.id, userId: p.userId, from: [p.status], ...made } };
}

/** A payout PayPal took is looked at again this much later, should no webhook come. */
export const PAYOUT_LOOK_MS = 3600_000;
const lookAt = (now: Date) => new Date(now.getTime() + PAYOUT_LOOK_MS).toISOString();

/** The payout as a written move leaves it. */
export function afterPayout(p: PayoutRecord, w: PayoutWrite): PayoutRecord {
  const next: PayoutRecord = { ...p, ...w.set, status: w.to };
  if (w.checkAt) next.checkAt = w.checkAt;
  else delete next.checkAt;
  return next;
}
