/**
 * Payments for paid feedback: one per provider order, holding the request for feedback until the money is
 * captured. Keys:
 * - payment  PK PAYMENT#<orderId>  SK PAYMENT   GSI1 PAYER#<userId> / PAYMENT#<createdAt>#<orderId>
 *                                               GSI2 PAYMENT#WATCH#<shard> / <checkAt>#<orderId> (while it needs a look)
 * - e-mail   PK PAYMENT#<orderId>  SK EMAIL#<event>
 * - webhook  PK WEBHOOK#<provider>#<eventId>  SK EVENT  (an event applied; expires by TTL)
 *
 * A payment moves pending -> captured -> (refunding ->) refunded, or pending -> failed, or (a capture that
 * could not buy its request, refunded first) pending -> refunded, each step a
 * conditional write on the status it leaves, in the same transaction as the ledger entries and balance
 * move it causes: however often a step is tried (browser, webhook, scheduled check), it happens once.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { MAX_SHARES_PER_TRACK } from '../../shared/constants.js';
import type { ShareOptions } from '../../shared/schemas/shares.js';
import { CURRENCY } from '../../shared/money.js';
import { dynamo } from '../lib/aws/dynamo.js';
import { config } from '../lib/config.js';
import { balanceMove, entryPut, PLATFORM_ACCOUNT, type LedgerEntry } from './ledger.js';
import { emailClaimItem, newShareItems, type ShareRecord, type statusChange } from './shares.js';
import { queryAll } from './query.js';
import { shardKey, shardKeys } from './shards.js';
import { cancellation, failedItem, isConditionFailure, send } from './transactions.js';

export type PaymentStatus = 'pending' | 'captured' | 'refunding' | 'refunded' | 'failed';

/** Why a captured payment went back: the pro declined, a deadline passed, the track was deleted, or the provider reversed it. */
export type RefundReason = 'declined' | 'expired' | 'track_deleted' | 'reversed' | 'unfulfillable' | 'mismatch';

export interface PaymentRecord {
  orderId: string;
  /** Ours, sent to the provider as the order's invoice id. */
  invoiceId: string;
  payerId: string;
  payerName: string;
  proUserId: string;
  proName: string;
  trackId: string;
  trackTitle: string;
  amountCents: number;
  /** The merchant PayPal put on the order at its creation: a capture paid to anyone else buys nothing. */
  payeeId?: string;
  /** What a capture that did not match the payment took (and was refunded in full), and why it did not match. */
  capturedCents?: number;
  mismatch?: string;
  shareOptions: ShareOptions;
  /** The share the capture creates: fixed in advance, so every path that applies the capture makes the same one. */
  shareId: string;
  /**
   * That share as the order's request made it (track, both people's names), so that applying the capture
   * reads nothing more: its transaction checks that the track and the pro are still there. Absent on
   * payments made before it was kept.
   */
  shareDraft?: ShareRecord;
  status: PaymentStatus;
  captureId?: string;
  refundId?: string;
  /** Fixed at capture: the margin in force then and the split it gave. */
  margin?: number;
  earningCents?: number;
  feeCents?: number;
  /** Whether the capture credited the pro (false when the request could no longer be created). */
  credited?: boolean;
  refundReason?: RefundReason;
  /** How often the provider refused the refund in a row; past a bound, it waits for an admin (`stuckAt`). */
  refundAttempts?: number;
  stuckAt?: string;
  /** What the provider last said when it refused the refund. */
  stuckReason?: string;
  failureReason?: string;
  /** When the scheduled check looks at it next; absent once nothing can happen to it any more. */
  checkAt?: string;
  /** When its request was completed: the feedback was delivered, so the money is the pro's to keep. */
  fulfilledAt?: string;
  /** When the provider last refused the payer's funding source (the payer may approve again with another). */
  declinedAt?: string;
  /**
   * The `createdAt` of the share the capture made: its status index key holds it, so a refund at the provider
   * can cancel the share without reading it first. Absent on payments captured before it was kept.
   */
  shareCreatedAt?: string;
  createdAt: string;
  updatedAt: string;
  capturedAt?: string;
  refundedAt?: string;
}

