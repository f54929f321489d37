/**
 * The payment state machine: every money rule of paid feedback is a row of TRANSITIONS, and `decide` is
 * the one place that turns a payment and an event into the move it makes (or says why it makes none).
 * Pure: no clock but the `now` it is given, no reads, no writes. The capture route, the webhook and the
 * scheduled check all ask it, then hand its move to one executor (functions/money/data/payment-writes.ts),
 * which writes it in one transaction conditional on the state it leaves; so however often and in
 * whichever order the three paths try a move, it happens once. Diagram: docs/data-model.md.
 */
import { CURRENCY, EARNING_HOLD_DAYS, splitPrice } from '../../shared/money.js';
import { PLATFORM_ACCOUNT, POOL_ACCOUNT, type MoneyMove, type MoneyPart } from './data/ledger.js';
import type { PaymentState, PaymentWrite } from './data/payment-writes.js';
import { stateOf, statusOf } from './data/payment-writes.js';
import type { PaymentRecord, RefundReason } from './data/payments.js';
import { type ShareRecord, reminderOf } from '../feedback/data/index.js';
import type { ProviderCapture } from '../providers/payment-provider.js';
import { about, entry } from './payment-entries.js';
import { leavesPool, poolClaimed, pooledCapture } from './pool-moves.js';

export type { PaymentState } from './data/payment-writes.js';
export { stateOf };

export const PAYMENT_STATES: readonly PaymentState[] = [
  'pending',
  'pooled',
  'captured',
  'fulfilled',
  'released',
  'refunding',
  'refund_stuck',
  'refunded',
  'failed',
];

/** Why an order will never be captured. */
export type LapseReason = 'cancelled' | 'voided' | 'unknown_order' | 'abandoned' | 'denied';

/** What can happen to a payment: the provider's news, the request's fate, time, an admin. */
export type PaymentEvent =
  /**
   * The provider took the money: it buys the request (`request`), unless it is not what the payment asked;
   * a Snip Pro request's money goes into the pool instead, and the request is offered to its pros.
   */
  | { type: 'capture_completed'; capture: ProviderCapture; margin: number; request: ShareRecord }
  /** A pro claimed the Snip Pro request: it is created with them as its reviewer (`request`), and the money is theirs and the platform's. */
  | { type: 'pool_claimed'; request: ShareRecord }
  /**
   * Money taken that buys nothing: its request can no longer be created (its track deleted, the pro gone),
   * it is not what the payment asked (`took`), or the provider refunded it before it was applied. With
   * `refundId`, its refund was made already (the path sends it first); without, it is owed.
   */
  | {
      type: 'capture_unbuyable';
      captureId: string;
      reason: Extract<RefundReason, 'track_deleted' | 'unfulfillable' | 'mismatch' | 'reversed'>;
      took?: { capturedCents: number; mismatch: string };
      refundId?: string;
    }
  /** The provider refunded the capture on its own (a dispute, by hand), all of it or part. */
  | { type: 'refunded_at_provider'; captureId: string; full: boolean }
  /** The refund we asked for was made ('at-provider': it had been made already). */
  | { type: 'refund_made'; refundId: string }
  /** The provider refused the refund we asked for. */
  | { type: 'refund_refused'; reason: string }
  /** The feedback was delivered: the money is the pro's to keep, held while the musician may report it. */
  | { type: 'request_completed' }
  /** The hold is over, nothing reported: the earning is available to withdraw (`releasedBefore`: the pro's released total so far). */
  | { type: 'hold_ended'; releasedBefore: number }
  /** The payer disputed the capture with the provider: the earning is held (taken back from available) until it is closed. */
  | { type: 'provider_dispute_opened'; disputeId: string }
  /** The provider closed the dispute in our favour: the hold is lifted. (Lost, the provider reverses the capture.) */
  | { type: 'provider_dispute_won'; disputeId: string }
  /** An admin upheld the musician's report of a delivered review: refunded in full, the earning reversed. */
  | { type: 'dispute_upheld' }
  /** The request ended without its feedback: declined, past its deadline, its track deleted, cancelled. */
  | {
      type: 'request_ended';
      reason: Extract<RefundReason, 'declined' | 'expired' | 'unclaimed' | 'withdrawn' | 'track_deleted' | 'reversed'>;
    }
  /** The order will never be captured. */
  | { type: 'order_lapsed'; reason: LapseReason }
  /** The provider refused the payer's funding source: they may approve again with another. */
  | { type: 'funding_declined'; lookAt?: string }
  /** The provider said the payer has not approved the order yet: noted, so that captures do not ask again at once. */
  | { type: 'capture_unapproved' }
  /** Nothing changes but when the scheduled check looks next (null: never again). */
  | { type: 'look_again'; at: string | null }
  /** An admin's 'Try again' on a refund handed to them. */
  | { type: 'admin_retry' };

