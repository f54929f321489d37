/**
 * The executor of the payment state machine (functions/money/payment-machine.ts): one move of a payment,
 * written in one transaction conditional on the state it leaves, with everything the move causes (ledger
 * entries, the pro's balance, the e-mails it claims, the request it creates or changes, the webhook event
 * that brought it). However often a move is tried (browser, webhook, scheduled check), it is written once.
 */
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { entryPut, moneyMove, type LedgerEntry, type MoneyMove } from './ledger.js';
import { openOrderRemove } from './open-orders.js';
import {
  emailClaimItem,
  newShareItems,
  offerDelete,
  offerPut,
  poolStatsAdd,
  type PoolOffer,
  type ShareRecord,
} from '../../feedback/data/index.js';
import { cancellation, failedItem, isConditionFailure, send } from '../../platform/data/index.js';
import {
  fromItem,
  paymentKey,
  providerDisputeKeys,
  PAID_MAIL,
  REFUND_MAIL,
  STUCK,
  watchKeys,
  webhookPut,
  type PaymentRecord,
  type PaymentStatus,
  type WebhookEvent,
} from './payments.js';
import { config } from '../../lib/config.js';

/**
 * A payment's state: its stored status, told apart further by marks (a captured payment whose feedback
 * was delivered is fulfilled, and released once its hold is over; a refund handed to an admin is stuck).
 */
export type PaymentState =
  'pending' | 'pooled' | 'captured' | 'fulfilled' | 'released' | 'refunding' | 'refund_stuck' | 'refunded' | 'failed';

type Mark = { field: 'fulfilledAt' | 'releasedAt' | 'stuckAt'; set: boolean };
const STORED: Record<PaymentState, { status: PaymentStatus; marks?: Mark[] }> = {
  pending: { status: 'pending' },
  pooled: { status: 'pooled' },
  captured: { status: 'captured', marks: [{ field: 'fulfilledAt', set: false }] },
  fulfilled: {
    status: 'captured',
    marks: [
      { field: 'fulfilledAt', set: true },
      { field: 'releasedAt', set: false },
    ],
  },
  released: { status: 'captured', marks: [{ field: 'releasedAt', set: true }] },
  refunding: { status: 'refunding', marks: [{ field: 'stuckAt', set: false }] },
  refund_stuck: { status: 'refunding', marks: [{ field: 'stuckAt', set: true }] },
  refunded: { status: 'refunded' },
  failed: { status: 'failed' },
};

export const statusOf = (state: PaymentState): PaymentStatus => STORED[state].status;

export function stateOf(p: Pick<PaymentRecord, 'status' | 'fulfilledAt' | 'releasedAt' | 'stuckAt'>): PaymentState {
  if (p.status === 'captured') return p.releasedAt ? 'released' : p.fulfilledAt ? 'fulfilled' : 'captured';
  if (p.status === 'refunding') return p.stuckAt ? 'refund_stuck' : 'refunding';
  return p.status;
}

/** One move of a payment, as the state machine decided it. */
export interface PaymentWrite {
  orderId: string;
  /** The states it may leave: the write's condition. */
  from: readonly PaymentState[];
  to: PaymentState;
  set: Partial<PaymentRecord>;
  remove?: (keyof PaymentRecord)[];
  /**
   * Fields the move needs still absent, beside its state: a release is refused once a dispute opened at the
   * provider (another path's write, after the release read the payment).
   */
  absent?: (keyof PaymentRecord)[];
  /** When the scheduled check looks next: a time, null for never again, absent to leave it as it is. */
  checkAt?: string | null;
  /** Listed for an admin from this time on, instead of watched. */
  stuckSince?: string;
  entries: LedgerEntry[];
  /** The pro's money it moves. */
  pro?: MoneyMove;
  /** The request for feedback this move creates, with its 'requested' e-mail and the payer's 'paid' e-mail claimed. */
  createsRequest?: ShareRecord;
  /** The payer's refund e-mail, claimed with the move: whoever makes the move sends it. */
  claimsRefundMail?: boolean;
  /** The order, no longer waiting for approval, taken off its payer's open orders. */
  closesOrder?: { payerId: string; invoiceId: string };
  /** A Snip Pro request's offers: made as its money goes into the pool, all taken back as it leaves. */
  offers?: { put: PoolOffer[] } | { remove: string[]; claimUntil: string };
  /** The pool's counters of the request's genre it adds to (functions/feedback/data/pool-stats.ts). */
  poolStats?: { genre: string; add: Record<string, number> };
}