const T = () => config.tableName;
const key = (orderId: string) => ({ PK: `PAYMENT#${orderId}`, SK: 'PAYMENT' });
/**
 * Payments due a look are spread over WATCH_SHARDS partitions by a hash of the order id, so that no one
 * partition takes every payment's writes; the check reads them all at once.
 */
export const WATCH_SHARDS = 8;
const WATCH = 'PAYMENT#WATCH';
const watchShard = (orderId: string) => shardKey(WATCH, orderId, WATCH_SHARDS);
/** The partitions the check reads: the shards, and the one partition payments were watched in before them. */
const WATCH_PARTITIONS = shardKeys(WATCH, WATCH_SHARDS);
const watchKeys = (orderId: string, checkAt: string) => ({ GSI2PK: watchShard(orderId), GSI2SK: `${checkAt}#${orderId}` });

function fromItem(item: Record<string, unknown>): PaymentRecord {
  const { PK: _p, SK: _s, GSI1PK: _a, GSI1SK: _b, GSI2PK: _c, GSI2SK: _d, entity: _e, requestHash: _h, ...rest } = item;
  return rest as unknown as PaymentRecord;
}

/**
 * Stores a new pending payment. When the order is known already (a retried request): the stored one, as
 * the refused write found it. With `keyId` (the request's idempotency key, as an id), the key is claimed for
 * this request in the same write: another request under the same key is refused (`keyTaken`).
 */
export async function putPayment(
  p: PaymentRecord,
  requestHash?: string,
  keyId?: string,
): Promise<{ created: true } | { created: false; existing: StoredPayment | null; keyTaken?: boolean }> {
  const put = {
    TableName: T(),
    Item: {
      ...key(p.orderId),
      GSI1PK: `PAYER#${p.payerId}`,
      GSI1SK: `PAYMENT#${p.createdAt}#${p.orderId}`,
      ...(p.checkAt ? watchKeys(p.orderId, p.checkAt) : {}),
      entity: 'payment',
      ...p,
      ...(requestHash ? { requestHash } : {}),
    },
    ConditionExpression: 'attribute_not_exists(PK)',
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
  };
  try {
    if (!keyId) await dynamo().send(new PutCommand(put));
    else {
      const claim = {
        TableName: T(),
        // Kept a day, longer than PayPal keeps a request id (6 hours for orders). Its order is part of the
        // claim: a retry PayPal no longer recognises gets a new order, which must not become a second payment.
        Item: { PK: `PAYMENTKEY#${keyId}`, SK: 'KEY', entity: 'payment-key', orderId: p.orderId, requestHash, expiresAt: Math.floor(Date.parse(p.createdAt) / 1000) + 86_400 },
        ConditionExpression: 'attribute_not_exists(PK) OR (requestHash = :h AND orderId = :o)',
        ExpressionAttributeValues: { ':h': requestHash, ':o': p.orderId },
      };
      await send(() => new TransactWriteCommand({ TransactItems: [{ Put: put }, { Put: claim }] }));
    }
    return { created: true };
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    const reasons = cancellation(err);
    if (reasons?.[1] === 'ConditionalCheckFailed') return { created: false, existing: null, keyTaken: true };
    const item = reasons ? failedItem(err, 0) : (err as { Item?: Record<string, unknown> }).Item;
    return { created: false, existing: item ? stored(reasons ? item : unmarshall(item as never)) : null };
  }
}

export interface StoredPayment {
  record: PaymentRecord;
  /** The hash of the request that created it. */
  requestHash: string | null;
}

const stored = (item: Record<string, unknown>): StoredPayment => ({ record: fromItem(item), requestHash: (item.requestHash as string | undefined) ?? null });

/** The payment as it stands (consistent), with the hash of the request that created it. */
export async function getPayment(orderId: string): Promise<StoredPayment | null> {
  const res = await dynamo().send(new GetCommand({ TableName: T(), Key: key(orderId), ConsistentRead: true }));
  return res.Item ? stored(res.Item) : null;
}