export type PaymentEventType = PaymentEvent['type'];

export const PAYMENT_EVENTS: readonly PaymentEventType[] = [
  'capture_completed',
  'pool_claimed',
  'capture_unbuyable',
  'refunded_at_provider',
  'refund_made',
  'refund_refused',
  'request_completed',
  'hold_ended',
  'provider_dispute_opened',
  'provider_dispute_won',
  'dispute_upheld',
  'request_ended',
  'order_lapsed',
  'funding_declined',
  'capture_unapproved',
  'look_again',
  'admin_retry',
];

/**
 * The table: for each event, the states it moves a payment out of, and the states it may move it to
 * (one of them, as the event's details say: a capture that does not match its payment is refunded, a
 * partial refund at the provider leaves the rest to refund). A state an event does not name is refused.
 */
export const TRANSITIONS: { readonly [E in PaymentEventType]: Partial<Record<PaymentState, readonly PaymentState[]>> } = {
  // From failed too: money captured after we gave up on an order still buys its request.
  capture_completed: { pending: ['captured', 'pooled', 'refunding'], failed: ['captured', 'pooled', 'refunding'] },
  pool_claimed: { pooled: ['captured'] },
  capture_unbuyable: { pending: ['refunded', 'refunding'], failed: ['refunded', 'refunding'] },
  // A capture never applied is capture_unbuyable ('reversed'): it bought nothing to cancel.
  refunded_at_provider: {
    pooled: ['refunded', 'refunding'],
    captured: ['refunded', 'refunding'],
    // Delivered feedback stays delivered: a full refund reverses the earning; a partial one is left to the operator who made it.
    fulfilled: ['refunded'],
    released: ['refunded'],
    refunding: ['refunded'],
    refund_stuck: ['refunded'],
  },
  refund_made: { refunding: ['refunded'], refund_stuck: ['refunded'] },
  refund_refused: { refunding: ['refunding', 'refund_stuck'] },
  request_completed: { captured: ['fulfilled'] },
  hold_ended: { fulfilled: ['released'] },
  // Released money goes back on hold; a request not delivered yet stays as it is, marked.
  provider_dispute_opened: { pooled: ['pooled'], captured: ['captured'], fulfilled: ['fulfilled'], released: ['fulfilled'] },
  provider_dispute_won: { pooled: ['pooled'], captured: ['captured'], fulfilled: ['fulfilled'] },
  // The one way back from delivered feedback of ours: an admin's decision on the musician's report (held
  // while it is open; released only should the decision come as the hold ends).
  dispute_upheld: { fulfilled: ['refunding'], released: ['refunding'] },
  // Delivered feedback is paid for: no deadline or deletion can take it back (only the provider can).
  // From the pool: nobody claimed it in time (or its track went).
  request_ended: { pooled: ['refunding'], captured: ['refunding'] },
  order_lapsed: { pending: ['failed'] },
  funding_declined: { pending: ['pending'] },
  capture_unapproved: { pending: ['pending'] },
  look_again: {
    pending: ['pending'],
    pooled: ['pooled'],
    captured: ['captured'],
    fulfilled: ['fulfilled'],
    released: ['released'],
    refunding: ['refunding'],
    refunded: ['refunded'],
    failed: ['failed'],
  },
  admin_retry: { refund_stuck: ['refunding'] },
};