/**
 * What else goes into the move's transaction: a change of its request (or of what an admin decided on
 * it), the webhook event that brought it, the admin's audit entry.
 */
export interface WriteExtras {
  requestChange?: Record<string, unknown>;
  /** What the move says on its request, not conditional on the request's state (a refund's date on a delivered review). */
  requestMarks?: Record<string, unknown>[];
  event?: WebhookEvent;
  audit?: Record<string, unknown>;
}

export type WriteOutcome =
  | { kind: 'written' }
  /** The payment was no longer in a state the move leaves: as the refused write found it, when it could tell. */
  | { kind: 'payment_moved'; payment: PaymentRecord | null }
  /** The change of its request was refused: the request moved meanwhile. */
  | { kind: 'request_moved' }
  /** The request could not be created: its track is gone, full (`shareIds` as found) or not ready, or the pro is gone. */
  | { kind: 'track_refused'; shareIds: number }
  | { kind: 'pro_gone' };

/** The condition that the payment is in one of `states`. */
function inStates(states: readonly PaymentState[]): { expression: string; values: Record<string, unknown> } {
  const byStatus = new Map<PaymentStatus, PaymentState[]>();
  for (const s of states) byStatus.set(STORED[s].status, [...(byStatus.get(STORED[s].status) ?? []), s]);
  const values: Record<string, unknown> = {};
  const marked = (m: Mark) => `attribute_${m.set ? '' : 'not_'}exists(${m.field})`;
  const parts = [...byStatus].map(([status, group], i) => {
    values[`:st${i}`] = status;
    const all = (Object.keys(STORED) as PaymentState[]).filter((s) => STORED[s].status === status);
    // Every state of the status (captured, fulfilled and released, say) is the status alone.
    if (group.length === all.length) return `#status = :st${i}`;
    const each = group.map((s) => STORED[s].marks!.map(marked).join(' AND '));
    return `(#status = :st${i} AND ${each.length === 1 ? each[0] : `((${each.join(') OR (')}))`})`;
  });
  return { expression: parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`, values };
}

const HOLDS_CAPTURE = new Set<PaymentState>(['pooled', 'captured', 'fulfilled', 'released']);
/** Whether the move takes a captured payment to one whose money goes back (refunding, refunded). */
const leavesCapture = (w: PaymentWrite) => !HOLDS_CAPTURE.has(w.to) && w.from.some((s) => HOLDS_CAPTURE.has(s));

/** The payment's own update: its fields, its watch (or its place among stuck refunds), on condition of its state. */
export function paymentUpdate(w: PaymentWrite, at = new Date().toISOString()) {
  const values: Record<string, unknown> = { updatedAt: at, ...w.set, status: statusOf(w.to) };
  const removed: string[] = [...(w.remove ?? [])];
  if (w.stuckSince) {
    Object.assign(values, { GSI2PK: STUCK, GSI2SK: `${w.stuckSince}#${w.orderId}` });
    removed.push('checkAt');
  } else if (w.checkAt) Object.assign(values, { checkAt: w.checkAt, ...watchKeys(w.orderId, w.checkAt) });
  else if (w.checkAt === null) removed.push('checkAt', 'GSI2PK', 'GSI2SK');
  // Listed as disputed at the provider while the dispute is open and the money still captured.
  if (w.set.disputeId) Object.assign(values, providerDisputeKeys(w.orderId, w.set.disputedAt ?? at));
  else if (w.remove?.includes('disputeId') || leavesCapture(w)) removed.push('GSI3PK', 'GSI3SK');
  const names = Object.keys(values);
  const condition = inStates(w.from);
  if (w.absent?.length) condition.expression += ` AND ${w.absent.map((f) => `attribute_not_exists(${f})`).join(' AND ')}`;
  return {
    Update: {
      TableName: config.tableName,
      Key: paymentKey(w.orderId),
      UpdateExpression: `SET ${names.map((n) => `#${n} = :${n}`).join(', ')}${removed.length ? ` REMOVE ${removed.join(', ')}` : ''}`,
      ConditionExpression: condition.expression,
      ExpressionAttributeNames: { ...Object.fromEntries(names.map((n) => [`#${n}`, n])), '#status': 'status' },
      ExpressionAttributeValues: { ...Object.fromEntries(names.map((n) => [`:${n}`, values[n]])), ...condition.values },
      // What won, when this loses: the caller answers from it without reading the payment again.
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    },
  };
}