/** Sets the payment's status and fields, only from one of `from`; moves or ends its watch. */
function transition(p: Pick<PaymentRecord, 'orderId'>, from: PaymentStatus[], set: Partial<PaymentRecord>, checkAt: string | null) {
  const values: Record<string, unknown> = { updatedAt: new Date().toISOString(), ...set, ...(checkAt ? { checkAt, ...watchKeys(p.orderId, checkAt) } : {}) };
  const names = Object.keys(values);
  return {
    Update: {
      TableName: T(),
      Key: key(p.orderId),
      UpdateExpression: `SET ${names.map((n) => `#${n} = :${n}`).join(', ')}${checkAt ? '' : ' REMOVE checkAt, GSI2PK, GSI2SK'}`,
      ConditionExpression: `#status IN (${from.map((_, i) => `:from${i}`).join(', ')})`,
      ExpressionAttributeNames: { ...Object.fromEntries(names.map((n) => [`#${n}`, n])), '#status': 'status' },
      ExpressionAttributeValues: { ...Object.fromEntries(names.map((n) => [`:${n}`, values[n]])), ...Object.fromEntries(from.map((f, i) => [`:from${i}`, f])) },
    },
  };
}

const entry = (p: PaymentRecord, e: Omit<LedgerEntry, 'id' | 'currency' | 'createdAt'> & { createdAt: string }): LedgerEntry => ({
  ...e,
  id: `${p.orderId}:${e.kind}`,
  currency: CURRENCY,
});

/** A capture that did not match its payment: what it took, and how it differed. */
export interface Mismatch {
  capturedCents: number;
  mismatch: string;
}

export interface CaptureSplit {
  captureId: string;
  margin: number;
  earningCents: number;
  feeCents: number;
}

export type ApplyCaptureResult =
  | { kind: 'applied'; payment: PaymentRecord }
  /** Applied (or given up) by another path meanwhile: the payment as that left it, when the write saw it. */
  | { kind: 'not_pending'; payment: PaymentRecord | null }
  | { kind: 'track_unavailable' }
  /** The track has its most requests (MAX_SHARES_PER_TRACK). */
  | { kind: 'track_full' }
  | { kind: 'pro_gone' };

/** A webhook event, recorded as applied in the same transaction as what it applied. */
export interface WebhookEvent {
  provider: string;
  eventId: string;
  type: string;
}

/**
 * The capture, applied once: the payment becomes captured, the request for feedback is created with its
 * 'requested' e-mail claimed (the one path that applies the capture sends it), and the ledger records the
 * musician's charge, the pro's earning and the platform's fee, the pro's balance moving by the earning,
 * all in one transaction conditional on the payment being pending. With `event`, the webhook event that
 * brought the capture is recorded as applied in it too.
 */
export async function applyCapture(p: PaymentRecord, split: CaptureSplit, share: ShareRecord, watchUntil: string, event?: WebhookEvent): Promise<ApplyCaptureResult> {
  const at = new Date().toISOString();
  const cause = { type: 'payment' as const, orderId: p.orderId, captureId: split.captureId };
  const common = { cause, shareId: share.id, priceCents: p.amountCents, margin: split.margin, createdAt: at };
  const about = `feedback from ${p.proName} on "${p.trackTitle}"`;
  const set = {
    status: 'captured' as const,
    captureId: split.captureId,
    margin: split.margin,
    earningCents: split.earningCents,
    feeCents: split.feeCents,
    credited: true,
    capturedAt: at,
    shareCreatedAt: share.createdAt,
    updatedAt: at,
  };
  // From failed too: money captured after we gave up on an order still buys its request.
  const capture = transition(p, ['pending', 'failed'], set, watchUntil);
  try {
    await send(
      () =>
        new TransactWriteCommand({
          TransactItems: [
            // What won, when this loses: the caller answers from it without reading the payment again.
            { Update: { ...capture.Update, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const } },
            ...newShareItems(share),
            entryPut(entry(p, { ...common, accountId: p.payerId, kind: 'charge', amountCents: -p.amountCents, description: `Paid for ${about}` })),
            entryPut(entry(p, { ...common, accountId: p.proUserId, kind: 'earning', amountCents: split.earningCents, description: `Earned for feedback to ${p.payerName} on "${p.trackTitle}"` })),
            entryPut(entry(p, { ...common, accountId: PLATFORM_ACCOUNT, kind: 'fee', amountCents: split.feeCents, description: `Margin on ${about}` })),
            balanceMove(p.proUserId, split.earningCents),
            emailClaimItem(share.id, 'requested'),
            ...(event ? [webhookPut(event, Date.parse(at))] : []),
          ],
        }),
    );
    return { kind: 'applied', payment: { ...p, ...set, checkAt: watchUntil } };
  } catch (err) {
    const reasons = cancellation(err);
    if (reasons?.[0] === 'ConditionalCheckFailed' || reasons?.[1] === 'ConditionalCheckFailed') {
      const won = failedItem(err, 0);
      return { kind: 'not_pending', payment: won ? fromItem(won) : null };
    }
    if (reasons?.[3] === 'ConditionalCheckFailed') {
      return ((failedItem(err, 3)?.shareIds as Set<string> | undefined)?.size ?? 0) >= MAX_SHARES_PER_TRACK ? { kind: 'track_full' } : { kind: 'track_unavailable' };
    }
    if (reasons?.[7] === 'ConditionalCheckFailed') return { kind: 'pro_gone' };
    throw err;
  }
}