/** Refusals of one refund before it is handed to an admin: with the waits doubling, about a day of tries. */
export const MAX_REFUND_ATTEMPTS = 10;
/** A refund the provider refused is tried again this much later, each wait twice the last, up to MAX_RETRY_MS. */
export const RETRY_MS = 5 * 60_000;
const MAX_RETRY_MS = 6 * 3600_000;

/** What the caller does once the move is written. */
export type Next = 'send_refund' | null;

export type Decision =
  | { ok: true; write: PaymentWrite; next: Next }
  /** `state`: where the payment stands; `why`: for logs and tests. */
  | { ok: false; state: PaymentState; why: string };

/**
 * How a capture differs from the payment it should settle (null: it matches): the amount, the currency,
 * our invoice id and the merchant paid must all be the stored payment's, so that no order, however it
 * came about, credits more than its request's price.
 */
export function captureMismatch(p: Pick<PaymentRecord, 'amountCents' | 'invoiceId' | 'payeeId'>, c: ProviderCapture): string | null {
  const differs: string[] = [];
  if (c.amountCents !== p.amountCents) differs.push(`amount ${c.amountCents} for ${p.amountCents}`);
  if (c.currency !== CURRENCY) differs.push(`currency ${c.currency ?? 'none'}`);
  if (c.invoiceId !== p.invoiceId) differs.push(`invoice ${c.invoiceId ?? 'none'}`);
  // Compared where both name the merchant: a capture answer that leaves the payee out is checked on the
  // rest (the invoice id is the request's own).
  if (p.payeeId && c.payeeId && c.payeeId !== p.payeeId) differs.push(`payee ${c.payeeId}`);
  return differs.length ? differs.join(', ') : null;
}

/** The musician's charge, for a capture that credits nobody (refunded next): what was taken. */
const uncreditedCharge = (p: PaymentRecord, captureId: string, cents: number, at: string) =>
  entry(p, 'charge', p.payerId, -cents, `Paid for ${about(p)}`, at, { cause: { type: 'payment', orderId: p.orderId, captureId } });

/** A capture that credits nobody: the charge recorded, the refund to send next (the check, due at once, sends it should this path stop). */
function refundFirst(
  p: PaymentRecord,
  captureId: string,
  reason: RefundReason,
  at: string,
  took?: { capturedCents: number; mismatch: string },
): Omit<PaymentWrite, 'orderId' | 'from' | 'to'> {
  return {
    set: { captureId, credited: false, capturedAt: at, refundReason: reason, ...took },
    checkAt: at,
    entries: [uncreditedCharge(p, captureId, took?.capturedCents ?? p.amountCents, at)],
  };
}

const DAY_MS = 86_400_000;

/** Where a credited payment's earning stands in its pro's money. */
export const earningPart = (p: Pick<PaymentRecord, 'fulfilledAt' | 'releasedAt'>): MoneyPart =>
  p.releasedAt ? 'availableCents' : p.fulfilledAt ? 'heldCents' : 'pendingCents';

/** The pro's earning taken back, from where it stands (released money so used counts as settled). */
function takenBack(p: PaymentRecord): MoneyMove {
  const part = earningPart(p);
  const e = p.earningCents!;
  return { userId: p.proUserId, deltas: { balanceCents: -e, [part]: -e, ...(part === 'availableCents' ? { settledCents: e } : {}) } };
}

/**
 * The pro's earning moved from one part of their money to another (nothing when the capture credited nobody,
 * or when the pro has deleted their account: no balance is left to move).
 */
function shifted(p: PaymentRecord, from: MoneyPart, to: MoneyPart, more: MoneyMove['deltas'] = {}): { pro?: MoneyMove } {
  if (!p.credited || !p.earningCents || p.proLeftAt) return {};
  return { pro: { userId: p.proUserId, deltas: { [from]: -p.earningCents, [to]: p.earningCents, ...more } } };
}