/**
 * A move written inside another transaction (a request's completion): the payment's update and the pro's
 * money it moves. Only for moves without entries or anything else of their own.
 */
export function embeddedMove(w: PaymentWrite, at = new Date().toISOString()) {
  if (w.entries.length || w.createsRequest || w.claimsRefundMail || w.closesOrder || w.offers || w.poolStats)
    throw new Error('Not a move to embed');
  return [paymentUpdate(w, at), ...(w.pro ? [moneyMove(w.pro)] : [])];
}

/**
 * A payment e-mail claimed by its move. The move is conditional on the payment's state, so it succeeds once:
 * the claim needs no condition of its own (a claim left behind could then never block a refund).
 */
const mailClaim = (orderId: string, event: string, at: string) => ({
  Put: { TableName: config.tableName, Item: { PK: `PAYMENT#${orderId}`, SK: `EMAIL#${event}`, entity: 'email', sentAt: at } },
});

type Labelled = { label: 'payment' | 'request' | 'share' | 'track' | 'balance' | 'other'; item: Record<string, unknown> };

/** Writes one move of a payment and everything it causes, once. */
export async function writePayment(w: PaymentWrite, extras: WriteExtras = {}): Promise<WriteOutcome> {
  const at = new Date().toISOString();
  const items: Labelled[] = [{ label: 'payment', item: paymentUpdate(w, at) }];
  if (w.createsRequest) {
    const [share, link, track, ...rest] = newShareItems(w.createsRequest);
    items.push({ label: 'share', item: share }, { label: 'other', item: link }, { label: 'track', item: track });
    // A re-check's checklist.
    items.push(...rest.map((item) => ({ label: 'other' as const, item })));
  }
  if (extras.requestChange) items.push({ label: 'request', item: extras.requestChange });
  for (const item of extras.requestMarks ?? []) items.push({ label: 'other', item });
  for (const e of w.entries) items.push({ label: 'other', item: entryPut(e) });
  if (w.pro) items.push({ label: 'balance', item: moneyMove(w.pro) });
  // The pro's e-mail of the request, and the payer's that their payment bought it.
  if (w.createsRequest) items.push({ label: 'other', item: emailClaimItem(w.createsRequest.id, 'requested') });
  if (w.createsRequest) items.push({ label: 'other', item: mailClaim(w.orderId, PAID_MAIL, at) });
  if (w.claimsRefundMail) items.push({ label: 'other', item: mailClaim(w.orderId, REFUND_MAIL, at) });
  if (w.closesOrder) items.push({ label: 'other', item: openOrderRemove(w.closesOrder.payerId, w.closesOrder.invoiceId) });
  if (w.offers && 'put' in w.offers) items.push(...w.offers.put.map((o) => ({ label: 'other' as const, item: offerPut(o) })));
  if (w.poolStats) items.push({ label: 'other', item: poolStatsAdd(w.poolStats.genre, w.poolStats.add) });
  if (w.offers && 'remove' in w.offers) {
    const { remove, claimUntil } = w.offers;
    items.push(...remove.map((id) => ({ label: 'other' as const, item: offerDelete(id, { orderId: w.orderId, claimUntil }) })));
  }
  if (extras.event) items.push({ label: 'other', item: webhookPut(extras.event, Date.parse(at)) });
  if (extras.audit) items.push({ label: 'other', item: extras.audit });
  try {
    if (items.length === 1) await send(() => new UpdateCommand((items[0].item as ReturnType<typeof paymentUpdate>).Update));
    else await send(() => new TransactWriteCommand({ TransactItems: items.map((i) => i.item) as never }));
    return { kind: 'written' };
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    const reasons = cancellation(err);
    if (!reasons) {
      const old = (err as { Item?: Record<string, unknown> }).Item;
      return { kind: 'payment_moved', payment: old ? fromItem(unmarshall(old as never)) : null };
    }
    const refused = items.findIndex((_, i) => reasons[i] === 'ConditionalCheckFailed');
    switch (items[refused]?.label) {
      case 'request':
        return { kind: 'request_moved' };
      case 'track':
        return { kind: 'track_refused', shareIds: (failedItem(err, refused)?.shareIds as Set<string> | undefined)?.size ?? 0 };
      case 'balance':
        return { kind: 'pro_gone' };
      default: {
        // The payment's own condition, or the request's id taken: another path applied this move first.
        const won = failedItem(err, 0);
        return { kind: 'payment_moved', payment: won ? fromItem(won) : null };
      }
    }
  }
}