/**
 * A capture that can no longer buy its request, when the provider could not be asked for the refund just
 * now: the charge is recorded and the payment goes to refunding, the pro credited nothing, for the
 * scheduled check (due at once) to send the refund and record it. False when the payment was not pending.
 */
export async function captureForRefund(p: PaymentRecord, captureId: string, reason: RefundReason, mismatch?: Mismatch): Promise<boolean> {
  const at = new Date().toISOString();
  const charged = mismatch?.capturedCents ?? p.amountCents;
  try {
    await send(
      () =>
        new TransactWriteCommand({
          TransactItems: [
            transition(p, ['pending', 'failed'], { status: 'refunding', captureId, credited: false, capturedAt: at, refundReason: reason, ...mismatch }, at),
            entryPut(entry(p, { accountId: p.payerId, kind: 'charge', amountCents: -charged, cause: { type: 'payment', orderId: p.orderId, captureId }, description: `Paid for feedback from ${p.proName} on "${p.trackTitle}"`, createdAt: at })),
          ],
        }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * For the transaction that completes a paid request: the payment is fulfilled (never refunded for a
 * deadline or a deletion after this) and no longer watched. Conditional on it being captured.
 */
export function fulfilment(orderId: string, at: string) {
  return {
    Update: {
      TableName: T(),
      Key: key(orderId),
      UpdateExpression: 'SET fulfilledAt = :at, updatedAt = :at REMOVE checkAt, GSI2PK, GSI2SK',
      ConditionExpression: '#status = :captured',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':at': at, ':captured': 'captured' },
    },
  };
}

/** Why a refund's transaction was refused: the payment had left the status it needed, or the share its change needed. */
export type RefundRefusal = 'payment_moved' | 'share_moved';

/** Which of a payment refund's first two items (the payment's transition, then the share's change) refused it. */
function refusal(err: unknown, withShare: boolean): RefundRefusal | null {
  const reasons = cancellation(err);
  if (reasons?.[0] === 'ConditionalCheckFailed') return 'payment_moved';
  if (withShare && reasons?.[1] === 'ConditionalCheckFailed') return 'share_moved';
  return reasons === null && isConditionFailure(err) ? 'payment_moved' : null;
}

/**
 * Marks a captured payment for refunding (the scheduled check finishes what a crash interrupts: it is due
 * at once), together with the change of its request's status that causes it, when there is one. Refused
 * when the payment is not captured any more (or was fulfilled), or the request is not in the status seen.
 */
export async function startRefund(p: Pick<PaymentRecord, 'orderId'>, reason: RefundReason, shareChange?: ReturnType<typeof statusChange>): Promise<'started' | RefundRefusal> {
  const start = transition(p, ['captured'], { status: 'refunding', refundReason: reason }, new Date().toISOString());
  // Delivered feedback is paid for: no deadline or deletion can take it back (only the provider can).
  if (reason !== 'reversed') start.Update.ConditionExpression += ' AND attribute_not_exists(fulfilledAt)';
  try {
    await send(() => new TransactWriteCommand({ TransactItems: [start, ...(shareChange ? [shareChange] : [])] }));
    return 'started';
  } catch (err) {
    const refused = refusal(err, Boolean(shareChange));
    if (refused) return refused;
    throw err;
  }
}

/**
 * For a track's deletion transaction: the payment of a paid request on it is looked at by the next
 * scheduled check, which refunds it when its request is gone without its feedback (and leaves one already
 * fulfilled or refunded as it is). Unconditional on the status, so the deletion never waits on it.
 */
export function paymentDueNow(orderId: string, at = new Date().toISOString()) {
  return {
    Update: {
      TableName: T(),
      Key: key(orderId),
      UpdateExpression: 'SET checkAt = :at, GSI2PK = :w, GSI2SK = :sk',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':at': at, ':w': watchShard(orderId), ':sk': watchKeys(orderId, at).GSI2SK },
    },
  };
}

/**
 * The claim of the payer's refund e-mail, in the transaction that records the refund. That transaction is
 * conditional on the payment's status, so it succeeds once: the claim needs no condition of its own (a
 * claim left behind could then never block a refund).
 */
function refundMailClaim(orderId: string, at: string) {
  return { Put: { TableName: T(), Item: { PK: `PAYMENT#${orderId}`, SK: `EMAIL#${REFUND_MAIL}`, entity: 'email', sentAt: at } } };
}

/** The payment e-mail event of the payer's refund e-mail. */
export const REFUND_MAIL = 'refunded';

/**
 * The refund, applied once: the payment becomes refunded, the musician's refund is recorded, and when the
 * capture credited the pro, the earning and the fee are reversed and the pro's balance moves back; the
 * payer's refund e-mail is claimed with it (whoever applies the refund sends it). From refunding, or from
 * captured when the provider refunded it on its own. With `shareChange`, the request's status changes in
 * the same write (a refund at the provider cancels an open request); with `event`, the webhook event that
 * brought it is recorded as applied.
 */
export async function applyRefund(
  p: PaymentRecord,
  refundId: string,
  reason: RefundReason,
  opts: { from?: PaymentStatus[]; shareChange?: ReturnType<typeof statusChange>; event?: WebhookEvent } = {},
): Promise<'applied' | RefundRefusal> {
  const at = new Date().toISOString();
  const cause = { type: 'payment' as const, orderId: p.orderId, captureId: p.captureId, refundId };
  const about = `feedback from ${p.proName} on "${p.trackTitle}"`;
  const credited = p.credited && p.earningCents !== undefined && p.feeCents !== undefined;
  const common = { cause, shareId: p.shareId, priceCents: p.amountCents, margin: p.margin, createdAt: at };
  try {
    await send(
      () =>
        new TransactWriteCommand({
          TransactItems: [
            transition(p, opts.from ?? ['refunding', 'captured'], { status: 'refunded', refundId, refundedAt: at, refundReason: p.refundReason ?? reason }, null),
            ...(opts.shareChange ? [opts.shareChange] : []),
            entryPut(entry(p, { ...common, accountId: p.payerId, kind: 'refund', amountCents: p.capturedCents ?? p.amountCents, description: `Refund of ${about}` })),
            ...(credited
              ? [
                  entryPut(entry(p, { ...common, accountId: p.proUserId, kind: 'reversal', amountCents: -p.earningCents!, description: `Refunded to ${p.payerName}: feedback on "${p.trackTitle}"` })),
                  entryPut(entry(p, { ...common, accountId: PLATFORM_ACCOUNT, kind: 'fee_reversal', amountCents: -p.feeCents!, description: `Refund of the margin on ${about}` })),
                  balanceMove(p.proUserId, -p.earningCents!),
                ]
              : []),
            refundMailClaim(p.orderId, at),
            ...(opts.event ? [webhookPut(opts.event, Date.parse(at))] : []),
          ],
        }),
    );
    return 'applied';
  } catch (err) {
    const refused = refusal(err, Boolean(opts.shareChange));
    if (refused) return refused;
    throw err;
  }
}

/**
 * A capture that never bought its request (its track was deleted, the pro is gone, or the provider refunded
 * it before it was applied), refunded in full at the provider already: the musician's charge and its
 * refund are recorded at once, the pro credited nothing, and the payer's refund e-mail claimed. Once, from
 * pending or failed; false when another path settled the payment first.
 */
export async function refundUncredited(
  p: PaymentRecord,
  captureId: string,
  refundId: string,
  reason: RefundReason,
  event?: WebhookEvent,
  mismatch?: Mismatch,
): Promise<PaymentRecord | null> {
  const at = new Date().toISOString();
  const about = `feedback from ${p.proName} on "${p.trackTitle}"`;
  const charged = mismatch?.capturedCents ?? p.capturedCents ?? p.amountCents;
  const set = { status: 'refunded' as const, captureId, credited: false, capturedAt: at, refundId, refundedAt: at, refundReason: reason, updatedAt: at, ...mismatch };
  const cause = { type: 'payment' as const, orderId: p.orderId, captureId };
  try {
    await send(
      () =>
        new TransactWriteCommand({
          TransactItems: [
            transition(p, ['pending', 'failed'], set, null),
            entryPut(entry(p, { accountId: p.payerId, kind: 'charge', amountCents: -charged, cause, description: `Paid for ${about}`, createdAt: at })),
            entryPut(entry(p, { accountId: p.payerId, kind: 'refund', amountCents: charged, cause: { ...cause, refundId }, shareId: p.shareId, priceCents: p.amountCents, description: `Refund of ${about}`, createdAt: at })),
            refundMailClaim(p.orderId, at),
            ...(event ? [webhookPut(event, Date.parse(at))] : []),
          ],
        }),
    );
    const { checkAt: _c, ...rest } = p;
    return { ...rest, ...set };
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

/** A pending payment that will never be captured (abandoned, voided): failed, no money moved. */
export async function failPayment(p: PaymentRecord, reason: string): Promise<boolean> {
  try {
    await send(() => new UpdateCommand(transition(p, ['pending'], { status: 'failed', failureReason: reason }, null).Update));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Notes that the provider declined the payer's funding source, so whoever asks next hears it; `checkAt` moves its next look. */
export async function noteDecline(p: PaymentRecord, checkAt?: string): Promise<void> {
  try {
    await send(() => new UpdateCommand(transition(p, ['pending'], { declinedAt: new Date().toISOString() }, checkAt ?? p.checkAt ?? new Date().toISOString()).Update));
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** When the scheduled check looks at the payment next (null: never again), if it is still in `status`. */
export async function setCheck(p: PaymentRecord, status: PaymentStatus, checkAt: string | null): Promise<void> {
  try {
    await send(() => new UpdateCommand(transition(p, [status], {}, checkAt).Update));
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

export const STUCK = 'PAYMENT#STUCK';

/**
 * A refund the provider refused: tried again at `retryAt`, or, with `retryAt` null, handed to an admin: no
 * longer watched, listed under `PAYMENT#STUCK` instead. Only while the payment is still refunding.
 */
export async function refundRefused(p: PaymentRecord, attempts: number, reason: string, retryAt: string | null): Promise<boolean> {
  const at = new Date().toISOString();
  const update = retryAt
    ? transition(p, ['refunding'], { refundAttempts: attempts, stuckReason: reason }, retryAt).Update
    : {
        TableName: T(),
        Key: key(p.orderId),
        UpdateExpression: 'SET refundAttempts = :n, stuckReason = :r, stuckAt = :at, updatedAt = :at, GSI2PK = :stuck, GSI2SK = :sk REMOVE checkAt',
        ConditionExpression: '#status = :refunding',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':n': attempts, ':r': reason, ':at': at, ':stuck': STUCK, ':sk': `${at}#${p.orderId}`, ':refunding': 'refunding' },
      };
  try {
    await send(() => new UpdateCommand(update));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Refunds waiting for an admin, newest first, a page at a time. */
export async function stuckRefunds(limit: number, startKey?: Record<string, unknown>): Promise<{ payments: PaymentRecord[]; next: Record<string, unknown> | null }> {
  const res = await dynamo().send(
    new QueryCommand({
      TableName: T(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :p',
      ExpressionAttributeValues: { ':p': STUCK },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { payments: (res.Items ?? []).map(fromItem), next: res.LastEvaluatedKey ?? null };
}

/** An admin's 'Try again': the stuck refund is watched again, due at once, its count of refusals reset. False when it is not stuck. */
export async function retryStuckRefund(orderId: string): Promise<boolean> {
  const at = new Date().toISOString();
  try {
    await send(
      () =>
        new UpdateCommand({
          TableName: T(),
          Key: key(orderId),
          UpdateExpression: 'SET refundAttempts = :zero, checkAt = :at, updatedAt = :at, GSI2PK = :w, GSI2SK = :sk REMOVE stuckAt',
          ConditionExpression: '#status = :refunding AND attribute_exists(stuckAt)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':zero': 0, ':at': at, ':w': watchShard(orderId), ':sk': `${at}#${orderId}`, ':refunding': 'refunding' },
        }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** A payer's payments created since `since` that are still waiting for approval (pending, nothing captured), oldest first. */
export async function openOrdersOf(payerId: string, since: string): Promise<Pick<PaymentRecord, 'orderId' | 'invoiceId' | 'proName' | 'trackTitle' | 'createdAt'>[]> {
  // Bounded by the per-user limits on new orders: at most a few dozen items in the window.
  const items = await queryAll({
    TableName: T(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :p AND GSI1SK > :since',
    FilterExpression: '#status = :pending AND attribute_not_exists(captureId)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':p': `PAYER#${payerId}`, ':since': `PAYMENT#${since}`, ':pending': 'pending' },
    ProjectionExpression: 'orderId, invoiceId, proName, trackTitle, createdAt',
  });
  return items as never;
}

/**
 * Payments whose check is due at `now`, oldest first, at most `limit` from each watch partition (read all at
 * once; the index may lag: each is read again).
 */
export async function duePayments(now: string, limit = 100): Promise<string[]> {
  const pages = await Promise.all(
    WATCH_PARTITIONS.map((partition) =>
      dynamo().send(
        new QueryCommand({
          TableName: T(),
          IndexName: 'GSI2',
          KeyConditionExpression: 'GSI2PK = :p AND GSI2SK < :bound',
          ExpressionAttributeValues: { ':p': partition, ':bound': `${now}~` },
          ProjectionExpression: 'orderId, checkAt',
          Limit: limit,
        }),
      ),
    ),
  );
  return pages
    .flatMap((res) => res.Items ?? [])
    .sort((a, b) => String(a.checkAt).localeCompare(String(b.checkAt)))
    .map((i) => i.orderId as string);
}

/** Claims an e-mail about a payment; true only the first time, so it goes out at most once. */
export async function claimPaymentEmail(orderId: string, event: string): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({ TableName: T(), Item: { PK: `PAYMENT#${orderId}`, SK: `EMAIL#${event}`, entity: 'email', sentAt: new Date().toISOString() }, ConditionExpression: 'attribute_not_exists(PK)' }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Gives the claim back when the e-mail could not be sent. */
export async function releasePaymentEmail(orderId: string, event: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: T(), Key: { PK: `PAYMENT#${orderId}`, SK: `EMAIL#${event}` } }));
}

/** Webhook events are kept this long after they were applied: far beyond any provider's redelivery window. */
const WEBHOOK_TTL_DAYS = 90;
const webhookKey = (provider: string, eventId: string) => ({ PK: `WEBHOOK#${provider}#${eventId}`, SK: 'EVENT' });

export async function webhookSeen(provider: string, eventId: string): Promise<boolean> {
  const res = await dynamo().send(new GetCommand({ TableName: T(), Key: webhookKey(provider, eventId), ConsistentRead: true, ProjectionExpression: 'PK' }));
  return Boolean(res.Item);
}

/** The record of an applied event, for the transaction that applies it (a redelivery may write it again). */
export function webhookPut(e: WebhookEvent, now = Date.now()) {
  return {
    Put: {
      TableName: T(),
      Item: { ...webhookKey(e.provider, e.eventId), entity: 'webhook', type: e.type, appliedAt: new Date(now).toISOString(), expiresAt: Math.floor(now / 1000) + WEBHOOK_TTL_DAYS * 86400 },
    },
  };
}

/** Records that an event was applied (after applying it, so a failure is retried by the provider's redelivery). */
export async function recordWebhook(provider: string, eventId: string, type: string): Promise<void> {
  await dynamo().send(new PutCommand(webhookPut({ provider, eventId, type }).Put));
}