/** The refund recorded: the musician's money back, and when the capture credited the pro, the earning and the fee reversed. */
function refundRecorded(p: PaymentRecord, refundId: string, at: string): Omit<PaymentWrite, 'orderId' | 'from' | 'to'> {
  const cause = { type: 'payment' as const, orderId: p.orderId, captureId: p.captureId, refundId };
  const common = { cause, shareId: p.shareId, priceCents: p.amountCents, margin: p.margin };
  const credited = p.credited && p.earningCents !== undefined && p.feeCents !== undefined;
  // A pro who deleted their account had none of it left (a balance stops a deletion): the platform gives it back.
  const reversal = p.proLeftAt
    ? { account: PLATFORM_ACCOUNT, text: `Refund of the earning on ${about(p)}: the pro's account was deleted` }
    : { account: p.proUserId, text: `Refunded to the musician: ${about(p)}` };
  return {
    set: { refundId, refundedAt: at, refundReason: p.refundReason ?? 'reversed' },
    checkAt: null,
    entries: [
      entry(p, 'refund', p.payerId, p.capturedCents ?? p.amountCents, `Refund of ${about(p)}`, at, common),
      // Money still in the pool leaves it: no pro claimed the request.
      ...(p.pooledAt ? [entry(p, 'pool_release', POOL_ACCOUNT, -p.amountCents, `Refund of ${about(p)}: no pro took it`, at, common)] : []),
      ...(credited
        ? [
            entry(p, 'reversal', reversal.account, -p.earningCents!, reversal.text, at, common),
            entry(p, 'fee_reversal', PLATFORM_ACCOUNT, -p.feeCents!, `Refund of the margin on ${about(p)}`, at, common),
          ]
        : []),
    ],
    ...(credited && !p.proLeftAt ? { pro: takenBack(p) } : {}),
    claimsRefundMail: true,
  };
}

/** The capture credited: the request created, the charge, the pro's earning and the platform's fee, the pro's balance up. */
function captureCredited(
  p: PaymentRecord,
  e: Extract<PaymentEvent, { type: 'capture_completed' }>,
  at: string,
): Omit<PaymentWrite, 'orderId' | 'from' | 'to'> {
  const split = splitPrice(p.amountCents, e.margin);
  const common = {
    cause: { type: 'payment' as const, orderId: p.orderId, captureId: e.capture.id },
    shareId: e.request.id,
    priceCents: p.amountCents,
    margin: e.margin,
  };
  return {
    set: { captureId: e.capture.id, margin: e.margin, ...split, credited: true, capturedAt: at, shareCreatedAt: e.request.createdAt },
    // First looked at when the pro is due a reminder of its time to accept (the check then waits for the deadline).
    checkAt: new Date(reminderOf({ ...e.request, createdAt: at, status: 'pending' })!.at).toISOString(),
    entries: [
      entry(p, 'charge', p.payerId, -p.amountCents, `Paid for ${about(p)}`, at, common),
      entry(p, 'earning', p.proUserId, split.earningCents, `Earned for ${about(p)}`, at, common),
      entry(p, 'fee', PLATFORM_ACCOUNT, split.feeCents, `Margin on ${about(p)}`, at, common),
    ],
    pro: { userId: p.proUserId, deltas: { balanceCents: split.earningCents, pendingCents: split.earningCents } },
    // Its completion moves the earning on without reading the payment.
    createsRequest: { ...e.request, payment: { ...e.request.payment!, earningCents: split.earningCents } },
  };
}

/** The move `e` makes from `state`: its target and what it writes, or why it makes none (the state is in the table). */
function move(
  p: PaymentRecord,
  e: PaymentEvent,
  state: PaymentState,
  at: string,
): { to: PaymentState; from?: PaymentState[]; next?: Next; write: Omit<PaymentWrite, 'orderId' | 'from' | 'to'> } | string {
  const nothing = { entries: [] };
  switch (e.type) {
    case 'capture_completed': {
      const mismatch = captureMismatch(p, e.capture);
      // Never applied: refunded in full, the reason kept.
      if (mismatch)
        return {
          to: 'refunding',
          next: 'send_refund',
          write: refundFirst(p, e.capture.id, 'mismatch', at, { capturedCents: e.capture.amountCents, mismatch }),
        };
      if (p.pool) return { to: 'pooled', write: pooledCapture(p, e, at) };
      return { to: 'captured', write: captureCredited(p, e, at) };
    }
    case 'pool_claimed':
      if (e.request.sharedWithUserId === p.payerId) return 'a musician cannot take their own request';
      return { to: 'captured', write: poolClaimed(p, e.request, at) };
    case 'capture_unbuyable': {
      const owed = refundFirst(p, e.captureId, e.reason, at, e.took);
      if (!e.refundId) return { to: 'refunding', next: 'send_refund', write: owed };
      // Refunded already: the charge and its refund in one move.
      const refunded = refundRecorded({ ...p, ...owed.set, status: 'refunding' } as PaymentRecord, e.refundId, at);
      return {
        to: 'refunded',
        write: { ...refunded, set: { ...owed.set, ...refunded.set }, entries: [...owed.entries, ...refunded.entries] },
      };
    }
    case 'refunded_at_provider': {
      if (state === 'refunding' || state === 'refund_stuck')
        return { to: 'refunded', from: ['refunding', 'refund_stuck'], write: refundRecorded(p, 'at-provider', at) };
      if (!e.full && (state === 'fulfilled' || state === 'released'))
        return 'a partial refund at the provider of delivered feedback is left to the operator who made it';
      // An open request is cancelled in the same move (the executor adds its change); the musician gets all of it back.
      if (!e.full)
        return {
          to: 'refunding',
          from: [state],
          next: 'send_refund',
          write: { set: { refundReason: 'reversed' }, checkAt: at, entries: [], ...leavesPool(p, state, 'ended') },
        };
      // From the state it was read in only: what it takes back depends on where the earning stands.
      return {
        to: 'refunded',
        from: [state],
        write: { ...refundRecorded({ ...p, refundReason: 'reversed' }, 'at-provider', at), ...leavesPool(p, state, 'ended') },
      };
    }
    case 'refund_made':
      return { to: 'refunded', write: refundRecorded(p, e.refundId, at) };
    case 'refund_refused': {
      const attempts = (p.refundAttempts ?? 0) + 1;
      if (attempts >= MAX_REFUND_ATTEMPTS) {
        return {
          to: 'refund_stuck',
          write: { set: { refundAttempts: attempts, stuckReason: e.reason, stuckAt: at }, stuckSince: at, entries: [] },
        };
      }
      const wait = Math.min(RETRY_MS * 2 ** (attempts - 1), MAX_RETRY_MS);
      return {
        to: 'refunding',
        write: {
          set: { refundAttempts: attempts, stuckReason: e.reason },
          checkAt: new Date(Date.parse(at) + wait).toISOString(),
          entries: [],
        },
      };
    }
    case 'request_completed': {
      // Looked at again when the hold ends, to release it.
      const releaseAt = new Date(Date.parse(at) + EARNING_HOLD_DAYS * DAY_MS).toISOString();
      return {
        to: 'fulfilled',
        write: { set: { fulfilledAt: at }, checkAt: releaseAt, entries: [], ...shifted(p, 'pendingCents', 'heldCents') },
      };
    }
    case 'hold_ended': {
      if (p.disputeId) return 'a payment disputed at the provider stays held until the dispute is closed';
      const released = shifted(p, 'heldCents', 'availableCents', { releasedCents: p.earningCents });
      return {
        to: 'released',
        write: {
          set: { releasedAt: at, releasedBefore: e.releasedBefore },
          // A dispute opened since the payment was read holds it: the write itself checks.
          absent: ['disputeId'],
          checkAt: null,
          entries: [],
          ...(released.pro ? { pro: { ...released.pro, releasedCents: e.releasedBefore } } : {}),
        },
      };
    }
    case 'provider_dispute_opened': {
      const set = { disputeId: e.disputeId, disputedAt: at };
      if (state !== 'released') return { to: state, from: [state], write: { set, entries: [] } };
      // Available no more: taken back onto hold (below zero when it was paid out already: later earnings cover it).
      return {
        to: 'fulfilled',
        from: ['released'],
        write: {
          set,
          remove: ['releasedAt', 'releasedBefore'],
          entries: [],
          ...shifted(p, 'availableCents', 'heldCents', { settledCents: p.earningCents }),
        },
      };
    }
    case 'provider_dispute_won':
      if (p.disputeId !== e.disputeId) return `the payment is held for another dispute (${p.disputeId ?? 'none'})`;
      // Looked at at once: a hold that ended meanwhile releases it.
      return { to: state, from: [state], write: { set: {}, remove: ['disputeId', 'disputedAt'], checkAt: at, entries: [] } };
    case 'request_ended':
      // From the state it was read in only: a claim that landed meanwhile made a request the pool's refund must not end.
      return {
        to: 'refunding',
        from: [state],
        next: 'send_refund',
        write: {
          set: { refundReason: e.reason },
          checkAt: at,
          entries: [],
          ...leavesPool(p, state, e.reason === 'unclaimed' ? 'unclaimed' : 'ended'),
        },
      };
    case 'dispute_upheld':
      return { to: 'refunding', next: 'send_refund', write: { set: { refundReason: 'dispute' }, checkAt: at, entries: [] } };
    case 'order_lapsed':
      return { to: 'failed', write: { set: { failureReason: e.reason }, checkAt: null, entries: [] } };
    case 'funding_declined':
      return { to: 'pending', write: { set: { declinedAt: at }, checkAt: e.lookAt ?? p.checkAt ?? at, entries: [] } };
    case 'capture_unapproved':
      return { to: 'pending', from: ['pending'], write: { ...nothing, set: { notApprovedAt: at } } };
    case 'look_again':
      // Only when the check should look again: a finished payment is never watched.
      if (e.at && (state === 'refunded' || state === 'failed')) return `a ${state} payment is not watched`;
      return { to: state, from: [state], write: { ...nothing, set: {}, checkAt: e.at } };
    case 'admin_retry':
      return { to: 'refunding', write: { set: { refundAttempts: 0 }, remove: ['stuckAt'], checkAt: at, entries: [] } };
  }
}

/**
 * The move `e` makes of payment `p` at `now`, or why it makes none. The move's condition is every state
 * its row moves out of the same way, so that a path that read the payment a moment ago still makes the
 * move when another moved it meanwhile to a state where the move is the same (pending and failed, for
 * a capture), and never when it is not.
 */
export function decide(p: PaymentRecord, e: PaymentEvent, now: Date): Decision {
  const state = stateOf(p);
  const row = TRANSITIONS[e.type];
  const targets = row[state];
  if (!targets) return { ok: false, state, why: `${e.type} does not apply to a ${state} payment` };
  const made = move(p, e, state, now.toISOString());
  if (typeof made === 'string') return { ok: false, state, why: made };
  if (!targets.includes(made.to)) throw new Error(`${e.type} from ${state} to ${made.to} is not in the table`);
  const from = made.from ?? (Object.keys(row) as PaymentState[]).filter((s) => sameMove(row[s], targets));
  // An order no longer waiting for its payer's approval leaves their open orders (their cap) in the same move.
  const closesOrder = state === 'pending' && made.to !== 'pending' ? { payerId: p.payerId, invoiceId: p.invoiceId } : undefined;
  return {
    ok: true,
    write: { orderId: p.orderId, from, to: made.to, ...made.write, ...(closesOrder ? { closesOrder } : {}) },
    next: made.next ?? null,
  };
}

const sameMove = (a: readonly PaymentState[] | undefined, b: readonly PaymentState[]) =>
  !!a && a.length === b.length && a.every((s, i) => s === b[i]);

/** The payment as a written move leaves it. */
export function after(p: PaymentRecord, w: PaymentWrite): PaymentRecord {
  const next: PaymentRecord = { ...p, ...w.set, status: statusOf(w.to) };
  for (const field of w.remove ?? []) delete next[field];
  if (w.checkAt === null || w.stuckSince) delete next.checkAt;
  else if (w.checkAt) next.checkAt = w.checkAt;
  return next;
}
